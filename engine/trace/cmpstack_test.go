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

// TestCmpStackBoolOps checks which comparison an AND or OR of two
// comparison results carries: the one whose flip flips the result.
func TestCmpStackBoolOps(t *testing.T) {
	for _, tt := range []struct {
		op       vm.OpCode
		top, sec uint64 // the two results (top from a == 1, second from b == 2)
		wantA    uint64 // a of the comparison kept
	}{
		{vm.AND, 0, 1, 10}, // the false top decides
		{vm.AND, 1, 0, 20}, // the false second decides
		{vm.AND, 1, 1, 10}, // both true: either flips it
		{vm.OR, 0, 1, 20},  // the true second decides
		{vm.OR, 1, 0, 10},  // the true top decides
	} {
		var tr Tracer
		a, b := uint64(10), uint64(20)
		if tt.top == 1 {
			a = 1
		}
		if tt.sec == 1 {
			b = 2
		}
		st := func(vs ...uint64) []uint256.Int {
			s := make([]uint256.Int, len(vs))
			for i, v := range vs {
				s[i].SetUint64(v)
			}
			return s
		}
		tr.cmpStep(vm.EQ, 1, st(2, b))                   // b == 2
		tr.cmpStep(vm.EQ, 1, st(tt.sec, 1, a))           // a == 1
		tr.cmpStep(tt.op, 1, st(tt.sec, tt.top))         // combine
		tr.cmpStep(vm.JUMPI, 1, st(tt.top&tt.sec, 0x99)) // consume
		if !tr.cmp.valid {
			t.Fatalf("%v(%d, %d): no comparison carried", tt.op, tt.top, tt.sec)
		}
		wantA := a
		if tt.wantA == 20 {
			wantA = b
		}
		if tr.cmp.a.Uint64() != wantA {
			t.Errorf("%v(%d, %d): carried the comparison of %d, want %d", tt.op, tt.top, tt.sec, tr.cmp.a.Uint64(), wantA)
		}
	}
}
