package chain

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// TestResetWithStorageIsExact runs a transaction that rewrites a slot on
// states where the slot was overwritten first, once the exact way (Reset,
// SetStorage, Call) and once on the stored state ResetWithStorage keeps:
// gas (EIP-2200 original values, refunds, access list warmth), storage and
// transient storage must agree for every value in turn, whatever ran on
// the stored state before, and the snapshot itself stays untouched.
func TestResetWithStorageIsExact(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// t = TLOAD(0)+1; TSTORE(0, t); SSTORE(2, t);
	// SSTORE(0, SLOAD(0)+1); SSTORE(1, 0).
	rt := asm(vm.PUSH1, 0, vm.TLOAD, vm.PUSH1, 1, vm.ADD, vm.DUP1, vm.PUSH1, 0, vm.TSTORE,
		vm.PUSH1, 2, vm.SSTORE,
		vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE,
		vm.PUSH1, 0, vm.PUSH1, 1, vm.SSTORE, vm.STOP)
	addr := deploy(t, c, initCode(0, rt))
	c.Call(Tx{From: c.Senders()[0], To: addr}) // slot 0 = 1, slot 2 = 1
	base := c.Snapshot()
	type result struct {
		gas               uint64
		slot0, slot1, tst common.Hash
	}
	run := func(s int) result {
		r := c.Call(Tx{From: c.Senders()[s], To: addr})
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		st := c.State()
		return result{r.GasUsed, st.GetState(addr, common.Hash{}), st.GetState(addr, common.Hash{31: 1}), st.GetState(addr, common.Hash{31: 2})}
	}
	values := []common.Hash{{}, {31: 5}, {}, {31: 1}, {31: 7}, {31: 7}}
	for _, slot := range []common.Hash{{}, {31: 1}} {
		for i, v := range values {
			s := i % 3
			c.Reset(base)
			c.SetStorage(addr, slot, v)
			want := run(s)
			c.ResetWithStorage(base, addr, slot, v)
			if got := run(s); got != want {
				t.Errorf("slot %x = %x, sender %d: stored state gives %+v, want %+v", slot, v, s, got, want)
			}
			if i == 2 {
				// A second transaction on the stored state: the chain
				// copies it, and the next value starts from the snapshot.
				run(s)
			}
		}
	}
	c.Reset(base)
	if v := c.State().GetState(addr, common.Hash{}); v != (common.Hash{31: 1}) {
		t.Errorf("slot 0 after reset = %x, want 1", v)
	}
}
