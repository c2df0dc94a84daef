package chain

import (
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
)

// TestProbeAfterBorrowedTxIsExact runs a probe after a transaction on a
// borrowed state and after the same transaction on an owned, finalised
// state: the probe must see the same whether or not the chain finalised
// first. The transaction writes transient storage, which the next
// transaction (and so a probe) must not see, or self-destructs its
// contract (shanghai: deleted at the end of the transaction), whose code
// the probe must not run.
func TestProbeAfterBorrowedTxIsExact(t *testing.T) {
	word := func(b byte) []byte { return append(bytes.Repeat([]byte{0}, 31), b) }
	for _, tc := range []struct {
		name, evm string
		rt        []byte
	}{
		// No calldata: TSTORE(0, 1). Calldata: return TLOAD(0).
		{"transient", "cancun", asm(vm.CALLDATASIZE, vm.PUSH1, 10, vm.JUMPI,
			vm.PUSH1, 1, vm.PUSH1, 0, vm.TSTORE, vm.STOP,
			vm.JUMPDEST, vm.PUSH1, 0, vm.TLOAD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)},
		// No calldata: SELFDESTRUCT(CALLER). Calldata: return 1.
		{"selfdestruct", "shanghai", asm(vm.CALLDATASIZE, vm.PUSH1, 7, vm.JUMPI,
			vm.CALLER, vm.SELFDESTRUCT, vm.STOP,
			vm.JUMPDEST, vm.PUSH1, 1, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(Config{EVMVersion: tc.evm}, nil)
			if err != nil {
				t.Fatal(err)
			}
			addr := deploy(t, c, initCode(0, tc.rt))
			base := c.Snapshot()
			tx := Tx{From: c.Senders()[0], To: addr}
			probe := func() Result {
				r := c.Probe(c.Senders()[0], addr, []byte{1})
				if r.Err != nil {
					t.Fatalf("probe: %v", r.Err)
				}
				return r
			}
			// The reference: the chain owns a finalised state (ResetFor
			// copies for a sequence of two).
			c.ResetFor(base, 2)
			if r := c.Call(tx); r.Err != nil {
				t.Fatal(r.Err)
			}
			want := probe().Ret
			if tc.name == "transient" && !bytes.Equal(want, word(0)) {
				t.Fatalf("owned probe saw transient storage %x", want)
			}
			if tc.name == "selfdestruct" && len(want) != 0 {
				t.Fatalf("owned probe ran the destroyed code: %x", want)
			}
			for i := 0; i < 3; i++ {
				c.Reset(base)
				if r := c.Call(tx); r.Err != nil {
					t.Fatal(r.Err)
				}
				if got := probe().Ret; !bytes.Equal(got, want) {
					t.Fatalf("run %d: probe after a borrowed transaction returned %x, want %x", i, got, want)
				}
			}
			// Before any transaction, the contract answers as deployed.
			c.Reset(base)
			if got := probe().Ret; tc.name == "selfdestruct" && !bytes.Equal(got, word(1)) {
				t.Fatalf("probe on the snapshot returned %x, want 1", got)
			}
		})
	}
}

// TestProbeAfterBorrowedTxCopiesNothing checks that a probe after the only
// transaction on a borrowed state (the fuzzer's mutant of a sequence's last
// transaction, then its invariants) runs on that state under a journal
// revision, as on an owned state, instead of copying the state to finalise
// it: it allocates no more than the same probe on an owned state.
func TestProbeAfterBorrowedTxCopiesNothing(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// No calldata: SSTORE(0, SLOAD(0)+1). Calldata: return SLOAD(0).
	rt := asm(vm.CALLDATASIZE, vm.PUSH1, 14, vm.JUMPI,
		vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP,
		vm.JUMPDEST, vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)
	addr := deploy(t, c, initCode(0, rt))
	base := c.Snapshot()
	tx := Tx{From: c.Senders()[0], To: addr}
	probe := func() {
		if r := c.Probe(c.Senders()[0], addr, []byte{1}); r.Err != nil || len(r.Ret) != 32 || r.Ret[31] != 1 {
			t.Fatalf("probe: %x, %v; want 1", r.Ret, r.Err)
		}
	}
	txOnly := testing.AllocsPerRun(100, func() { c.Reset(base); c.Call(tx) })
	txProbe := testing.AllocsPerRun(100, func() { c.Reset(base); c.Call(tx); probe() })
	c.ResetFor(base, 2)
	c.Call(tx)
	// State() hands out the state for writing: the probe runs again
	// instead of being answered from memory (probememo.go).
	owned := testing.AllocsPerRun(100, func() { c.State(); probe() })
	if txProbe-txOnly > owned+1 {
		t.Fatalf("a probe after a borrowed transaction allocates %.0f, on an owned state %.0f: it copied the state", txProbe-txOnly, owned)
	}
}
