package lookahead

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

var samples = []Value{Bottom, Top, ConstU(0), ConstU(1), ConstU(42), Const(*new(uint256.Int).SetAllOne())}

// TestLatticeLaws checks Join and Leq against the laws the domain's doc
// comment states.
func TestLatticeLaws(t *testing.T) {
	for _, a := range samples {
		if !a.Join(a).Equal(a) {
			t.Errorf("join not idempotent for %v", a)
		}
		if !a.Join(Bottom).Equal(a) || !Bottom.Join(a).Equal(a) {
			t.Errorf("bottom is not the identity for %v", a)
		}
		if !a.Join(Top).IsTop() {
			t.Errorf("top does not absorb %v", a)
		}
		if !a.Leq(a) || !Bottom.Leq(a) || !a.Leq(Top) {
			t.Errorf("order laws fail for %v", a)
		}
		for _, b := range samples {
			if !a.Join(b).Equal(b.Join(a)) {
				t.Errorf("join not commutative for %v, %v", a, b)
			}
			j := a.Join(b)
			if !a.Leq(j) || !b.Leq(j) {
				t.Errorf("join of %v, %v is not an upper bound", a, b)
			}
			for _, c := range samples {
				if !a.Join(b).Join(c).Equal(a.Join(b.Join(c))) {
					t.Errorf("join not associative for %v, %v, %v", a, b, c)
				}
			}
		}
	}
}

func run(t *testing.T, code []byte, pushes ...Value) *State {
	t.Helper()
	s := newState()
	for _, v := range pushes {
		s.push(v)
	}
	for pc := uint64(0); pc < uint64(len(code)); pc += uint64(size(code, pc)) {
		step(s, code, pc)
	}
	return s
}

func TestTransferFunctions(t *testing.T) {
	c := func(ops ...any) []byte {
		var out []byte
		for _, o := range ops {
			switch x := o.(type) {
			case vm.OpCode:
				out = append(out, byte(x))
			case int:
				out = append(out, byte(x))
			}
		}
		return out
	}
	tests := []struct {
		name string
		code []byte
		in   []Value
		want Value
	}{
		{"add consts", c(vm.PUSH1, 2, vm.PUSH1, 3, vm.ADD), nil, ConstU(5)},
		{"sub wraps", c(vm.PUSH1, 3, vm.PUSH1, 2, vm.SUB), nil, Const(*new(uint256.Int).SetAllOne())},
		{"div by zero is zero", c(vm.PUSH1, 0, vm.PUSH1, 7, vm.DIV), nil, ConstU(0)},
		{"lt", c(vm.PUSH1, 9, vm.PUSH1, 3, vm.LT), nil, ConstU(1)},
		{"slt negative", c(vm.PUSH1, 1, vm.PUSH1, 0, vm.NOT, vm.SLT), nil, ConstU(1)},
		{"iszero", c(vm.PUSH1, 0, vm.ISZERO), nil, ConstU(1)},
		{"shl", c(vm.PUSH1, 1, vm.PUSH1, 4, vm.SHL), nil, ConstU(16)},
		{"byte", c(vm.PUSH2, 0x12, 0x34, vm.PUSH1, 30, vm.BYTE), nil, ConstU(0x12)},
		{"exp", c(vm.PUSH1, 10, vm.PUSH1, 2, vm.EXP), nil, ConstU(1024)},
		{"top operand", c(vm.PUSH1, 1, vm.ADD), []Value{Top}, Top},
		{"times zero", c(vm.PUSH1, 0, vm.MUL), []Value{Top}, ConstU(0)},
		{"calldata is unknown", c(vm.PUSH1, 0, vm.CALLDATALOAD), nil, Top},
		{"fresh memory is zero", c(vm.PUSH1, 64, vm.MLOAD), nil, ConstU(0)},
		{"memory round trip", c(vm.PUSH1, 7, vm.PUSH1, 32, vm.MSTORE, vm.PUSH1, 32, vm.MLOAD), nil, ConstU(7)},
		{"overlapping write", c(vm.PUSH1, 7, vm.PUSH1, 32, vm.MSTORE, vm.PUSH1, 1, vm.PUSH1, 40, vm.MSTORE, vm.PUSH1, 32, vm.MLOAD), nil, Top},
		{"storage round trip", c(vm.PUSH1, 9, vm.PUSH1, 1, vm.SSTORE, vm.PUSH1, 1, vm.SLOAD), nil, ConstU(9)},
		{"storage starts unknown", c(vm.PUSH1, 1, vm.SLOAD), nil, Top},
		{"unknown slot havocs", c(vm.PUSH1, 9, vm.PUSH1, 1, vm.SSTORE, vm.PUSH1, 5, vm.SWAP1, vm.SSTORE, vm.PUSH1, 1, vm.SLOAD), []Value{Top}, Top},
		{"dup and swap", c(vm.PUSH1, 1, vm.PUSH1, 2, vm.SWAP1, vm.DUP2), nil, ConstU(2)},
		{"call havocs memory", c(vm.PUSH1, 7, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 0, vm.DUP1, vm.DUP1, vm.DUP1, vm.DUP1, vm.DUP1, vm.DUP1, vm.CALL, vm.POP, vm.PUSH1, 0, vm.MLOAD), nil, Top},
	}
	for _, tt := range tests {
		s := run(t, tt.code, tt.in...)
		if got := s.peek(0); !got.Equal(tt.want) {
			t.Errorf("%s: top of stack %+v, want %+v", tt.name, got, tt.want)
		}
	}
	// KECCAK256 of known memory is exact: mapping slots stay constant.
	s := run(t, c(vm.PUSH1, 5, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.KECCAK256))
	if _, ok := s.peek(0).IsConst(); !ok {
		t.Error("keccak of constant memory is not constant")
	}
}

// TestSuffixCheck: from a state where the branch condition is known, the
// code behind the other side of the branch is unreachable.
func TestSuffixCheck(t *testing.T) {
	// 0 PUSH1 0, 2 CALLDATALOAD, 3 DUP1, 4 ISZERO, 5 PUSH1 13, 7 JUMPI,
	// 8 PUSH1 0, 10 PUSH1 0, 12 REVERT (the target), 13 JUMPDEST, 14 STOP:
	// the REVERT is reachable only when calldata is non-zero.
	code := []byte{byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD), byte(vm.DUP1), byte(vm.ISZERO), byte(vm.PUSH1), 13, byte(vm.JUMPI),
		byte(vm.PUSH1), 0, byte(vm.PUSH1), 0, byte(vm.REVERT), byte(vm.JUMPDEST), byte(vm.STOP)}
	a := New(code, []uint64{12})
	// A path that took the jump (calldata == 0): 0,2,3,4,5,7,13,14.
	r := a.Analyze([]uint64{0, 2, 3, 4, 5, 7, 13, 14})
	if !r.Proved || r.Prefix != 7 {
		t.Errorf("jumping path: %+v, want a proof at the jump target (prefix 7)", r)
	}
	// The fall-through path reaches the target: never proved.
	r = a.Analyze([]uint64{0, 2, 3, 4, 5, 7, 8, 10, 12})
	if r.Proved {
		t.Errorf("falling-through path proved unreachable: %+v", r)
	}
	// At the start everything is possible.
	if !a.reachable(0, newState()) {
		t.Error("target unreachable from the entry")
	}
	a.Off = true
	if r := a.Analyze([]uint64{0, 2, 3, 4, 5, 7, 13, 14}); r.Proved || r.Prefix != 8 {
		t.Errorf("with the analysis off: %+v, want the whole path", r)
	}
}
