package chain

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
)

// view is the state as the EVM sees it: the chain's state, noting the
// writes that only finalising makes right for the next transaction. A
// probe after the one transaction run on a borrowed state (the fuzzer's
// mutant of a sequence's last transaction, then its invariants) runs on
// that state under a journal revision unless one happened, instead of
// copying the state to finalise it (Probe).
type view struct {
	*state.StateDB
	// final says a self-destruct (deleted only when finalised) or a
	// transient write (emptied only by the next transaction's Prepare)
	// happened since the state was set.
	final bool
}

// SelfDestruct notes the account's deletion, due when finalised.
func (v *view) SelfDestruct(addr common.Address) {
	v.final = true
	v.StateDB.SelfDestruct(addr)
}

// SetTransientState notes a transient write, which the next transaction
// must not see.
func (v *view) SetTransientState(addr common.Address, key, value common.Hash) {
	v.final = true
	v.StateDB.SetTransientState(addr, key, value)
}
