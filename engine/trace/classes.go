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
// whose results taint.go labels. A LOG acts only in code with
// AssertionFailed events (the setter calls it again); a JUMP only where it
// enters or leaves a function, which flagActs tells (reflag).
func (c *Code) reclassify() {
	for op, cls := range opClasses {
		act := cls > classPush
		switch cls {
		case classJump:
			act = false
		case classLog:
			act = c.assertTopics != nil
		}
		c.acts[op] = act || c.sources[op] != 0
	}
}

// Per-instruction flags of a code (Code.flags): Step's fast path reads
// one byte per instruction, where it read the user-source map, the
// arithmetic's types (four bytes an instruction) and the function jumps.
const (
	flagUser uint8 = 1 << iota // UserPC
	flagJump                   // a JUMP (not PUSH data)
	// flagActs: step acts on the instruction in any frame, whatever its
	// opcode's class (acts): typed arithmetic (SetArith), or a JUMP that
	// enters or leaves a function (SetForeign).
	flagActs
	flagDest // a JUMPDEST whose runs are counted (desthits.go)
)

// reflag computes every instruction's flags from UserPC, arith and jumps.
func (c *Code) reflag() {
	for pc := range c.flags {
		c.reflagAt(pc)
	}
}

// reflagAt computes the flags of the instruction at pc.
func (c *Code) reflagAt(pc int) {
	fl := c.flags[pc] & (flagJump | flagDest)
	if c.UserPC[pc] {
		fl |= flagUser
	}
	if c.arith != nil && c.arith[pc].Bits != 0 || fl&flagJump != 0 && c.jumps != nil && c.jumps[pc] != 0 {
		fl |= flagActs
	}
	c.flags[pc] = fl
}
