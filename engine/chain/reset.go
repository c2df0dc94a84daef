package chain

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
)

// This file resets the chain between transaction sequences. Copying a
// go-ethereum state (StateDB.Copy) costs about 80 allocations and grows
// with the slots cached in it, so a reset does not copy: the chain borrows
// the snapshot's working state, takes a journal revision, and the next
// reset reverts to it. The first transaction after a reset runs on the
// borrowed state without being finalised (finalising clears the journal);
// only when something must follow it (a second transaction, a snapshot, a
// probe, a direct storage write) does the chain copy the state and
// finalise the copy, which it then owns, as before. Sequences of one
// transaction, which are most executions (mutants of an entry's last
// transaction run on its prefix's snapshot), copy nothing.

// refreshEvery bounds how many resets reuse a snapshot's working state:
// go-ethereum caches, unjournaled, every storage slot a transaction reads,
// so the working state grows with the slots read, and with it the cost of
// copying it. It is then copied afresh from the snapshot's own state.
const refreshEvery = 256

// A Snapshot is a saved state and block environment.
type Snapshot struct {
	s     *snapState
	block Block
}

type snapState struct {
	owner    *Chain         // the chain that may borrow work
	pristine *state.StateDB // never executed on; nil for a stored state
	work     *state.StateDB // borrowed by resets; nil until the first
	uses     int            // resets since work was copied
	prepared int            // precompiles warm in work's access list; -1: none
	fresh    int            // the chain's fresh when the snapshot was taken
	reads    bool           // pristine reads accounts from a committed trie
	memo     probeMemo      // probes run on its state (probememo.go)
}

// refresh is how many resets reuse the working state.
func (ss *snapState) refresh() int {
	if ss.reads {
		return refreshCommitted
	}
	return refreshEvery
}

// Snapshot returns the current state and block, to Reset to later.
func (c *Chain) Snapshot() Snapshot {
	if c.borrowed != nil && !c.ran && c.borrowed.pristine != nil {
		return Snapshot{s: c.borrowed, block: c.Block}
	}
	c.own()
	c.maybeCommit()
	ss := &snapState{owner: c, pristine: c.state.Copy(), prepared: -1, fresh: c.fresh, reads: c.committed}
	ss.memo.addStanding(c.memo, &c.acc) // copied: the chain's own memo reuses its buffers
	return Snapshot{s: ss, block: c.Block}
}

// Reset makes the chain continue from s, which is left untouched. It is
// exact: everything since s is gone, including transient storage and the
// access list.
func (c *Chain) Reset(s Snapshot) {
	c.release()
	c.Block = s.block
	ss := s.s
	c.fresh = ss.fresh
	if ss.owner != c {
		c.setState(ss.pristine.Copy())
		c.forget() // another chain's snapshot: its memo is that chain's
		return
	}
	if ss.work == nil || ss.uses >= ss.refresh() {
		ss.work, ss.uses, ss.prepared = ss.pristine.Copy(), 0, -1
	}
	if ss.prepared != len(c.precompiles) {
		// An access list as a transaction starts with, less its sender
		// and recipient, which warm adds (journaled) per transaction.
		// Prepare is not journaled: it runs outside any revision.
		ss.work.Prepare(c.rules, c.precompiles[0], c.evm.Context.Coinbase, nil, c.precompiles, nil)
		ss.prepared = len(c.precompiles)
	}
	ss.uses++
	c.borrowed, c.rev, c.ran = ss, ss.work.Snapshot(), false
	c.setState(ss.work)
	c.forget()
	c.memo = &ss.memo
}

// ResetFor is Reset for a sequence of txs transactions. The second
// transaction of a sequence on a borrowed state copies the working state
// (own), with the first one's journal and every slot reads cached in it,
// and reverts it; a sequence known to hold more than one starts instead
// on its own copy of the snapshot's state, which holds neither, and
// leaves nothing to revert. What the transactions observe is the same.
func (c *Chain) ResetFor(s Snapshot, txs int) {
	if txs <= 1 || s.s.pristine == nil {
		c.Reset(s)
		return
	}
	c.release()
	c.Block = s.block
	c.fresh = s.s.fresh
	c.setState(s.s.pristine.Copy())
	c.forget()
	if s.s.owner == c {
		c.memo = &s.s.memo
	}
}

// warm adds a transaction's sender and recipient to the access list of a
// borrowed state, as Prepare does, but journaled.
func (c *Chain) warm(from common.Address, to *common.Address) {
	if !c.rules.IsEIP2929 {
		return
	}
	c.state.AddAddressToAccessList(from)
	if to != nil {
		c.state.AddAddressToAccessList(*to)
	}
}

// own makes the chain own its state: a borrowed state is copied with what
// ran on it, finalised, and reverted for the next reset.
func (c *Chain) own() {
	if c.borrowed == nil {
		return
	}
	st := c.borrowed.pristine
	if c.ran || st == nil {
		st = c.borrowed.work
	}
	// With nothing run since the reset, the snapshot's own state is the
	// same state, without the slots that reads cached in the working one.
	st = st.Copy()
	c.release()
	st.Finalise(c.rules)
	c.setState(st) // copying and finalising keep the content: the memo stands
}

// release reverts a borrowed state to its snapshot.
func (c *Chain) release() {
	if c.borrowed == nil {
		return
	}
	c.borrowed.work.RevertToSnapshot(c.rev)
	c.borrowed, c.ran = nil, false
}

// setState makes st the chain's state; its memo and the writes noted
// since are the caller's to set.
func (c *Chain) setState(st *state.StateDB) {
	c.state = st
	c.view = view{StateDB: st, acc: &c.acc}
	c.evm.StateDB = &c.view
}
