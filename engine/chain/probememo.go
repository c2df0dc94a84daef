package chain

import (
	"bytes"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// This file remembers probes. The fuzzer calls every invariant (and the
// token oracle every watched balanceOf) after every transaction, and most
// transactions change nothing: they revert, or pass a guard and return.
// A probe is a function of the state, the block, the coinbase and its own
// call, so on a state no write has reached since the same probe ran, its
// result is the one it had. The chain keeps, with each state whose
// content it knows, the probes run on it: a snapshot's (shared by every
// reset to it), or its own since the last write.
//
// What counts as a write: any state change the EVM makes through the view
// (storage to a new value, balance by a non-zero amount, nonce, code, an
// account created or destroyed) unless the transaction failed, which
// reverts all of it; anything done through State(), which hands out the
// state for writing; and the chain's own writes (SetStorage, Install, a
// fork). A probe that called an installed precompile (the cheatcodes,
// which keep state of their own) or timed out is not remembered.

// maxMemo bounds the probes remembered per state: a campaign probes its
// invariants and its watched balances, a few dozen at most.
const maxMemo = 32

// probeMemo is the probes run on one state's content.
type probeMemo struct {
	entries []memoEntry
}

// memoEntry is one probe and its result.
type memoEntry struct {
	from, to common.Address
	input    []byte
	block    Block
	coinbase common.Address
	epoch    uint64
	res      Result
}

func (m *probeMemo) reset() { m.entries = m.entries[:0] }

// find returns the result remembered for the probe, if any.
func (m *probeMemo) find(from, to common.Address, input []byte, b Block, coinbase common.Address, epoch uint64) (Result, bool) {
	for i := range m.entries {
		e := &m.entries[i]
		if e.to == to && e.from == from && e.block == b && e.coinbase == coinbase && e.epoch == epoch && bytes.Equal(e.input, input) {
			return e.res, true
		}
	}
	return Result{}, false
}

// add remembers a probe, copying its input and return data into the
// buffers of an entry reset dropped, so that a memo refilled for every
// sequence allocates nothing once grown.
func (m *probeMemo) add(from, to common.Address, input []byte, b Block, coinbase common.Address, epoch uint64, r Result) {
	n := len(m.entries)
	if n >= maxMemo {
		return
	}
	if n == cap(m.entries) {
		m.entries = append(m.entries, memoEntry{})
	} else {
		m.entries = m.entries[:n+1]
	}
	e := &m.entries[n]
	in, ret := append(e.input[:0], input...), append(e.res.Ret[:0], r.Ret...)
	r.Ret = ret
	*e = memoEntry{from: from, to: to, input: in, block: b, coinbase: coinbase, epoch: epoch, res: r}
}

// known returns the memo of the current state's content, or nil when a
// write since it was set makes it unknown.
func (c *Chain) known() *probeMemo {
	if c.view.dirty {
		c.view.dirty = false
		c.memo = nil
	}
	return c.memo
}

// forget makes the current state's content unknown: the chain wrote it.
func (c *Chain) forget() {
	c.view.dirty = false
	c.memo = nil
}

// watched is an installed precompile that notes being called: its
// result may depend on state the chain does not see.
type watched struct {
	vm.PrecompiledContract
	called *bool
}

func (w watched) Run(input []byte) ([]byte, error) {
	*w.called = true
	return w.PrecompiledContract.Run(input)
}
