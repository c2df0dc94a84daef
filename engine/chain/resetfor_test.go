package chain

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// TestResetForIsExact runs sequences of three transactions after Reset,
// where the second copies the borrowed state, and after ResetFor, which
// starts on a copy of the snapshot's state: every transaction must agree
// on gas (access list warmth, EIP-2200 original values), transient
// storage and storage, the snapshot must stay untouched, and ResetFor must
// allocate less, since it neither copies the first transaction's journal
// nor reverts it.
func TestResetForIsExact(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// t = TLOAD(0)+1; TSTORE(0, t); SSTORE(2, t); BALANCE(CALLER);
	// SSTORE(0, SLOAD(0)+1).
	rt := asm(vm.PUSH1, 0, vm.TLOAD, vm.PUSH1, 1, vm.ADD, vm.DUP1, vm.PUSH1, 0, vm.TSTORE,
		vm.PUSH1, 2, vm.SSTORE,
		vm.CALLER, vm.BALANCE, vm.POP,
		vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP)
	addr := deploy(t, c, initCode(0, rt))
	base := c.Snapshot()
	type result struct {
		gas        uint64
		slot0, tst common.Hash
	}
	run := func(reset func()) (out []result) {
		reset()
		for _, s := range []int{0, 1, 0} {
			r := c.Call(Tx{From: c.Senders()[s], To: addr})
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			out = append(out, result{r.GasUsed, c.State().GetState(addr, common.Hash{}), c.State().GetState(addr, common.Hash{31: 2})})
		}
		return out
	}
	for i := range 3 { // borrowed states refreshed and reused alike
		want := run(func() { c.Reset(base) })
		got := run(func() { c.ResetFor(base, 3) })
		for j := range want {
			if got[j] != want[j] {
				t.Errorf("round %d, transaction %d after ResetFor: %+v, want %+v", i, j, got[j], want[j])
			}
		}
	}
	c.Reset(base)
	if v := c.State().GetState(addr, common.Hash{}); v != (common.Hash{}) {
		t.Errorf("slot 0 of the snapshot = %x, want 0", v)
	}
	pair := func(reset func()) float64 {
		return testing.AllocsPerRun(50, func() {
			reset()
			c.Call(Tx{From: c.Senders()[0], To: addr})
			c.Call(Tx{From: c.Senders()[1], To: addr})
		})
	}
	old, now := pair(func() { c.Reset(base) }), pair(func() { c.ResetFor(base, 2) })
	t.Logf("two transactions: %.0f allocations after Reset, %.0f after ResetFor", old, now)
	if now >= old {
		t.Errorf("ResetFor and two transactions allocate %.0f times, Reset %.0f: want fewer", now, old)
	}
}
