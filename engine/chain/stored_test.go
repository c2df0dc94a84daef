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

// TestResetWithStorageKeepsProbes checks that a stored state keeps its
// snapshot's remembered probes (aggressive mode would otherwise run every
// invariant again for each value) except those that read the overwritten
// slot, which run again and see the value, as do probes of an account
// the write brings into existence.
func TestResetWithStorageKeepsProbes(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ops := 0
	c.SetOpHook(func(uint64, vm.OpCode, *vm.ScopeContext, int) { ops++ })
	// Returns SLOAD(0).
	reader := deploy(t, c, initCode(0, asm(vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
	other := deploy(t, c, initCode(0, asm(vm.STOP)))
	// Returns EXTCODEHASH(empty): zero while the account does not exist.
	empty := common.HexToAddress("0x00000000000000000000000000000000000e3e3e")
	hasher := deploy(t, c, initCode(0, asm(vm.PUSH20, empty.Bytes(), vm.EXTCODEHASH, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
	base := c.Snapshot()
	from := c.Senders()[0]
	probe := func(name string, to common.Address, want byte, wantRan bool) {
		t.Helper()
		before := ops
		r := c.Probe(from, to, []byte{1})
		if r.Err != nil || len(r.Ret) != 32 {
			t.Fatalf("%s: probe: %x, %v", name, r.Ret, r.Err)
		}
		if got, ran := r.Ret[31], ops != before; got != want || ran != wantRan {
			t.Fatalf("%s: probe returned %d (ran code: %v), want %d (ran code: %v)", name, got, ran, want, wantRan)
		}
	}
	c.Reset(base)
	probe("first probe", reader, 0, true)
	probe("hasher, first probe", hasher, 0, true)
	c.ResetWithStorage(base, other, common.Hash{}, common.Hash{31: 7})
	probe("another contract's slot overwritten", reader, 0, false)
	c.ResetWithStorage(base, reader, common.Hash{}, common.Hash{31: 5})
	probe("its slot overwritten", reader, 5, true)
	c.ResetWithStorage(base, reader, common.Hash{}, common.Hash{31: 6})
	probe("its slot overwritten again", reader, 6, true)
	c.ResetWithStorage(base, reader, common.Hash{31: 1}, common.Hash{31: 6})
	probe("another of its slots overwritten", reader, 0, false)
	c.ResetWithStorage(base, empty, common.Hash{}, common.Hash{31: 1})
	// Whatever finalising makes of the account, the probe runs again.
	before := ops
	c.Probe(from, hasher, []byte{1})
	if ops == before {
		t.Fatal("a slot of an empty account overwritten: the probe of its code hash was answered from memory")
	}
}
