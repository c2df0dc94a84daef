package lookahead

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

// effect says what an instruction does to control flow.
type effect uint8

const (
	next     effect = iota // falls through
	jump                   // JUMP: continues at target (Top: anywhere)
	branch                 // JUMPI: target and/or fall-through
	halt                   // STOP, RETURN, REVERT, INVALID, SELFDESTRUCT
	external               // CALL-like or CREATE: another contract runs
)

// stackIn and stackOut are every opcode's stack arguments and results;
// -1 in stackIn marks an undefined opcode (it halts like INVALID).
var stackIn, stackOut [256]int8

func init() {
	for i := range stackIn {
		stackIn[i] = -1
	}
	set := func(n, out int8, ops ...vm.OpCode) {
		for _, op := range ops {
			stackIn[op], stackOut[op] = n, out
		}
	}
	set(0, 0, vm.STOP, vm.JUMPDEST, vm.INVALID)
	set(2, 1, vm.ADD, vm.MUL, vm.SUB, vm.DIV, vm.SDIV, vm.MOD, vm.SMOD, vm.EXP, vm.SIGNEXTEND,
		vm.LT, vm.GT, vm.SLT, vm.SGT, vm.EQ, vm.AND, vm.OR, vm.XOR, vm.BYTE, vm.SHL, vm.SHR, vm.SAR, vm.KECCAK256)
	set(3, 1, vm.ADDMOD, vm.MULMOD)
	set(1, 1, vm.ISZERO, vm.NOT, vm.BALANCE, vm.CALLDATALOAD, vm.EXTCODESIZE, vm.EXTCODEHASH, vm.BLOCKHASH,
		vm.MLOAD, vm.SLOAD, vm.TLOAD, vm.BLOBHASH)
	set(0, 1, vm.ADDRESS, vm.ORIGIN, vm.CALLER, vm.CALLVALUE, vm.CALLDATASIZE, vm.CODESIZE, vm.GASPRICE,
		vm.RETURNDATASIZE, vm.COINBASE, vm.TIMESTAMP, vm.NUMBER, vm.DIFFICULTY, vm.GASLIMIT, vm.CHAINID,
		vm.SELFBALANCE, vm.BASEFEE, vm.BLOBBASEFEE, vm.PC, vm.MSIZE, vm.GAS, vm.PUSH0)
	set(3, 0, vm.CALLDATACOPY, vm.CODECOPY, vm.RETURNDATACOPY, vm.MCOPY)
	set(4, 0, vm.EXTCODECOPY)
	set(1, 0, vm.POP, vm.JUMP, vm.SELFDESTRUCT)
	set(2, 0, vm.MSTORE, vm.MSTORE8, vm.SSTORE, vm.TSTORE, vm.JUMPI, vm.RETURN, vm.REVERT, vm.LOG0)
	set(3, 0, vm.LOG1)
	set(4, 0, vm.LOG2)
	set(5, 0, vm.LOG3)
	set(6, 0, vm.LOG4)
	set(3, 1, vm.CREATE)
	set(4, 1, vm.CREATE2)
	set(7, 1, vm.CALL, vm.CALLCODE)
	set(6, 1, vm.DELEGATECALL, vm.STATICCALL)
	for op := vm.PUSH1; op <= vm.PUSH32; op++ {
		set(0, 1, op)
	}
	for i := 0; i < 16; i++ {
		set(int8(i+1), int8(i+2), vm.DUP1+vm.OpCode(i))
		set(int8(i+2), int8(i+2), vm.SWAP1+vm.OpCode(i))
	}
	// Check the table like geth's jump_table validate: every defined
	// opcode has sane stack counts.
	for op := 0; op < 256; op++ {
		if stackIn[op] > 17 || stackOut[op] > 17 {
			panic("lookahead: bad stack table for " + vm.OpCode(op).String())
		}
	}
}

