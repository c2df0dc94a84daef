package fork

import (
	"context"
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// Header is what a forked chain takes from the fork block: the chain id
// (CHAINID), the block's number, timestamp, base fee, coinbase and gas
// limit.
type Header struct {
	ChainID  uint64         `json:"chainId"`
	Number   uint64         `json:"number"`
	Time     uint64         `json:"time"`
	BaseFee  *big.Int       `json:"baseFee,omitempty"`
	Coinbase common.Address `json:"coinbase"`
	GasLimit uint64         `json:"gasLimit"`
	Hash     common.Hash    `json:"hash"`
}

// header is a block as eth_getBlockByNumber returns it (the fields read).
type header struct {
	Number   json.RawMessage `json:"number"`
	Time     json.RawMessage `json:"timestamp"`
	BaseFee  json.RawMessage `json:"baseFeePerGas"`
	Miner    common.Address  `json:"miner"`
	GasLimit json.RawMessage `json:"gasLimit"`
	Hash     common.Hash     `json:"hash"`
}

// blockTag is the block parameter of the state calls.
func blockTag(n uint64) string { return hexutil.EncodeUint64(n) }

// fetchHeader asks for the chain id and the block (0: the latest) in one
// request.
func fetchHeader(ctx context.Context, c *client, block uint64) (Header, error) {
	tag := "latest"
	if block > 0 {
		tag = blockTag(block)
	}
	res, err := c.batch(ctx, []Call{{Method: "eth_chainId"}, {Method: "eth_getBlockByNumber", Params: []any{tag, false}}})
	if err != nil {
		return Header{}, err
	}
	bad := func(what string, err error) error {
		return &Error{Kind: ErrBadReply, URL: c.shown, Method: "eth_getBlockByNumber", Detail: fmt.Sprintf("%s: %v", what, err)}
	}
	id, err := quantity64(res[0])
	if err != nil {
		return Header{}, bad("chain id", err)
	}
	if string(res[1]) == "null" {
		return Header{}, &Error{Kind: ErrNoBlock, URL: c.shown, Method: "eth_getBlockByNumber", Detail: fmt.Sprintf("the node has no block %d (is --fork-block past its head?)", block)}
	}
	var h header
	if err := json.Unmarshal(res[1], &h); err != nil {
		return Header{}, bad("block", err)
	}
	out := Header{ChainID: id, Coinbase: h.Miner, Hash: h.Hash}
	if out.Number, err = quantity64(h.Number); err != nil {
		return Header{}, bad("number", err)
	}
	if out.Time, err = quantity64(h.Time); err != nil {
		return Header{}, bad("timestamp", err)
	}
	if out.GasLimit, err = quantity64(h.GasLimit); err != nil {
		return Header{}, bad("gasLimit", err)
	}
	if len(h.BaseFee) > 0 && string(h.BaseFee) != "null" {
		v, err := quantity(h.BaseFee)
		if err != nil {
			return Header{}, bad("baseFeePerGas", err)
		}
		out.BaseFee = v.ToBig()
	}
	return out, nil
}
