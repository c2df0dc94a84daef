package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// TestActsFollowSetters checks that Code.acts, the opcodes Step cannot pass
// over, and Code.flags, the instructions it cannot, follow what the
// setters tell of the code: a JUMP acts only where it enters or leaves a
// function, typed arithmetic only where SetArith put a type, a LOG only
// with AssertionFailed events; comparisons, JUMPI and KECCAK256 (its
// output is followed to comparisons of a few of its bits, and in legacy
// code to wrapped storage addresses) always do, PUSH and POP never.
func TestActsFollowSetters(t *testing.T) {
	c := NewCode([]byte{byte(vm.PUSH1), 0, byte(vm.JUMP), byte(vm.ADD), byte(vm.JUMP)}, []bool{false, false, true})
	for _, op := range []vm.OpCode{vm.JUMPI, vm.EQ, vm.SUB, vm.ISZERO, vm.SLOAD, vm.SSTORE, vm.CALL, vm.REVERT, vm.INVALID, vm.KECCAK256} {
		if !c.acts[op] {
			t.Errorf("%v does not act", op)
		}
	}
	check := func(when string, op vm.OpCode, want bool) {
		t.Helper()
		if c.acts[op] != want {
			t.Errorf("%s: acts[%v] = %v, want %v", when, op, c.acts[op], want)
		}
	}
	for _, op := range []vm.OpCode{vm.PUSH1, vm.POP, vm.JUMP, vm.LOG1} {
		check("new code", op, false)
	}
	flag := func(when string, pc int, want uint8) {
		t.Helper()
		if c.flags[pc] != want {
			t.Errorf("%s: flags[%d] = %b, want %b", when, pc, c.flags[pc], want)
		}
	}
	flag("new code", 2, flagUser|flagJump)
	flag("new code", 3, 0)
	c.SetForeign(nil, []uint64{2, 3}, nil) // 3 is no JUMP
	check("SetForeign", vm.JUMP, false)
	flag("SetForeign", 2, flagUser|flagJump|flagActs)
	flag("SetForeign", 3, 0)
	flag("SetForeign", 4, flagJump)
	c.SetArith(3, ArithType{Bits: 8})
	flag("SetArith", 3, flagActs)
	c.SetArith(3, ArithType{})
	flag("SetArith none", 3, 0)
	c.SetAssertionEvent(common.Hash{1})
	check("SetAssertionEvent", vm.LOG1, true)
	c.SetLegacy()
	check("SetLegacy", vm.KECCAK256, true)
	check("SetLegacy", vm.POP, false)
}

// TestStepPassesOverPlainJump checks that Step handles a JUMP that neither
// enters nor leaves a function in its fast path, without reading the stack
// (a nil scope would fault in step), in code whose function jumps are
// known and in code without them; a LOG in code without AssertionFailed
// events likewise. Such JUMPs are about a tenth of a maze's opcodes.
func TestStepPassesOverPlainJump(t *testing.T) {
	code := []byte{byte(vm.PUSH1), 4, byte(vm.JUMP), byte(vm.STOP), byte(vm.JUMPDEST), byte(vm.PUSH1), 0, byte(vm.DUP1), byte(vm.LOG0), byte(vm.STOP)}
	for _, foreign := range []bool{false, true} {
		c := NewCode(code, nil)
		if foreign {
			c.SetForeign(nil, []uint64{9}, nil) // a marked JUMP elsewhere
		}
		tr := New([]*Code{c})
		to := common.Address{1}
		tr.Bind(to, 0)
		tr.BeginTx()
		tr.Hooks().OnEnter(0, byte(vm.CALL), common.Address{2}, to, nil, 100000, nil)
		tr.Step(2, vm.JUMP, nil, 1)
		tr.Step(8, vm.LOG0, nil, 1)
		if !tr.Instr[0][2] || !tr.Instr[0][8] {
			t.Errorf("foreign %v: the JUMP and the LOG are not covered", foreign)
		}
	}
}