// step applies the instruction at pc to s (in place). It returns the
// control-flow effect, the jump target value for JUMP/JUMPI and the JUMPI
// condition. A stack underflow or undefined opcode halts: no execution
// continues from an infeasible state.
func step(s *State, code []byte, pc uint64) (eff effect, target, cond Value) {
	op := vm.OpCode(code[pc])
	in := stackIn[op]
	if in < 0 || len(s.stack) < int(in) {
		return halt, Top, Top
	}
	if shuffle(s, code, pc, op) {
		return next, Top, Top
	}
	switch op {
	case vm.STOP, vm.RETURN, vm.REVERT, vm.INVALID, vm.SELFDESTRUCT:
		return halt, Top, Top
	case vm.JUMPDEST:
		return next, Top, Top
	case vm.JUMP:
		return jump, s.pop(), Top
	case vm.JUMPI:
		t := s.pop()
		c := s.pop()
		return branch, t, c
	case vm.POP:
		s.pop()
	case vm.PUSH0:
		s.push(ConstU(0))
	case vm.PC:
		s.push(ConstU(pc))
	case vm.CODESIZE:
		s.push(ConstU(uint64(len(code))))
	case vm.MLOAD:
		s.push(s.mload(s.pop()))
	case vm.MSTORE:
		off, v := s.pop(), s.pop()
		s.mstore(off, v)
	case vm.MSTORE8:
		off, _ := s.pop(), s.pop()
		s.clobber(off, ConstU(1))
	case vm.SLOAD:
		s.push(s.sload(s.pop()))
	case vm.SSTORE:
		slot, v := s.pop(), s.pop()
		s.sstore(slot, v)
	case vm.TLOAD:
		s.pop()
		s.push(Top)
	case vm.TSTORE:
		s.pop()
		s.pop()
	case vm.CALLDATACOPY, vm.RETURNDATACOPY, vm.MCOPY:
		dst, _, size := s.pop(), s.pop(), s.pop()
		s.clobber(dst, size)
	case vm.CODECOPY:
		dst, src, size := s.pop(), s.pop(), s.pop()
		codecopy(s, code, dst, src, size)
	case vm.EXTCODECOPY:
		s.pop()
		dst, _, size := s.pop(), s.pop(), s.pop()
		s.clobber(dst, size)
	case vm.KECCAK256:
		off, size := s.pop(), s.pop()
		if b, ok := s.memBytes(off, size); ok {
			var h uint256.Int
			h.SetBytes(crypto.Keccak256(b))
			s.push(Const(h))
		} else {
			s.push(Top)
		}
	case vm.CALL, vm.CALLCODE, vm.DELEGATECALL, vm.STATICCALL, vm.CREATE, vm.CREATE2:
		// Another contract runs: it may reenter and change our storage, and
		// it writes its output into our memory.
		for i := 0; i < int(in); i++ {
			s.pop()
		}
		s.havocMemory()
		if op != vm.STATICCALL {
			s.havocStorage()
		}
		s.push(Top)
		return external, Top, Top
	default:
		if isArith(op) {
			arith(s, op)
			break
		}
		for i := 0; i < int(in); i++ {
			s.pop()
		}
		for i := 0; i < int(stackOut[op]); i++ {
			s.push(Top) // environment: unknown
		}
	}
	return next, Top, Top
}

// shuffle runs op if it is a PUSHn, DUPn or SWAPn, and reports whether it
// was.
func shuffle(s *State, code []byte, pc uint64, op vm.OpCode) bool {
	switch {
	case op >= vm.PUSH1 && op <= vm.PUSH32:
		n := uint64(op-vm.PUSH1) + 1
		var b [32]byte
		end := min(pc+1+n, uint64(len(code)))
		copy(b[32-n:], code[pc+1:end]) // missing trailing bytes are zero
		var w uint256.Int
		w.SetBytes(b[32-n:])
		s.push(Const(w))
	case op >= vm.DUP1 && op <= vm.DUP16:
		s.push(s.peek(int(op - vm.DUP1)))
	case op >= vm.SWAP1 && op <= vm.SWAP16:
		n := len(s.stack) - 1
		k := n - int(op-vm.SWAP1) - 1
		s.stack[n], s.stack[k] = s.stack[k], s.stack[n]
	default:
		return false
	}
	return true
}

// codecopy copies known code bytes word by word when everything is
// constant and aligned, and clobbers the range otherwise.
func codecopy(s *State, code []byte, dst, src, size Value) {
	d, ok1 := dst.IsConst()
	c, ok2 := src.IsConst()
	n, ok3 := size.IsConst()
	if !ok1 || !ok2 || !ok3 || !n.IsUint64() || n.Uint64()%32 != 0 || n.Uint64() > 1024 || !c.IsUint64() || !d.IsUint64() {
		s.clobber(dst, size)
		return
	}
	for i := uint64(0); i < n.Uint64(); i += 32 {
		var b [32]byte
		from := c.Uint64() + i
		if from < uint64(len(code)) {
			copy(b[:], code[from:min(from+32, uint64(len(code)))])
		}
		var w uint256.Int
		w.SetBytes32(b[:])
		s.mstore(ConstU(d.Uint64()+i), Const(w))
	}
}

