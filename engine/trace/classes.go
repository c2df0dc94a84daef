package trace

import "github.com/ethereum/go-ethereum/core/vm"

// Opcode classes: what Step does after the bookkeeping every opcode
// gets.
const (
	classNone uint8 = iota
	classPush
	classIsZero
	classJumpi
	classCmp // EQ, LT, GT, SLT, SGT, and SUB (solc's a != b)
	classSload
	classCall
	classLog // LOG1-LOG4: AssertionFailed events
	classSelfdestruct
	classSstore
	classRevert
	classInvalid
	classJump // JUMP: internal calls, for the user's call site (callsite.go)
)

// opClasses maps every opcode to its class.
var opClasses = func() (k [256]uint8) {
	for o := vm.PUSH0; o <= vm.PUSH32; o++ {
		k[o] = classPush
	}
	for _, o := range []vm.OpCode{vm.EQ, vm.LT, vm.GT, vm.SLT, vm.SGT, vm.SUB} {
		k[o] = classCmp
	}
	for _, o := range []vm.OpCode{vm.CALL, vm.CALLCODE, vm.DELEGATECALL, vm.STATICCALL} {
		k[o] = classCall
	}
	for o := vm.LOG1; o <= vm.LOG4; o++ {
		k[o] = classLog
	}
	k[vm.ISZERO], k[vm.JUMPI], k[vm.SLOAD] = classIsZero, classJumpi, classSload
	k[vm.SELFDESTRUCT], k[vm.SSTORE], k[vm.REVERT], k[vm.INVALID] = classSelfdestruct, classSstore, classRevert, classInvalid
	k[vm.JUMP] = classJump
	return k
}()

// reclassify computes c.acts, the opcodes Step cannot pass over in any
// frame of c: those of a class that reads the stack or acts, and those
// whose results taint.go labels. A JUMP acts only in code with function
// jumps (SetForeign), a LOG only in code with AssertionFailed events; the
// setters that change either call it again.
func (c *Code) reclassify() {
	for op, cls := range opClasses {
		act := cls > classPush
		switch cls {
		case classJump:
			act = c.jumps != nil
		case classLog:
			act = c.assertTopics != nil
		}
		c.acts[op] = act || c.sources[op] != 0
	}
}
