package trace

import (
	"bytes"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// This file holds the handlers Step calls for the rarer opcodes whose
// bookkeeping takes more than a few lines.

// sstoreOp records a storage write of frame f at pc: its slot and
// magnitude, what the taint oracles need, and the storage-write probe's
// cost.
func (t *Tracer) sstoreOp(f *frame, c *Code, pc uint64, depth int, s []uint256.Int) {
	key := s[len(s)-1]
	if t.nStored < maxStored {
		t.stored[t.nStored] = Slot{f.code, key}
		t.nStored++
	}
	// Mapping values and array elements live at hashed slots: one class
	// for all of them (Written), or every new key would be new state.
	t.writes[Written(Slot{f.code, key})] = magnitude(s[len(s)-2].BitLen())
	if f.callMark < t.nEvents || f.reenters >= 0 {
		t.sstore(f, depth-1, &s[len(s)-1], &s[len(s)-2])
	}
	f.wrote(&s[len(s)-1])
	if t.probeOn {
		origin := t.originAt(f)
		t.storeCost(int32(t.sbase[f.code])+c.store[pc], &s[len(s)-1], origin)
	}
}

// revertOp sets where frame f's failure started: in a callee whose revert
// data it bubbles up unchanged, else at its last user instruction.
func (t *Tracer) revertOp(f *frame, s []uint256.Int, scope *vm.ScopeContext) {
	off, size := s[len(s)-1], s[len(s)-2]
	mem := scope.MemoryData()
	data := []byte(nil)
	if off.IsUint64() && size.IsUint64() && off.Uint64()+size.Uint64() <= uint64(len(mem)) {
		data = mem[off.Uint64() : off.Uint64()+size.Uint64()]
	}
	if f.child.Valid && bytes.Equal(data, f.childRet) {
		// Solidity bubbles a failed call's revert data up unchanged:
		// the failure started in the callee.
		f.origin, f.invalid = f.child, f.childInv
	} else {
		f.origin = t.originAt(f)
	}
}
