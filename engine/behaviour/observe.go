package behaviour

import (
	"bytes"
	"errors"
	"slices"
	"strconv"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/holiman/uint256"
)

// This file runs a sequence on one side and records what a caller can
// observe of it.

// txObs is what one transaction showed a caller.
type txObs struct {
	status string // "ok", "revert", or the failure ("out of gas", ...)
	ret    []byte // return or revert data
	events []event
	ether  []move // balances moved, by account name, sorted
	gas    uint64 // never compared (gas.go)
}

// event is an emitted log, its emitter by contract name: the contracts
// of the two builds may live at other addresses.
type event struct {
	emitter string
	topics  []common.Hash
	data    []byte
}

// move is an account's ether balance change over a transaction.
type move struct {
	account string
	delta   string // signed decimal
}

// readObs is a getter's answer after the sequence.
type readObs struct {
	contract, getter string // getter: the signature, or "balanceOf(<account>)"
	status           string
	ret              []byte
}

// seqObs is a whole sequence's observations.
type seqObs struct {
	txs   []txObs
	reads []readObs
}

// account is an address a comparison watches, named the same on both
// sides.
type account struct {
	name string
	addr common.Address
}

// accounts are the senders and the deployed targets.
func (s *side) accounts(senders []common.Address, pairs []*pair) []account {
	var out []account
	for i, a := range senders {
		out = append(out, account{senderName(i, a), a})
	}
	for _, p := range pairs {
		if a := s.addr(p.name); a != (common.Address{}) {
			out = append(out, account{p.name, a})
		}
	}
	return out
}

// run executes seq from the deployment and observes it.
func (s *side) run(seq Sequence, accts []account, pairs []*pair) seqObs {
	s.ch.ResetFor(s.snap, len(seq))
	var obs seqObs
	before := make([]uint256.Int, len(accts))
	for _, c := range seq {
		to := s.addr(c.Contract)
		if to == (common.Address{}) {
			// Not deployed on this side: a call to the zero address
			// would be a creation.
			obs.txs = append(obs.txs, txObs{status: "not deployed"})
			continue
		}
		s.ch.Advance(c.Blocks, c.Seconds)
		for i, a := range accts {
			before[i] = *s.ch.State().GetBalance(a.addr)
		}
		// The state's logs, in order, lose a reverted frame's with it.
		logged := len(s.ch.State().Logs())
		v := c.Value
		r := s.ch.Call(chain.Tx{From: c.Sender, To: to, Input: c.Input, Value: &v})
		o := txObs{status: status(r.Err), ret: bytes.Clone(r.Ret), gas: r.GasUsed}
		for _, l := range s.ch.State().Logs()[logged:] {
			o.events = append(o.events, event{emitter: s.nameOf(l.Address, pairs), topics: slices.Clone(l.Topics), data: bytes.Clone(l.Data)})
		}
		for i, a := range accts {
			after := s.ch.State().GetBalance(a.addr)
			if !after.Eq(&before[i]) {
				o.ether = append(o.ether, move{a.name, delta(&before[i], after)})
			}
		}
		obs.txs = append(obs.txs, o)
	}
	obs.reads = s.reads(accts, pairs)
	return obs
}

// reads calls, after the sequence, every shared getter and the token
// balance of every watched account.
func (s *side) reads(accts []account, pairs []*pair) []readObs {
	var out []readObs
	from := accts[0].addr
	for _, p := range pairs {
		to := s.addr(p.name)
		if to == (common.Address{}) {
			continue
		}
		for _, g := range p.getters {
			r := s.ch.Probe(from, to, g.Selector[:])
			out = append(out, readObs{p.name, g.Sig, status(r.Err), bytes.Clone(r.Ret)})
		}
		if p.balanceOf == nil {
			continue
		}
		for _, a := range accts {
			in := append(append([]byte(nil), p.balanceOf.Selector[:]...), common.LeftPadBytes(a.addr[:], 32)...)
			r := s.ch.Probe(from, to, in)
			out = append(out, readObs{p.name, "balanceOf(" + a.name + ")", status(r.Err), bytes.Clone(r.Ret)})
		}
	}
	return out
}

// nameOf names an emitter: a target by contract name, else its address.
func (s *side) nameOf(a common.Address, pairs []*pair) string {
	for _, p := range pairs {
		if s.addr(p.name) == a {
			return p.name
		}
	}
	return a.Hex()
}

func status(err error) string {
	switch {
	case err == nil:
		return "ok"
	case errors.Is(err, vm.ErrExecutionReverted):
		return "revert"
	default:
		return err.Error()
	}
}

// delta is after - before, signed, in wei.
func delta(before, after *uint256.Int) string {
	if after.Lt(before) {
		return "-" + new(uint256.Int).Sub(before, after).Dec()
	}
	return "+" + new(uint256.Int).Sub(after, before).Dec()
}

// senderName names the i-th sender as the messages do.
func senderName(i int, a common.Address) string {
	if a == chain.Deployer {
		return "deployer"
	}
	return "sender " + strconv.Itoa(i+1)
}
