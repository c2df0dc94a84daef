package chain

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/holiman/uint256"
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
	// dirty says the EVM may have changed what a probe observes since the
	// chain last looked (probememo.go): storage, a balance, a nonce, code,
	// an account made or destroyed. Reverted frames stay counted.
	dirty bool
}

// CreateAccount notes a write.
func (v *view) CreateAccount(addr common.Address) {
	v.dirty = true
	v.StateDB.CreateAccount(addr)
}

// CreateContract notes a write.
func (v *view) CreateContract(addr common.Address) {
	v.dirty = true
	v.StateDB.CreateContract(addr)
}

// SubBalance notes a write of a non-zero amount; moving nothing only
// touches the account, which no probe can tell (EIP-161 treats an empty
// account as absent).
func (v *view) SubBalance(addr common.Address, amount *uint256.Int, r tracing.BalanceChangeReason) uint256.Int {
	if !amount.IsZero() {
		v.dirty = true
	}
	return v.StateDB.SubBalance(addr, amount, r)
}

// AddBalance notes a write of a non-zero amount.
func (v *view) AddBalance(addr common.Address, amount *uint256.Int, r tracing.BalanceChangeReason) uint256.Int {
	if !amount.IsZero() {
		v.dirty = true
	}
	return v.StateDB.AddBalance(addr, amount, r)
}

// SetNonce notes a write.
func (v *view) SetNonce(addr common.Address, n uint64, r tracing.NonceChangeReason) {
	v.dirty = true
	v.StateDB.SetNonce(addr, n, r)
}

// SetCode notes a write.
func (v *view) SetCode(addr common.Address, code []byte, r tracing.CodeChangeReason) []byte {
	v.dirty = true
	return v.StateDB.SetCode(addr, code, r)
}

// SetState notes a write that changes the slot.
func (v *view) SetState(addr common.Address, key, value common.Hash) common.Hash {
	prev := v.StateDB.SetState(addr, key, value)
	if prev != value {
		v.dirty = true
	}
	return prev
}

// SelfDestruct notes the account's deletion, due when finalised.
func (v *view) SelfDestruct(addr common.Address) {
	v.final, v.dirty = true, true
	v.StateDB.SelfDestruct(addr)
}

// SetTransientState notes a transient write, which the next transaction
// must not see.
func (v *view) SetTransientState(addr common.Address, key, value common.Hash) {
	v.final = true
	v.StateDB.SetTransientState(addr, key, value)
}
