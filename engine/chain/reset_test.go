package chain

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// TestBorrowedResetIsExact runs a transaction on a reset chain, where it
// borrows the snapshot's state, and as the second transaction of a
// sequence, where the chain owns a finalised copy: the two must agree on gas
// (access list warmth, EIP-2200 original values), transient storage and
// storage, whatever ran on the borrowed state before.
func TestBorrowedResetIsExact(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// t = TLOAD(0)+1; TSTORE(0, t); SSTORE(2, t); BALANCE(sender 1);
	// BALANCE(CALLER); SSTORE(0, SLOAD(0)+1).
	rt := asm(vm.PUSH1, 0, vm.TLOAD, vm.PUSH1, 1, vm.ADD, vm.DUP1, vm.PUSH1, 0, vm.TSTORE,
		vm.PUSH1, 2, vm.SSTORE,
		vm.PUSH3, 2, 0, 0, vm.BALANCE, vm.POP,
		vm.CALLER, vm.BALANCE, vm.POP,
		vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP)
	addr := deploy(t, c, initCode(0, rt))
	if c.Senders()[1] != common.BytesToAddress([]byte{2, 0, 0}) {
		t.Fatalf("sender 1 is %x", c.Senders()[1])
	}
	base := c.Snapshot()
	first := Tx{From: c.Senders()[0], To: addr}
	type result struct {
		gas        uint64
		slot0, tst common.Hash
	}
	read := func(r Result) result {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		return result{r.GasUsed, c.State().GetState(addr, common.Hash{}), c.State().GetState(addr, common.Hash{31: 2})}
	}
	// The reference: the second transaction of a sequence.
	want := map[int]result{}
	for _, s := range []int{0, 1, 2} {
		c.Reset(base)
		c.Call(first)
		want[s] = read(c.Call(Tx{From: c.Senders()[s], To: addr}))
	}
	if want[0].gas == want[1].gas {
		t.Fatalf("sender 1's warm BALANCE costs the same as a cold one: %d", want[0].gas)
	}
	c.Reset(base)
	c.Call(first)
	prefix := c.Snapshot()
	for i, s := range []int{1, 0, 0, 2, 1, 0} {
		c.Reset(prefix)
		if got := read(c.Call(Tx{From: c.Senders()[s], To: addr})); got != want[s] {
			t.Errorf("run %d from sender %d on the borrowed state: %+v, want %+v", i, s, got, want[s])
		}
	}
	// The prefix's own state is untouched.
	c.Reset(prefix)
	if v := c.State().GetState(addr, common.Hash{}); v != (common.Hash{31: 1}) {
		t.Errorf("slot 0 after reset = %x, want 1", v)
	}
}
