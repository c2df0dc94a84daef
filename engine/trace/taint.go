package trace

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// This file follows a few kinds of values through the stack of a frame,
// for the vulnerability oracles: the success flag of a call (SWC-104: does
// any copy of it decide anything? callflag.go), block.timestamp and block.number
// and the block's hashes and prevrandao (SWC-116, SWC-120: do they
// decide a payment?), tx.origin (SWC-115: is it
// an authorisation check?) and the result of an arithmetic operation that
// wrapped in its Solidity type (SWC-101: does the wrapped value matter?).
// Values are followed through arithmetic, comparisons, DUP and SWAP, not
// through memory or storage: a value that leaves the stack is "used".
//
// Tracking only runs while a frame holds a followed value, which is rare;
// the common path costs one comparison per opcode.

// Label is a set of value kinds.
type Label uint16

// Labels of followed values.
const (
	LabelCallFlag  Label = 1 << iota // the success flag a call pushed (callflag.go)
	LabelTimestamp                   // block.timestamp
	LabelNumber                      // block.number
	LabelOrigin                      // tx.origin
	LabelCaller                      // msg.sender (to recognise tx.origin == msg.sender)
	LabelOriginEq                    // tx.origin compared with something other than msg.sender
	LabelWrap                        // an arithmetic result that wrapped
	LabelHash                        // a keccak256 result (a mapping or array slot)
	LabelHashWrap                    // a hash plus an offset that wrapped past 2^256
	LabelRandom                      // blockhash or block.prevrandao: known to every transaction of the block
	LabelRecheck                     // a slot the frame read again after a reentrant frame of its function read it (events.go)
	LabelCoin                        // block data used as a coin, not a clock (blockdata.go)
	LabelDigest                      // a keccak256 result that is no storage slot (slothash.go), for comparisons of a few of its bits (cost.go)
)

// stackEffect gives each opcode's pops and pushes (DUP and SWAP are
// handled apart).
var stackEffect = func() (e [256][2]int8) {
	set := func(pop, push int8, ops ...vm.OpCode) {
		for _, o := range ops {
			e[o] = [2]int8{pop, push}
		}
	}
	set(2, 1, vm.ADD, vm.MUL, vm.SUB, vm.DIV, vm.SDIV, vm.MOD, vm.SMOD, vm.EXP, vm.SIGNEXTEND,
		vm.LT, vm.GT, vm.SLT, vm.SGT, vm.EQ, vm.AND, vm.OR, vm.XOR, vm.BYTE, vm.SHL, vm.SHR, vm.SAR, vm.KECCAK256)
	set(3, 1, vm.ADDMOD, vm.MULMOD)
	set(1, 1, vm.ISZERO, vm.NOT, vm.BALANCE, vm.CALLDATALOAD, vm.EXTCODESIZE, vm.EXTCODEHASH,
		vm.BLOCKHASH, vm.BLOBHASH, vm.MLOAD, vm.SLOAD, vm.TLOAD)
	set(0, 1, vm.ADDRESS, vm.ORIGIN, vm.CALLER, vm.CALLVALUE, vm.CALLDATASIZE, vm.CODESIZE, vm.GASPRICE,
		vm.RETURNDATASIZE, vm.COINBASE, vm.TIMESTAMP, vm.NUMBER, vm.PREVRANDAO, vm.GASLIMIT, vm.CHAINID,
		vm.SELFBALANCE, vm.BASEFEE, vm.BLOBBASEFEE, vm.PC, vm.MSIZE, vm.GAS, vm.PUSH0)
	for o := vm.PUSH1; o <= vm.PUSH32; o++ {
		set(0, 1, o)
	}
	set(3, 0, vm.CALLDATACOPY, vm.CODECOPY, vm.RETURNDATACOPY, vm.MCOPY)
	set(4, 0, vm.EXTCODECOPY)
	set(1, 0, vm.POP, vm.JUMP, vm.SELFDESTRUCT)
	set(2, 0, vm.MSTORE, vm.MSTORE8, vm.SSTORE, vm.JUMPI, vm.TSTORE, vm.RETURN, vm.REVERT)
	for i := 0; i <= 4; i++ {
		set(int8(2+i), 0, vm.LOG0+vm.OpCode(i))
	}
	set(3, 1, vm.CREATE)
	set(4, 1, vm.CREATE2)
	set(7, 1, vm.CALL, vm.CALLCODE)
	set(6, 1, vm.DELEGATECALL, vm.STATICCALL)
	return e
}()

