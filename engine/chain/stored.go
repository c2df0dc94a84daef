package chain

import "github.com/ethereum/go-ethereum/common"

// This file serves HARVEY's aggressive mode, which runs one transaction on
// a snapshot with one storage slot overwritten, a few values in a row. The
// exact way (Reset, SetStorage, Call) copies the snapshot's state for every
// value, since the write must be finalised as an earlier transaction's
// would be. Instead the chain keeps one finalised copy per snapshot and
// slot (a stored state): a new value is written and finalised on it, and
// the transaction runs on it as on a borrowed state, journaled from there,
// so that the next value starts by reverting it.

// stored is the chain's stored state: snap's state with slot of addr
// overwritten, as a snapState whose work the chain borrows.
type stored struct {
	snap *snapState
	addr common.Address
	slot common.Hash
	ss   *snapState
}

// ResetWithStorage makes the chain continue from s with slot of addr set
// to value, finalised as if an earlier transaction had written it (EIP-2200
// original values): the same state as Reset(s) and SetStorage(addr, slot,
// value), without copying s's state again while s, addr and slot stay the
// same.
func (c *Chain) ResetWithStorage(s Snapshot, addr common.Address, slot, value common.Hash) {
	c.release()
	c.Block = s.block
	c.fresh = s.s.fresh
	st := &c.stored
	if st.ss == nil || st.snap != s.s || st.addr != addr || st.slot != slot || st.ss.uses >= s.s.refresh() {
		// Snapshot never returns a stored state: s has a pristine one.
		work := s.s.pristine.Copy()
		// An access list as a transaction starts with, less its sender
		// and recipient, which warm adds (journaled) per transaction.
		work.Prepare(c.rules, c.precompiles[0], c.evm.Context.Coinbase, nil, c.precompiles, nil)
		*st = stored{snap: s.s, addr: addr, slot: slot, ss: &snapState{owner: c, work: work, prepared: len(c.precompiles)}}
	}
	st.ss.uses++
	work := st.ss.work
	kind := slotWriteKind(work, addr)
	work.SetState(addr, slot, value)
	// Finalising clears the journal, which holds nothing else: the last
	// transaction on the stored state was reverted by release.
	work.Finalise(c.rules)
	c.borrowed, c.rev, c.ran = st.ss, work.Snapshot(), false
	c.setState(work)
	c.forget()
	if s.s.owner == c {
		// The content is s's but for one slot: s's probes stand unless
		// they read it. Forgetting them ran every invariant again after
		// each value aggressive mode tried.
		c.memo = &s.s.memo
		c.acc.write(addr, slot, kind)
	}
}

// slotWriteKind is what writing a slot of addr on st and finalising
// changes: the slot, and for an empty account (which finalising may
// delete, EIP-158) the account as a whole.
func slotWriteKind(st interface {
	Exist(common.Address) bool
	Empty(common.Address) bool
}, addr common.Address) uint8 {
	if !st.Exist(addr) || st.Empty(addr) {
		return kAll | kSlot
	}
	return kSlot
}
