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
	// acc notes the writes a probe's memory must hear of and, while a
	// probe runs, what it reads (probememo.go).
	acc *accesses
}

var noSlot common.Hash

// CreateAccount notes a write of everything the account holds.
func (v *view) CreateAccount(addr common.Address) {
	v.acc.write(addr, noSlot, kAll)
	v.StateDB.CreateAccount(addr)
}

// CreateContract notes a write of everything the account holds.
func (v *view) CreateContract(addr common.Address) {
	v.acc.write(addr, noSlot, kAll)
	v.StateDB.CreateContract(addr)
}

// SubBalance notes a write of a non-zero amount; moving nothing only
// touches the account, which no probe can tell (EIP-161 treats an empty
// account as absent).
func (v *view) SubBalance(addr common.Address, amount *uint256.Int, r tracing.BalanceChangeReason) uint256.Int {
	if !amount.IsZero() {
		v.acc.write(addr, noSlot, kBalance)
	}
	return v.StateDB.SubBalance(addr, amount, r)
}

// AddBalance notes a write of a non-zero amount.
func (v *view) AddBalance(addr common.Address, amount *uint256.Int, r tracing.BalanceChangeReason) uint256.Int {
	if !amount.IsZero() {
		v.acc.write(addr, noSlot, kBalance)
	}
	return v.StateDB.AddBalance(addr, amount, r)
}

// SetNonce notes a write.
func (v *view) SetNonce(addr common.Address, n uint64, r tracing.NonceChangeReason) {
	v.acc.write(addr, noSlot, kNonce)
	v.StateDB.SetNonce(addr, n, r)
}

// SetCode notes a write.
func (v *view) SetCode(addr common.Address, code []byte, r tracing.CodeChangeReason) []byte {
	v.acc.write(addr, noSlot, kCode)
	return v.StateDB.SetCode(addr, code, r)
}

// SetState notes a write that changes the slot.
func (v *view) SetState(addr common.Address, key, value common.Hash) common.Hash {
	prev := v.StateDB.SetState(addr, key, value)
	if prev != value {
		v.acc.write(addr, key, kSlot)
	}
	return prev
}

// GetBalance notes a probe's read.
func (v *view) GetBalance(addr common.Address) *uint256.Int {
	v.acc.read(addr, noSlot, kBalance)
	return v.StateDB.GetBalance(addr)
}

// GetNonce notes a probe's read.
func (v *view) GetNonce(addr common.Address) uint64 {
	v.acc.read(addr, noSlot, kNonce)
	return v.StateDB.GetNonce(addr)
}

// GetCode notes a probe's read.
func (v *view) GetCode(addr common.Address) []byte {
	v.acc.read(addr, noSlot, kCode)
	return v.StateDB.GetCode(addr)
}

// GetCodeHash notes a probe's read.
func (v *view) GetCodeHash(addr common.Address) common.Hash {
	v.acc.read(addr, noSlot, kCode)
	return v.StateDB.GetCodeHash(addr)
}

// GetCodeSize notes a probe's read.
func (v *view) GetCodeSize(addr common.Address) int {
	v.acc.read(addr, noSlot, kCode)
	return v.StateDB.GetCodeSize(addr)
}

// GetState notes a probe's read.
func (v *view) GetState(addr common.Address, key common.Hash) common.Hash {
	v.acc.read(addr, key, kSlot)
	return v.StateDB.GetState(addr, key)
}

// GetStateAndCommittedState notes a probe's read.
func (v *view) GetStateAndCommittedState(addr common.Address, key common.Hash) (common.Hash, common.Hash) {
	v.acc.read(addr, key, kSlot)
	return v.StateDB.GetStateAndCommittedState(addr, key)
}

// Exist notes a probe's read of the account's existence.
func (v *view) Exist(addr common.Address) bool {
	v.acc.read(addr, noSlot, kAccount)
	return v.StateDB.Exist(addr)
}

// Empty notes a probe's read of the account's emptiness.
func (v *view) Empty(addr common.Address) bool {
	v.acc.read(addr, noSlot, kAccount)
	return v.StateDB.Empty(addr)
}

// HasSelfDestructed notes a probe's read.
func (v *view) HasSelfDestructed(addr common.Address) bool {
	v.acc.read(addr, noSlot, kAccount)
	return v.StateDB.HasSelfDestructed(addr)
}

// SelfDestruct notes the account's deletion, due when finalised.
func (v *view) SelfDestruct(addr common.Address) {
	v.final = true
	v.acc.write(addr, noSlot, kAll)
	v.StateDB.SelfDestruct(addr)
}

// SetTransientState notes a transient write, which the next transaction
// must not see.
func (v *view) SetTransientState(addr common.Address, key, value common.Hash) {
	v.final = true
	v.StateDB.SetTransientState(addr, key, value)
}

// Load reads a storage slot as the EVM does (a read a probe's memory
// notes, probememo.go), unlike State(), which counts as a write of
// everything: vm.load, which ds-test's failed() calls in every invariant
// check, leaves the probe remembered.
func (c *Chain) Load(addr common.Address, key common.Hash) common.Hash {
	return c.view.GetState(addr, key)
}