// propagates reports whether an operation's result carries its operands'
// labels: arithmetic, comparisons and bit operations do; loads, hashes and
// calls do not (their inputs are addresses, not values).
var propagates = func() (p [256]bool) {
	for _, o := range []vm.OpCode{vm.ADD, vm.MUL, vm.SUB, vm.DIV, vm.SDIV, vm.MOD, vm.SMOD, vm.EXP,
		vm.SIGNEXTEND, vm.LT, vm.GT, vm.SLT, vm.SGT, vm.EQ, vm.AND, vm.OR, vm.XOR, vm.BYTE, vm.SHL,
		vm.SHR, vm.SAR, vm.ADDMOD, vm.MULMOD, vm.ISZERO, vm.NOT, vm.BLOCKHASH} {
		p[o] = true
	}
	return p
}()

// sources maps the opcodes whose result every code follows to their
// label; NewCode and SetLegacy add code-specific ones.
var sources = func() (s [256]Label) {
	s[vm.TIMESTAMP] = LabelTimestamp
	s[vm.NUMBER] = LabelNumber
	s[vm.ORIGIN] = LabelOrigin
	s[vm.BLOCKHASH] = LabelRandom
	s[vm.PREVRANDAO] = LabelRandom
	s[vm.KECCAK256] = LabelDigest
	return s
}()

// taintMove follows the labels through a DUP or SWAP, which only move
// stack slots; it reports whether op was one.
func (t *Tracer) taintMove(f *frame, op vm.OpCode, L int32) bool {
	ts := &f.taints
	switch {
	case op >= vm.DUP1 && op <= vm.DUP16:
		if tt := ts.at(L - int32(op-vm.DUP1) - 1); tt.label != 0 {
			if !ts.add(L, tt.label, tt.src, tt.call) && tt.call >= 0 {
				// A copy we cannot follow may be checked: assume it is.
				t.flagUsed(f, tt.call)
			}
		}
		return true
	case op >= vm.SWAP1 && op <= vm.SWAP16:
		a, b := L-1, L-2-int32(op-vm.SWAP1)
		for i := 0; i < ts.n; i++ {
			switch ts.t[i].pos {
			case a:
				ts.t[i].pos = b
			case b:
				ts.t[i].pos = a
			}
		}
		return true
	}
	return false
}

