package chain

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// TestPrepareForgetsWarmth runs transactions in a row on a state the chain
// owns, where go-ethereum's Prepare (with the patch's rebase: it deletes
// only what the last transaction added and keeps the precompiles) starts
// each: accounts and slots one transaction warmed are cold again in the
// next, the precompiles stay warm, and a slot added to a precompile's entry
// is gone.
func TestPrepareForgetsWarmth(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// BALANCE(calldata word 0); SLOAD(calldata word 1).
	rt := asm(vm.PUSH1, 0, vm.CALLDATALOAD, vm.BALANCE, vm.POP,
		vm.PUSH1, 32, vm.CALLDATALOAD, vm.SLOAD, vm.POP, vm.STOP)
	addr := deploy(t, c, initCode(0, rt))
	call := func(who common.Address, slot byte) uint64 {
		t.Helper()
		in := make([]byte, 64)
		copy(in[12:32], who[:])
		in[63] = slot
		r := c.Call(Tx{From: c.Senders()[0], To: addr, Input: in})
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		return r.GasUsed
	}
	other := c.Senders()[1]
	precompile := common.BytesToAddress([]byte{1})
	cold := call(other, 5)
	if warm := call(c.Senders()[0], 5); warm >= cold {
		t.Fatalf("BALANCE of the sender (warm) costs %d, of another account (cold) %d", warm, cold)
	}
	if pre := call(precompile, 5); pre >= cold {
		t.Fatalf("BALANCE of a precompile costs %d, as much as a cold account's %d", pre, cold)
	}
	for i := 0; i < 3; i++ {
		if got := call(other, 5); got != cold {
			t.Fatalf("run %d: a transaction after others warmed the same account and slot costs %d, want %d", i, got, cold)
		}
	}
	// A slot given to a precompile's entry (only the state's own API can)
	// is forgotten by the next Prepare; the precompile stays warm.
	c.State().AddSlotToAccessList(precompile, common.Hash{31: 9})
	c.State().AddAddressToAccessList(other)
	call(c.Senders()[0], 5)
	st := c.State()
	if ok, slot := st.SlotInAccessList(precompile, common.Hash{31: 9}); !ok || slot {
		t.Errorf("precompile in the access list %v, its slot %v; want true, false", ok, slot)
	}
	if st.AddressInAccessList(other) {
		t.Errorf("an account warmed before the last transaction is still warm")
	}
	if !st.AddressInAccessList(addr) {
		t.Errorf("the last transaction's recipient is not warm")
	}
}
