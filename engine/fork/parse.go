package fork

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// This file parses what a node answers. Nothing here trusts the node: a
// reply of the wrong shape, size or count is ErrBadReply, never a panic
// (FuzzParseReplies).

// rpcError is a JSON-RPC error object.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

type reply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *rpcError       `json:"error"`
}

// parseReplies returns the results of a batch of n calls with ids 0..n-1,
// in call order, or the first error object. A node may answer a batch with
// one error object for all (a rate limit, a refused batch).
func parseReplies(body []byte, n int) ([]json.RawMessage, *rpcError, error) {
	body = bytes.TrimSpace(body)
	var rs []reply
	if len(body) > 0 && body[0] == '{' {
		var r reply
		if err := json.Unmarshal(body, &r); err != nil {
			return nil, nil, fmt.Errorf("%w: %v", ErrBadReply, err)
		}
		if r.Error != nil {
			return nil, r.Error, nil
		}
		rs = []reply{r}
	} else if err := json.Unmarshal(body, &rs); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrBadReply, err)
	}
	if len(rs) != n {
		return nil, nil, fmt.Errorf("%w: %d answers to %d calls", ErrBadReply, len(rs), n)
	}
	out := make([]json.RawMessage, n)
	for _, r := range rs {
		if r.Error != nil {
			return nil, r.Error, nil
		}
		id, err := strconv.Atoi(string(r.ID))
		if err != nil || id < 0 || id >= n || out[id] != nil {
			return nil, nil, fmt.Errorf("%w: unexpected id %.20q", ErrBadReply, r.ID)
		}
		if len(r.Result) == 0 {
			return nil, nil, fmt.Errorf("%w: answer %d has no result", ErrBadReply, id)
		}
		out[id] = r.Result
	}
	return out, nil, nil
}

var errNotHex = errors.New("not a 0x-prefixed hex string")

// hexString unquotes a JSON string holding 0x-prefixed hex.
func hexString(raw json.RawMessage) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", err
	}
	if !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		return "", errNotHex
	}
	return s[2:], nil
}

// quantity decodes a JSON-RPC quantity of at most 256 bits.
func quantity(raw json.RawMessage) (*uint256.Int, error) {
	s, err := hexString(raw)
	if err != nil {
		return nil, err
	}
	if s == "" || len(s) > 64 {
		return nil, fmt.Errorf("quantity of %d hex digits", len(s))
	}
	b, ok := new(big.Int).SetString(s, 16)
	if !ok {
		return nil, errNotHex
	}
	v, overflow := uint256.FromBig(b)
	if overflow {
		return nil, errors.New("quantity over 256 bits")
	}
	return v, nil
}

// quantity64 decodes a quantity that must fit 64 bits.
func quantity64(raw json.RawMessage) (uint64, error) {
	v, err := quantity(raw)
	if err != nil {
		return 0, err
	}
	if !v.IsUint64() {
		return 0, errors.New("quantity over 64 bits")
	}
	return v.Uint64(), nil
}

// maxCode bounds the code a node may return for one account (EIP-7907
// would allow 48 KiB; well past any real chain).
const maxCode = 1 << 20

// data decodes JSON-RPC data (code).
func data(raw json.RawMessage) ([]byte, error) {
	s, err := hexString(raw)
	if err != nil {
		return nil, err
	}
	if len(s) > 2*maxCode || len(s)%2 != 0 {
		return nil, fmt.Errorf("data of %d hex digits", len(s))
	}
	return common.FromHex(s), nil
}

// word decodes a storage word: 32 bytes, or fewer (some nodes strip
// leading zeros), right-aligned.
func word(raw json.RawMessage) (common.Hash, error) {
	s, err := hexString(raw)
	if err != nil {
		return common.Hash{}, err
	}
	if len(s) > 64 {
		return common.Hash{}, fmt.Errorf("storage word of %d hex digits", len(s))
	}
	if len(s)%2 == 1 {
		s = "0" + s
	}
	for _, c := range s {
		if !isHex(c) {
			return common.Hash{}, errNotHex
		}
	}
	return common.BytesToHash(common.FromHex(s)), nil
}

func isHex(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