// taintStep follows labelled values through one instruction of frame f, before
// it executes. s is the stack; the result (if any) will sit at index
// len(s)-pops.
func (t *Tracer) taintStep(f *frame, c *Code, op vm.OpCode, pc uint64, s []uint256.Int) {
	if t.taintMove(f, op, int32(len(s))) {
		return
	}
	L, ts := int32(len(s)), &f.taints
	eff, pops := stackEffect[op], int32(stackEffect[op][0])
	var inherit Label
	var src uint64
	var operand [2]Label // labels of the top two operands
	var opSrc [2]uint64  // and where they came from
	flags := flagUse{carry: -1}
	for i := 0; i < ts.n; {
		tt := ts.t[i]
		if tt.pos < L-pops {
			i++
			continue
		}
		arg := L - 1 - tt.pos // 0 = top of stack
		if arg < 2 {
			operand[arg] |= tt.label
			opSrc[arg] = tt.src
		}
		t.sink(f, c, op, pc, arg, tt, &s[tt.pos])
		if tt.call >= 0 {
			flags.consume(op, tt.call)
		}
		if inherit == 0 {
			src = tt.src
		}
		inherit |= tt.label
		ts.n--
		ts.t[i] = ts.t[ts.n]
	}
	if opClasses[op] == classCmp && (operand[0]|operand[1])&LabelDigest != 0 {
		t.digestOps = digestOperands(operand)
	}
	if op == vm.MSTORE && (operand[1]&memLabels != 0 || f.nMem > 0) {
		f.mstore(&s[L-1], operand[1], opSrc[1])
	}
	if f.nMem > 0 {
		t.wrapIntoCall(f, op, s)
	}
	if eff[1] == 0 {
		t.settleFlags(f, &flags, false)
		return
	}
	l := f.sourceLabel(c, op, pc, s)
	switch {
	case l != 0:
		src = pc // the value starts here
	case op == vm.ADD && inherit&LabelHash != 0:
		// A storage address past the end of the address space: an array
		// index that wrapped around onto other variables (HARVEY Fig. 3).
		var r uint256.Int
		if _, carry := r.AddOverflow(&s[L-1], &s[L-2]); carry {
			l = LabelHashWrap
		} else {
			l = LabelHash
		}
		l |= inherit &^ (LabelCaller | LabelHash)
	case propagates[op]:
		l |= inherit | coinLabel(op, s, inherit, operand)
		if (operand[0]|operand[1])&LabelWrap != 0 && (t.wrapCheck(f, op, s, operand, opSrc) || c.checked && !keepsWrap(op, s)) {
			l &^= LabelWrap
		}
		if op == vm.EQ {
			if (operand[0]|operand[1])&LabelOrigin != 0 && (operand[0]|operand[1])&LabelCaller == 0 {
				// tx.origin == msg.sender rejects contracts; it authorises
				// nobody. Any other comparison with tx.origin authorises.
				l |= LabelOriginEq
			}
			l &^= LabelOrigin | LabelCaller
		}
	}
	if flags.carry < 0 {
		l &^= LabelCallFlag
	}
	if l != 0 {
		if src == 0 {
			src = pc
		}
		carried := ts.add(L-pops, l, src, flags.carry)
		t.settleFlags(f, &flags, carried)
		return
	}
	t.settleFlags(f, &flags, false)
}

// sourceLabel returns the labels the result of op at pc of c starts
// with (a value starting there, whatever its operands carried): its
// source's, but no digest for a keccak that only addresses storage
// (slothash.go), and the labels of labelled memory it hashes or reads
// back.
func (f *frame) sourceLabel(c *Code, op vm.OpCode, pc uint64, s []uint256.Int) Label {
	L := len(s)
	l := c.sources[op]
	if op == vm.KECCAK256 && c.slotHash != nil && c.slotHash[pc] {
		l &^= LabelDigest // a storage slot, compared with nothing
	}
	if op == vm.KECCAK256 && f.nMem > 0 {
		if h := f.hashed(&s[L-1], &s[L-2]); h != 0 {
			l |= h | hashCoin(h)
		}
	}
	if op == vm.MLOAD && f.nMem > 0 {
		// A labelled word read back (solc before 0.5 copies packed
		// encodings word by word before hashing them).
		if h := f.hashed(&s[L-1], wordSize); h != 0 {
			l |= h
		}
	}
	return l
}