func isArith(op vm.OpCode) bool {
	switch op {
	case vm.ADD, vm.MUL, vm.SUB, vm.DIV, vm.SDIV, vm.MOD, vm.SMOD, vm.ADDMOD, vm.MULMOD, vm.EXP, vm.SIGNEXTEND,
		vm.LT, vm.GT, vm.SLT, vm.SGT, vm.EQ, vm.ISZERO, vm.AND, vm.OR, vm.XOR, vm.NOT, vm.BYTE, vm.SHL, vm.SHR, vm.SAR:
		return true
	}
	return false
}

// arith evaluates an arithmetic or comparison opcode exactly when its
// operands are constants (with uint256, which go-ethereum's interpreter
// uses), and yields Top otherwise -- except where one known operand fixes
// the result (x*0, x&0, x|max).
func arith(s *State, op vm.OpCode) {
	n := int(stackIn[op])
	var argsBuf [3]Value
	var constsBuf [3]*uint256.Int
	args, consts := argsBuf[:n], constsBuf[:n]
	for i := range args {
		args[i] = s.pop()
	}
	allConst := true
	for i, a := range args {
		c, ok := a.IsConst()
		consts[i] = c
		allConst = allConst && ok
	}
	if !allConst {
		if n == 2 && (op == vm.MUL || op == vm.AND) {
			for _, a := range args {
				if c, ok := a.IsConst(); ok && c.IsZero() {
					s.push(ConstU(0))
					return
				}
			}
		}
		s.push(Top)
		return
	}
	var r uint256.Int
	evalArith(&r, op, consts)
	s.push(Const(r))
}

// evalArith computes op on constant operands into r, as the EVM does.
func evalArith(r *uint256.Int, op vm.OpCode, consts []*uint256.Int) {
	n := len(consts)
	a := consts[0]
	var b, c *uint256.Int
	if n > 1 {
		b = consts[1]
	}
	if n > 2 {
		c = consts[2]
	}
	switch op {
	case vm.ADD:
		r.Add(a, b)
	case vm.MUL:
		r.Mul(a, b)
	case vm.SUB:
		r.Sub(a, b)
	case vm.DIV:
		r.Div(a, b)
	case vm.SDIV:
		r.SDiv(a, b)
	case vm.MOD:
		r.Mod(a, b)
	case vm.SMOD:
		r.SMod(a, b)
	case vm.ADDMOD:
		if c.IsZero() {
			r.Clear()
		} else {
			r.AddMod(a, b, c)
		}
	case vm.MULMOD:
		if c.IsZero() {
			r.Clear()
		} else {
			r.MulMod(a, b, c)
		}
	case vm.EXP:
		r.Exp(a, b)
	case vm.SIGNEXTEND:
		r.ExtendSign(b, a)
	case vm.LT:
		boolWord(r, a.Lt(b))
	case vm.GT:
		boolWord(r, a.Gt(b))
	case vm.SLT:
		boolWord(r, a.Slt(b))
	case vm.SGT:
		boolWord(r, a.Sgt(b))
	case vm.EQ:
		boolWord(r, a.Eq(b))
	case vm.ISZERO:
		boolWord(r, a.IsZero())
	case vm.AND:
		r.And(a, b)
	case vm.OR:
		r.Or(a, b)
	case vm.XOR:
		r.Xor(a, b)
	case vm.NOT:
		r.Not(a)
	case vm.BYTE:
		r.Set(b)
		r.Byte(a)
	case vm.SHL:
		if a.LtUint64(256) {
			r.Lsh(b, uint(a.Uint64()))
		}
	case vm.SHR:
		if a.LtUint64(256) {
			r.Rsh(b, uint(a.Uint64()))
		}
	case vm.SAR:
		if a.GtUint64(255) {
			if b.Sign() >= 0 {
				r.Clear()
			} else {
				r.SetAllOne()
			}
		} else {
			r.SRsh(b, uint(a.Uint64()))
		}
	}
}

func boolWord(r *uint256.Int, b bool) {
	if b {
		r.SetOne()
	} else {
		r.Clear()
	}
}
