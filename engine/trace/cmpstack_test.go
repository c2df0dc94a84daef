package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// TestCmpStackShortCircuit replays the stack effects of solc's unoptimized
// `a > 5 && k == K` (the second operand evaluated) and checks that each
// JUMPI is decided by the comparison whose result it consumes.
func TestCmpStackShortCircuit(t *testing.T) {
	w := func(vs ...uint64) []uint256.Int {
		s := make([]uint256.Int, len(vs))
		for i, v := range vs {
			s[i].SetUint64(v)
		}
		return s
	}
	const dest, k, K = 0x99, 7, 4242
	var tr Tracer
	for i, step := range []struct {
		op    vm.OpCode
		stack []uint256.Int
		// The deciding comparison expected at a JUMPI.
		want   vm.OpCode
		a, b   uint64
		wantOK bool
	}{
		{op: vm.GT, stack: w(5, 9)},     // a > 5, a = 9
		{op: vm.DUP1, stack: w(1)},      // keep the result for the final JUMPI
		{op: vm.ISZERO, stack: w(1, 1)}, // skip the second operand if false
		{op: vm.PUSH2, stack: w(1, 0)},  // the skip target
		{op: vm.JUMPI, stack: w(1, 0, dest), want: vm.GT, a: 9, b: 5, wantOK: true},
		{op: vm.POP, stack: w(1)},         // drop the first result
		{op: vm.PUSH2, stack: w()},        // K
		{op: vm.DUP3, stack: w(k, 0, K)},  // k from the arguments
		{op: vm.EQ, stack: w(k, 0, K, k)}, // k == K
		{op: vm.SWAP2, stack: w(k, 0, 0)}, // shuffle the arguments
		{op: vm.POP, stack: w(0, 0, k)},   // and drop them
		{op: vm.POP, stack: w(0, 0)},      //
		{op: vm.JUMPDEST, stack: w(0)},    // the skip target
		{op: vm.ISZERO, stack: w(0)},      // if (!(...)) skip the body
		{op: vm.PUSH2, stack: w(1)},       //
		{op: vm.JUMPI, stack: w(1, dest), want: vm.EQ, a: k, b: K, wantOK: true},
		{op: vm.JUMPI, stack: w(1, dest)}, // nothing recorded any more
	} {
		tr.cmpStep(step.op, 1, step.stack)
		if step.op != vm.JUMPI {
			continue
		}
		if tr.cmp.valid != step.wantOK {
			t.Fatalf("step %d: deciding comparison recorded = %v, want %v", i, tr.cmp.valid, step.wantOK)
		}
		if step.wantOK && (tr.cmp.op != step.want || tr.cmp.a.Uint64() != step.a || tr.cmp.b.Uint64() != step.b) {
			t.Errorf("step %d: deciding comparison %v(%d, %d), want %v(%d, %d)", i, tr.cmp.op, tr.cmp.a.Uint64(), tr.cmp.b.Uint64(), step.want, step.a, step.b)
		}
	}
}
