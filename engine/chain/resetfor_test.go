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

// maxResetForAllocs bounds the allocations of ResetFor for a sequence of
// two transactions on a chain of a contract and the standard accounts: the
// state's maps and lists, and no account (they are copied when first
// read). A deep copy of every account measured 61 here; the shared copy 24.
const maxResetForAllocs = 32

// TestResetForCopiesOnRead checks that ResetFor copies no account until a
// transaction reads it (within maxResetForAllocs), and that a copy holds
// every account all the same: what a sequence started with ResetFor left,
// snapshotted and reset to, has the balances, code and storage of the
// accounts it never read, and the snapshot it started from is untouched.
func TestResetForCopiesOnRead(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	rt := asm(vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP)
	addr := deploy(t, c, initCode(0, rt))
	other := deploy(t, c, initCode(0, rt))
	c.Call(Tx{From: c.Senders()[0], To: other})
	base := c.Snapshot()
	n := testing.AllocsPerRun(50, func() { c.ResetFor(base, 2) })
	t.Logf("%.0f allocations per ResetFor", n)
	if n > maxResetForAllocs {
		t.Errorf("ResetFor: %.0f allocations, want at most %d", n, maxResetForAllocs)
	}
	c.ResetFor(base, 2)
	c.Call(Tx{From: c.Senders()[1], To: addr})
	c.Call(Tx{From: c.Senders()[1], To: addr})
	end := c.Snapshot()
	c.Reset(end)
	st := c.State()
	if v := st.GetState(addr, common.Hash{}); v != (common.Hash{31: 2}) {
		t.Errorf("slot 0 after two calls = %x, want 2", v)
	}
	if v := st.GetState(other, common.Hash{}); v != (common.Hash{31: 1}) {
		t.Errorf("slot 0 of the contract not called = %x, want 1", v)
	}
	if len(st.GetCode(other)) != len(rt) {
		t.Errorf("code of the contract not called: %d bytes, want %d", len(st.GetCode(other)), len(rt))
	}
	if b := st.GetBalance(c.Senders()[2]); b.Cmp(InitialBalance) != 0 {
		t.Errorf("balance of a sender not read = %v, want %v", b, InitialBalance)
	}
	c.Reset(base)
	if v := c.State().GetState(addr, common.Hash{}); v != (common.Hash{}) {
		t.Errorf("slot 0 of the snapshot = %x, want 0", v)
	}
}