// sink handles a labelled value v consumed by op (at pc of c) as its
// arg-th operand.
func (t *Tracer) sink(f *frame, c *Code, op vm.OpCode, pc uint64, arg int32, tt taint, v *uint256.Int) {
	switch op {
	case vm.JUMPI:
		if arg != 1 {
			return
		}
		if tt.call >= 0 {
			t.flagBranch(f, tt.call)
		}
		if tt.label&blockLabels != 0 {
			f.timeBranch, f.timeLabel = f.lastUser, tt.label&timeLabels
		}
		if tt.label&LabelOriginEq != 0 {
			t.event(Event{Kind: EventOriginAuth, Code: f.code, PC: f.lastUser})
		}
		if tt.label&LabelWrap != 0 && (f.c == nil || !f.c.checked) {
			t.event(Event{Kind: EventWrapUsed, Code: f.code, PC: tt.src})
		}
		if tt.label&LabelRecheck != 0 && pc < uint64(len(c.UserPC)) && c.UserPC[pc] {
			// A condition of the user's source. Checked arithmetic's
			// underflow test of a debit after the call is part of the
			// write, no check of what the re-entry left.
			t.rechecked(f, int(f.index))
		}
	case vm.SSTORE:
		if arg == 1 && tt.label&LabelWrap != 0 {
			t.event(Event{Kind: EventWrapUsed, Code: f.code, PC: tt.src})
		}
		if arg == 0 && tt.label&LabelHashWrap != 0 && v[1]|v[2]|v[3] == 0 {
			// The wrapped address landed among the declared variables
			// (slots below 2^64), not in another hashed region.
			t.event(Event{Kind: EventWrappedSlot, Code: f.code, PC: f.lastUser})
		}
	case vm.CALL, vm.CALLCODE:
		if arg == 2 && tt.label&LabelWrap != 0 {
			t.event(Event{Kind: EventWrapUsed, Code: f.code, PC: tt.src})
		}
		if arg == 2 && tt.label&blockLabels != 0 {
			f.timeBranch, f.timeLabel = f.lastUser, tt.label&timeLabels
		}
	}
}

// wrapIntoCall reports a wrapped word in memory that op, a call to a
// contract (not a precompile: a hash of a wrapped value uses nothing),
// passes as input.
func (t *Tracer) wrapIntoCall(f *frame, op vm.OpCode, s []uint256.Int) {
	L := len(s)
	var in int
	switch op {
	case vm.CALL, vm.CALLCODE:
		in = L - 4
	case vm.DELEGATECALL, vm.STATICCALL:
		in = L - 3
	case vm.RETURN:
		if f.c != nil && f.c.checked {
			t.wrapIntoReturn(f, s)
		}
		return
	default:
		return
	}
	if to := &s[L-2]; to.IsUint64() && to.Uint64() <= 0xff {
		return
	}
	if src, ok := f.wrappedInput(&s[in], &s[in-1]); ok {
		t.event(Event{Kind: EventWrapUsed, Code: f.code, PC: src})
	}
}

// arithmetic checks whether ADD, SUB or MUL at pc wraps in the Solidity
// type of the expression it computes, and if so labels its result.
func (t *Tracer) arithmetic(f *frame, a ArithType, op vm.OpCode, pc uint64, s []uint256.Int) {
	x, y := &s[len(s)-1], &s[len(s)-2]
	if wraps(a, op, x, y) {
		f.taints.label(int32(len(s)-2), LabelWrap, pc)
		f.wrapSrc, f.wrapOps = pc, [2]uint256.Int{*x, *y}
	}
}

// wrapCheck reports whether op, consuming a wrapped value, checks the wrap
// rather than using the value: an equality (a counter compared with !=,
// modular arithmetic on purpose), or SafeMath's idiom of comparing the
// result with an operand of the operation that wrapped (c < a for a + b,
// c / a for a * b). A checked wrap is handled: every copy of it loses its
// label.
func (t *Tracer) wrapCheck(f *frame, op vm.OpCode, s []uint256.Int, operand [2]Label, opSrc [2]uint64) bool {
	L := len(s)
	for arg := 0; arg < 2; arg++ {
		if operand[arg]&LabelWrap == 0 || opSrc[arg] != f.wrapSrc {
			continue
		}
		other := &s[L-1-(1-arg)]
		switch op {
		case vm.EQ:
		case vm.LT, vm.GT, vm.SLT, vm.SGT:
			if !other.Eq(&f.wrapOps[0]) && !other.Eq(&f.wrapOps[1]) {
				continue
			}
		case vm.DIV, vm.SDIV:
			// c / a: the wrapped value divided by an operand.
			if arg != 0 || !other.Eq(&f.wrapOps[0]) && !other.Eq(&f.wrapOps[1]) {
				continue
			}
		default:
			return false
		}
		f.taints.strip(f.wrapSrc, LabelWrap)
		f.memStrip(f.wrapSrc, LabelWrap)
		return true
	}
	return op == vm.EQ
}

