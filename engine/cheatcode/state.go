package cheatcode

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

// The cheatcodes that change state and block context directly. Each gets
// its arguments as accounts/abi decodes them: address as common.Address,
// uintN (N > 64) as *big.Int, bytesN as [N]byte.

func (c *Cheats) warp(a []any) ([]any, error) {
	t := a[0].(*big.Int)
	if !t.IsUint64() {
		return nil, fmt.Errorf("timestamp %v does not fit 64 bits", t)
	}
	c.ch.SetTime(t.Uint64())
	return nil, nil
}

func (c *Cheats) roll(a []any) ([]any, error) {
	n := a[0].(*big.Int)
	if !n.IsUint64() {
		return nil, fmt.Errorf("block number %v does not fit 64 bits", n)
	}
	c.ch.SetNumber(n.Uint64())
	return nil, nil
}

func (c *Cheats) deal(a []any) ([]any, error) {
	v, overflow := uint256.FromBig(a[1].(*big.Int))
	if overflow {
		return nil, errors.New("balance overflows 256 bits")
	}
	c.ch.State().SetBalance(a[0].(common.Address), v, tracing.BalanceChangeUnspecified)
	return nil, nil
}

func (c *Cheats) etch(a []any) ([]any, error) {
	addr := a[0].(common.Address)
	if addr == Address {
		return nil, errors.New("cannot overwrite the cheatcode address")
	}
	code := append([]byte(nil), a[1].([]byte)...)
	c.ch.State().SetCode(addr, code, tracing.CodeChangeUnspecified)
	c.etched = append(c.etched, addr)
	return nil, nil
}

func (c *Cheats) store(a []any) ([]any, error) {
	c.ch.State().SetState(a[0].(common.Address), a[1].([32]byte), a[2].([32]byte))
	return nil, nil
}

func (c *Cheats) load(a []any) ([]any, error) {
	v := c.ch.Load(a[0].(common.Address), a[1].([32]byte))
	return []any{[32]byte(v)}, nil
}

func (c *Cheats) label(a []any) ([]any, error) {
	c.labels[a[0].(common.Address)] = a[1].(string)
	return nil, nil
}

func (c *Cheats) getLabel(a []any) ([]any, error) {
	addr := a[0].(common.Address)
	if l, ok := c.labels[addr]; ok {
		return []any{l}, nil
	}
	return []any{"unlabeled:" + addr.Hex()}, nil
}

// addr derives the address of a private key, as forge does; a key of 0 or
// past the curve order is an error.
func (c *Cheats) addr(a []any) ([]any, error) {
	k := a[0].(*big.Int)
	key, err := crypto.ToECDSA(common.BigToHash(k).Bytes())
	if err != nil || k.Sign() == 0 {
		return nil, fmt.Errorf("invalid private key %v", k)
	}
	return []any{crypto.PubkeyToAddress(key.PublicKey)}, nil
}

func (c *Cheats) assume(a []any) ([]any, error) {
	if !a[0].(bool) {
		return nil, &revertError{data: AssumeMagic}
	}
	return nil, nil
}

func (c *Cheats) getNonce(a []any) ([]any, error) {
	return []any{c.ch.State().GetNonce(a[0].(common.Address))}, nil
}

func (c *Cheats) setNonce(a []any) ([]any, error) {
	addr, n := a[0].(common.Address), a[1].(uint64)
	if old := c.ch.State().GetNonce(addr); n < old {
		return nil, fmt.Errorf("new nonce %d is lower than the current %d", n, old)
	}
	c.ch.State().SetNonce(addr, n, tracing.NonceChangeUnspecified)
	return nil, nil
}

func (c *Cheats) coinbase(a []any) ([]any, error) {
	c.ch.EVM().Context.Coinbase = a[0].(common.Address)
	return nil, nil
}

func (c *Cheats) getCode(a []any) ([]any, error) { return c.code(a[0].(string), false) }

func (c *Cheats) getDeployedCode(a []any) ([]any, error) { return c.code(a[0].(string), true) }

func (c *Cheats) code(name string, deployed bool) ([]any, error) {
	if c.Code == nil {
		return nil, errors.New("no compiled artifacts available")
	}
	code, err := c.Code(name, deployed)
	if err != nil {
		return nil, err
	}
	return []any{code}, nil
}

// record starts recording storage reads and writes (forge-std's stdStorage
// finds a slot with it); it clears what was recorded before.
func (c *Cheats) record([]any) ([]any, error) {
	c.recording, c.armed = true, true
	c.reads = map[common.Address][]common.Hash{}
	c.writes = map[common.Address][]common.Hash{}
	return nil, nil
}

func (c *Cheats) stopRecord([]any) ([]any, error) {
	c.recording = false
	return nil, nil
}

func (c *Cheats) accesses(a []any) ([]any, error) {
	addr := a[0].(common.Address)
	return []any{hashes(c.reads[addr]), hashes(c.writes[addr])}, nil
}

func hashes(hs []common.Hash) [][32]byte {
	out := make([][32]byte, len(hs))
	for i, h := range hs {
		out[i] = h
	}
	return out
}
