package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

func TestWraps(t *testing.T) {
	neg := func(v uint64) uint256.Int {
		var x uint256.Int
		x.Neg(uint256.NewInt(v))
		return x
	}
	maxU := *new(uint256.Int).SetAllOne()
	maxI := *new(uint256.Int).Rsh(&maxU, 1)
	minI := *new(uint256.Int).Lsh(uint256.NewInt(1), 255)
	u := func(v uint64) uint256.Int { return *uint256.NewInt(v) }
	tests := []struct {
		name string
		typ  ArithType
		op   vm.OpCode
		x, y uint256.Int // x is the top of the stack
		want bool
	}{
		{"uint8 200+55", ArithType{8, false}, vm.ADD, u(200), u(55), false},
		{"uint8 200+56", ArithType{8, false}, vm.ADD, u(200), u(56), true},
		{"uint8 dirty high bits", ArithType{8, false}, vm.ADD, u(0x1_00 + 1), u(1), false},
		{"uint256 max+1", ArithType{256, false}, vm.ADD, maxU, u(1), true},
		{"uint256 max+0", ArithType{256, false}, vm.ADD, maxU, u(0), false},
		{"uint 1-2", ArithType{256, false}, vm.SUB, u(1), u(2), true},
		{"uint 2-2", ArithType{256, false}, vm.SUB, u(2), u(2), false},
		{"uint16 256*256", ArithType{16, false}, vm.MUL, u(256), u(256), true},
		{"uint16 255*257", ArithType{16, false}, vm.MUL, u(255), u(257), false},
		{"int8 127+1", ArithType{8, true}, vm.ADD, u(127), u(1), true},
		{"int8 -128+127", ArithType{8, true}, vm.ADD, neg(128), u(127), false},
		{"int8 -128-1", ArithType{8, true}, vm.SUB, neg(128), u(1), true},
		{"int8 -1-1", ArithType{8, true}, vm.SUB, neg(1), u(1), false},
		{"int256 max+1", ArithType{256, true}, vm.ADD, maxI, u(1), true},
		{"int256 -1+1", ArithType{256, true}, vm.ADD, neg(1), u(1), false},
		{"int256 min-1", ArithType{256, true}, vm.SUB, minI, u(1), true},
		{"int256 0-min", ArithType{256, true}, vm.SUB, u(0), minI, true},
		{"int256 -1*min", ArithType{256, true}, vm.MUL, neg(1), minI, true},
		{"int256 -3*5", ArithType{256, true}, vm.MUL, neg(3), u(5), false},
		{"int256 max*2", ArithType{256, true}, vm.MUL, maxI, u(2), true},
	}
	for _, tt := range tests {
		if got := wraps(tt.typ, tt.op, &tt.x, &tt.y); got != tt.want {
			t.Errorf("%s: wraps = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestStackEffects checks the table against go-ethereum's own notion of
// each defined opcode's arity for a few representatives.
func TestStackEffects(t *testing.T) {
	for op, want := range map[vm.OpCode][2]int8{
		vm.ADD: {2, 1}, vm.ISZERO: {1, 1}, vm.CALL: {7, 1}, vm.STATICCALL: {6, 1}, vm.SSTORE: {2, 0},
		vm.JUMPI: {2, 0}, vm.LOG2: {4, 0}, vm.PUSH32: {0, 1}, vm.CALLER: {0, 1}, vm.MCOPY: {3, 0},
	} {
		if got := stackEffect[op]; got != want {
			t.Errorf("%s: stack effect %v, want %v", op, got, want)
		}
	}
}

// TestCallFlag drives the taint tracking of one call's success flag
// (pushed at stack index 0) through instruction sequences and counts the
// unchecked-call events: a flag is checked if any copy of it decides a
// branch or leaves the stack for memory, whatever happens to the others.
func TestCallFlag(t *testing.T) {
	tests := []struct {
		name string
		ops  []vm.OpCode
		want int
	}{
		{"popped", []vm.OpCode{vm.POP}, 1},
		{"left on the stack", nil, 1},
		{"branched on", []vm.OpCode{vm.PUSH1, vm.JUMPI}, 0},
		{"copy branched on, original popped", []vm.OpCode{vm.DUP1, vm.PUSH1, vm.JUMPI, vm.POP}, 0},
		{"negated copy branched on", []vm.OpCode{vm.DUP1, vm.ISZERO, vm.PUSH1, vm.JUMPI, vm.POP}, 0},
		{"copy returned through memory", []vm.OpCode{vm.DUP1, vm.PUSH1, vm.MSTORE, vm.POP}, 0},
		{"both copies popped", []vm.OpCode{vm.DUP1, vm.POP, vm.POP}, 1},
		{"negated and popped", []vm.OpCode{vm.ISZERO, vm.POP}, 1},
		{"swapped away and popped", []vm.OpCode{vm.PUSH1, vm.SWAP1, vm.POP, vm.POP}, 1},
		{"combined and branched on", []vm.OpCode{vm.PUSH1, vm.AND, vm.PUSH1, vm.JUMPI}, 0},
	}
	for _, tt := range tests {
		tr := New([]*Code{NewCode([]byte{byte(vm.STOP)}, nil)})
		c := tr.codes[0]
		f := &tr.frames[0]
		f.code = 0
		tr.BeginTx()
		s := make([]uint256.Int, 1)
		tr.newFlag(f, 0, 7, [20]byte{1}, true, false)
		for _, op := range tt.ops {
			tr.taintStep(f, c, op, 0, s)
			switch {
			case op >= vm.DUP1 && op <= vm.DUP16:
				s = append(s, s[len(s)-1-int(op-vm.DUP1)])
			case op >= vm.SWAP1 && op <= vm.SWAP16:
				j := len(s) - 2 - int(op-vm.SWAP1)
				s[len(s)-1], s[j] = s[j], s[len(s)-1]
			default:
				e := stackEffect[op]
				s = append(s[:len(s)-int(e[0])], make([]uint256.Int, e[1])...)
			}
		}
		tr.frameEnd(f)
		got := 0
		for _, e := range tr.Events() {
			if e.Kind == EventUncheckedCall {
				got++
				if e.PC != 7 || e.Value.IsZero() {
					t.Errorf("%s: event %+v, want PC 7 and a failed call", tt.name, e)
				}
			}
		}
		if got != tt.want {
			t.Errorf("%s: %d unchecked-call events, want %d", tt.name, got, tt.want)
		}
	}
}

// TestMemTaint checks that a labelled word stored to memory labels the
// hashes of ranges that hold it, until an unlabelled word overwrites it.
func TestMemTaint(t *testing.T) {
	var f frame
	u := func(v uint64) *uint256.Int { return uint256.NewInt(v) }
	f.mstore(u(0x80), LabelNumber, 7)
	f.mstore(u(0xa0), 0, 0)
	if l := f.hashed(u(0x80), u(0x34)); l != LabelNumber {
		t.Errorf("hash over the stored word: label %v, want block.number", l)
	}
	if l := f.hashed(u(0x90), u(0x20)); l != LabelNumber {
		t.Errorf("hash over part of the word: label %v, want block.number", l)
	}
	if l := f.hashed(u(0xa0), u(0x20)); l != 0 {
		t.Errorf("hash past the word: label %v, want none", l)
	}
	f.mstore(u(0x80), 0, 0)
	if l := f.hashed(u(0x80), u(0x34)); l != 0 {
		t.Errorf("hash after the word was overwritten: label %v, want none", l)
	}
}

// TestMemWrap checks that a wrapped word stored to memory is found in a
// call's input range (with where it was computed), not in a hash, and is
// forgotten once its wrap is checked.
func TestMemWrap(t *testing.T) {
	var f frame
	u := func(v uint64) *uint256.Int { return uint256.NewInt(v) }
	f.mstore(u(0x84), LabelWrap, 42)
	if src, ok := f.wrappedInput(u(0x80), u(0x44)); !ok || src != 42 {
		t.Errorf("call input over the wrapped word: %d, %v; want 42, true", src, ok)
	}
	if _, ok := f.wrappedInput(u(0xa4), u(0x20)); ok {
		t.Errorf("call input past the wrapped word: found one")
	}
	if l := f.hashed(u(0x80), u(0x44)); l != 0 {
		t.Errorf("hash over the wrapped word: label %v, want none", l)
	}
	f.memStrip(42, LabelWrap)
	if _, ok := f.wrappedInput(u(0x80), u(0x44)); ok {
		t.Errorf("call input after the wrap was checked: found one")
	}
}

// TestWrapOfLabelledValue checks that a product that wraps, one of whose
// operands is followed already (block.timestamp), keeps the wrap in every
// copy: DUP copies one entry per stack slot, so the wrap must share the
// time's entry, not sit in a second one.
func TestWrapOfLabelledValue(t *testing.T) {
	tr := New([]*Code{NewCode([]byte{byte(vm.STOP)}, nil)})
	c := tr.codes[0]
	f := &tr.frames[0]
	f.code = 0
	tr.BeginTx()
	var big uint256.Int
	big.SetAllOne()
	// elapsed (from TIMESTAMP) under a rate near 2^256; MUL at PC 9.
	s := []uint256.Int{*uint256.NewInt(1000), big}
	f.taints.add(0, LabelTimestamp, 3, -1)
	tr.taintStep(f, c, vm.MUL, 9, s)
	tr.arithmetic(f, ArithType{Bits: 256}, vm.MUL, 9, s)
	s = s[:1]
	s[0].Mul(uint256.NewInt(1000), &big)
	tr.taintStep(f, c, vm.DUP1, 10, s)
	s = append(s, s[0])
	if l := f.taints.at(1).label; l&LabelWrap == 0 || l&LabelTimestamp == 0 {
		t.Fatalf("the copy's label is %v, want the wrap and the time", l)
	}
	// The copy decides a branch: the wrap is used, at the MUL.
	s = append(s, *uint256.NewInt(0x40))
	tr.taintStep(f, c, vm.JUMPI, 11, s)
	got := 0
	for _, e := range tr.Events() {
		if e.Kind == EventWrapUsed && e.PC == 9 {
			got++
		}
	}
	if got != 1 {
		t.Errorf("%d wrap-used events at the MUL, want 1", got)
	}
}