// ArithType is the Solidity integer type of an arithmetic expression.
type ArithType struct {
	Bits   uint16 // 8..256; 0 = not an arithmetic site
	Signed bool
}

// wraps reports whether x op y (EVM operand order: x is the top of the
// stack) leaves the range of type a.
func wraps(a ArithType, op vm.OpCode, x, y *uint256.Int) bool {
	bits := uint(a.Bits)
	if bits < 256 {
		// Compilers clean operands to their type, but not always before
		// the operation: clean them here.
		var cx, cy uint256.Int
		if a.Signed {
			cx.ExtendSign(x, &signBytes[bits/8])
			cy.ExtendSign(y, &signBytes[bits/8])
		} else {
			cx.And(x, &cleanMasks[bits/8])
			cy.And(y, &cleanMasks[bits/8])
		}
		x, y = &cx, &cy
	}
	if !a.Signed {
		// Operands are clean N-bit values; compare in 512 bits' worth.
		switch op {
		case vm.ADD:
			var r uint256.Int
			_, carry := r.AddOverflow(x, y)
			return carry || r.BitLen() > int(bits)
		case vm.SUB:
			return x.Lt(y)
		case vm.MUL:
			var r uint256.Int
			_, over := r.MulOverflow(x, y)
			return over || r.BitLen() > int(bits)
		}
		return false
	}
	var r uint256.Int
	switch op {
	case vm.ADD:
		r.Add(x, y)
		if bits == 256 {
			// Signed overflow: operands of one sign, result of the other.
			return x.Sign() == y.Sign() && x.Sign() != 0 && r.Sign() != x.Sign()
		}
	case vm.SUB:
		r.Sub(x, y)
		if bits == 256 {
			return x.Sign() != y.Sign() && y.Sign() != 0 && x.Sign() != 0 && r.Sign() != x.Sign() ||
				x.IsZero() && y.Eq(minInt256)
		}
	case vm.MUL:
		r.Mul(x, y)
		if bits == 256 {
			if x.IsZero() || y.IsZero() {
				return false
			}
			var q uint256.Int
			q.SDiv(&r, y)
			return !q.Eq(x) || (x.Eq(minusOne) && y.Eq(minInt256)) || (y.Eq(minusOne) && x.Eq(minInt256))
		}
	default:
		return false
	}
	// Narrow signed: the exact result of sign-extended operands fits in
	// 256 bits; it must equal its own sign extension from bits.
	var ext uint256.Int
	ext.ExtendSign(&r, &signBytes[bits/8])
	return !ext.Eq(&r)
}

// cleanMasks[k] keeps the low k bytes; signBytes[k] is the byte index
// SIGNEXTEND takes for a k-byte type.
var cleanMasks, signBytes = func() (m, b [33]uint256.Int) {
	for k := 1; k <= 32; k++ {
		m[k].Lsh(uint256.NewInt(1), uint(8*k))
		m[k].SubUint64(&m[k], 1)
		b[k].SetUint64(uint64(k - 1))
	}
	return m, b
}()

var (
	wordSize  = uint256.NewInt(32)
	minusOne  = new(uint256.Int).SetAllOne()
	minInt256 = new(uint256.Int).Lsh(uint256.NewInt(1), 255)
)
