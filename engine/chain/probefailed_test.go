package chain

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
)

// TestProbeFailedMemo checks ProbeFailed on a ds-test-like suite whose
// invariant records a failure in storage instead of reverting: failed()
// sees what the invariant wrote before the probe is reverted, the probe
// leaves nothing written, and a remembered pass is not given once a
// transaction made the invariant fail (the invariant-result cache).
func TestProbeFailedMemo(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ops := 0
	c.SetOpHook(func(uint64, vm.OpCode, *vm.ScopeContext, int) { ops++ })
	// No calldata (a transaction): SSTORE(2, 1), the system goes wrong.
	// Calldata 0x02 (failed()): return SLOAD(0). Other calldata (the
	// invariant): SSTORE(0, SLOAD(2)), a failure recorded, no revert.
	suite := deploy(t, c, initCode(0, asm(vm.CALLDATASIZE, vm.PUSH1, 10, vm.JUMPI,
		vm.PUSH1, 1, vm.PUSH1, 2, vm.SSTORE, vm.STOP,
		vm.JUMPDEST, vm.PUSH1, 0, vm.CALLDATALOAD, vm.PUSH1, 248, vm.SHR,
		vm.PUSH1, 2, vm.EQ, vm.PUSH1, 30, vm.JUMPI,
		vm.PUSH1, 2, vm.SLOAD, vm.PUSH1, 0, vm.SSTORE, vm.STOP,
		vm.JUMPDEST, vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
	from := c.Senders()[0]
	invariant, failed := []byte{1}, []byte{2}
	check := func(name string, then []byte, wantFailed, wantRan bool) {
		t.Helper()
		before := ops
		r := c.ProbeFailed(from, suite, invariant, then)
		if r.Err != nil || r.Failed != wantFailed || (ops != before) != wantRan {
			t.Fatalf("%s: err %v, failed %v (ran code: %v), want failed %v (ran code: %v)", name, r.Err, r.Failed, ops != before, wantFailed, wantRan)
		}
	}
	recorded := func() byte {
		t.Helper()
		r := c.Probe(from, suite, failed)
		if r.Err != nil || len(r.Ret) != 32 {
			t.Fatalf("failed(): %x, %v", r.Ret, r.Err)
		}
		return r.Ret[31]
	}

	check("first probe", failed, false, true)
	check("again, nothing written", failed, false, false)
	check("without failed(), its own entry", nil, false, true)
	if r := c.Call(Tx{From: from, To: suite}); r.Err != nil {
		t.Fatal(r.Err)
	}
	check("after the transaction that breaks it", failed, true, true)
	if v := recorded(); v != 0 {
		t.Fatalf("the probe's recorded failure stayed written: failed() = %d", v)
	}
	check("again, remembered as failed", failed, true, false)
	check("without failed(), a pass: the write made its entry stale", nil, false, true)
}

// TestProbeFailedOnRevert: a reverting check is judged by its revert,
// and failed() is not called on what it undid.
func TestProbeFailedOnRevert(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Reverts on every call.
	reverter := deploy(t, c, initCode(0, asm(vm.PUSH1, 0, vm.DUP1, vm.REVERT)))
	r := c.ProbeFailed(c.Senders()[0], reverter, []byte{1}, []byte{2})
	if r.Err == nil || r.Failed {
		t.Fatalf("err %v, failed %v; want a revert and failed() not called", r.Err, r.Failed)
	}
}
