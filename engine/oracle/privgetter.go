package oracle

import (
	"context"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file adds the words an access check reads in another contract,
// through that contract's getter: Aave's configurator checks
// require(addressesProvider.getPoolAdmin() == msg.sender), and the pool
// admin is an entry of the provider's address mapping, zero at
// deployment, that no check of the provider itself compares with
// CALLER. A getter is such a word's when it takes no arguments, returns
// an address, another deployed contract whose code reads CALLER holds
// its selector (a call site), and the address it returns follows one
// storage word it read: set to a marker, the getter returns the marker.
// The word is watched as an owner word (privilege.go), judged by the same
// probes, the reading contracts' functions first.

const (
	// maxGetterWords bounds the words added through getters.
	maxGetterWords = 32
	// maxGetterSlots bounds the slots of one getter tried.
	maxGetterSlots = 8
)

// noteGetterWords adds the words of the deployed contracts' address
// getters that other contracts' access checks call. The chain is left at
// the state it was found in.
func (m *Machine) noteGetterWords(ctx context.Context) error {
	marker := -1
	for s := range m.Principals {
		if !m.isPrivileged(s) && !m.isAttacker(s) {
			marker = s
			break
		}
	}
	if marker < 0 {
		return nil
	}
	calls := make([]map[[4]byte]bool, len(m.Dep.Addrs))
	for i, a := range m.Dep.Addrs {
		if a != (common.Address{}) && i < len(m.Prog.Contracts) {
			calls[i] = deploy.CallerSelectors(m.Prog.Contracts[i].Artifact.Runtime.Bytes)
		}
	}
	type place struct {
		contract int
		slot     common.Hash
	}
	watched := map[place]bool{}
	for _, w := range m.privWords {
		watched[place{w.contract, w.slot}] = true
	}
	start := m.Chain.Snapshot()
	defer m.Chain.Reset(start)
	defer m.EndRerun()
	added := 0
	for d, a := range m.Dep.Addrs {
		if err := deploy.SetupStep(ctx, "owners", d); err != nil {
			return err
		}
		if a == (common.Address{}) || d >= len(m.Prog.Contracts) {
			continue
		}
		c := m.Prog.Contracts[d]
		for mi := range c.Methods {
			g := &c.Methods[mi]
			if !g.IsConstant() || len(g.Inputs) != 0 || !returnsAddress(&g.Method) {
				continue
			}
			readers := readersOf(calls, d, g.Selector)
			if len(readers) == 0 {
				continue
			}
			for _, slot := range m.getterSlots(d, mi, marker, start) {
				if added == maxGetterWords {
					return nil
				}
				if watched[place{d, slot}] {
					continue
				}
				watched[place{d, slot}] = true
				added++
				held := m.Chain.Reader().GetState(a, slot)
				m.privWords = append(m.privWords, privWord{kind: ownerWord, contract: d, slot: slot, held: held, readers: readers})
			}
		}
	}
	return nil
}

// getterSlots returns the slots of contract d that getter method mi
// returns as an address: each slot it read, set to principal marker's
// address, makes it return that address. The chain is reset to start
// before each run.
func (m *Machine) getterSlots(d, mi, marker int, start chain.Snapshot) []common.Hash {
	tx := txseq.Tx{Contract: d, Method: mi, Sender: marker}
	m.Chain.Reset(start)
	r := m.Rerun(&tx, getterGas)
	if r.Err != nil || len(r.Ret) < 32 {
		return nil
	}
	var slots []common.Hash
	for _, l := range m.Tracer.Loads() {
		s := common.Hash(l.Key.Bytes32())
		if int(l.Code) == d && len(slots) < maxGetterSlots && !containsHash(slots, s) {
			slots = append(slots, s)
		}
	}
	addr := m.Dep.Addrs[d]
	var out []common.Hash
	want := m.Principals[marker]
	for _, s := range slots {
		m.Chain.Reset(start)
		m.Chain.SetStorage(addr, s, common.BytesToHash(want[:]))
		r := m.Rerun(&tx, getterGas)
		if r.Err == nil && len(r.Ret) >= 32 && common.BytesToAddress(r.Ret[12:32]) == want {
			out = append(out, s)
		}
	}
	m.Chain.Reset(start)
	return out
}

// getterGas bounds a getter's run: a getter reads a word or two.
const getterGas = 1_000_000

// returnsAddress reports whether m returns one address.
func returnsAddress(m *abi.Method) bool {
	return len(m.Outputs) == 1 && m.Outputs[0].Type.T == abi.AddressTy
}

// containsHash reports whether hs holds h.
func containsHash(hs []common.Hash, h common.Hash) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}

// readersOf returns the contracts other than d whose code reads CALLER
// and pushes selector sel: where another contract may compare what the
// getter returns with its caller.
func readersOf(calls []map[[4]byte]bool, d int, sel [4]byte) []int {
	var out []int
	for i, set := range calls {
		if i != d && set[sel] {
			out = append(out, i)
		}
	}
	return out
}

// claimsOwn reports whether transaction c of seq, which wrote getter word
// w that named no account at deployment, stores its own sender there
// whoever sends it: sent by another stranger from the same state, the
// word names that stranger. A first-come registration or a poke (the
// last caller) is then what it wrote, not a grant one sender can make to
// any account. The chain is left in any state.
func (o *privilege) claimsOwn(seq txseq.Sequence, keep []int, c int, w *privWord) bool {
	other := -1
	for s := range o.Principals {
		if s != seq[c].Sender && !o.isPrivileged(s) && !o.isAttacker(s) {
			other = s
			break
		}
	}
	if other < 0 {
		return false
	}
	o.runBefore(seq, keep, c)
	alt := seq[c]
	alt.Sender = other
	if r := o.Rerun(&alt, 0); r.Err != nil {
		return false
	}
	return w.address(o.Chain.Reader().GetState(o.Dep.Addrs[w.contract], w.slot)) == o.Principals[other]
}
