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
