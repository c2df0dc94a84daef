package trace

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// This file keeps a shadow record of which stack slots hold comparison
// results, so the comparison that produced the exact word a JUMPI consumes
// decides its branch cost. solc's short-circuit && and || move that word
// through DUP, SWAP, POP and JUMPDEST on its way to the JUMPI; a "last
// comparison" kept only across PUSH and ISZERO lost it there, and the
// second operand of a && was never charged its distance.

// cmpSlot is a comparison result living in stack slot slot (counted from
// the bottom) of the frame at depth.
type cmpSlot struct {
	cmpState
	slot, depth int32
}

// maxCmpSlots bounds the live records; short-circuit chains keep two or
// three at once.
const maxCmpSlots = 6

// stackIn is the number of words each opcode pops (DUP and SWAP apart);
// undefined opcodes halt the frame and pop nothing.
var stackIn = func() (k [256]uint8) {
	for _, g := range []struct {
		n   uint8
		ops []vm.OpCode
	}{
		{1, []vm.OpCode{vm.ISZERO, vm.NOT, vm.BALANCE, vm.CALLDATALOAD, vm.EXTCODESIZE, vm.EXTCODEHASH, vm.BLOCKHASH, vm.BLOBHASH,
			vm.POP, vm.MLOAD, vm.SLOAD, vm.JUMP, vm.TLOAD, vm.SELFDESTRUCT}},
		{2, []vm.OpCode{vm.ADD, vm.MUL, vm.SUB, vm.DIV, vm.SDIV, vm.MOD, vm.SMOD, vm.EXP, vm.SIGNEXTEND,
			vm.LT, vm.GT, vm.SLT, vm.SGT, vm.EQ, vm.AND, vm.OR, vm.XOR, vm.BYTE, vm.SHL, vm.SHR, vm.SAR, vm.KECCAK256,
			vm.MSTORE, vm.MSTORE8, vm.SSTORE, vm.JUMPI, vm.TSTORE, vm.RETURN, vm.REVERT, vm.LOG0}},
		{3, []vm.OpCode{vm.ADDMOD, vm.MULMOD, vm.CALLDATACOPY, vm.CODECOPY, vm.RETURNDATACOPY, vm.MCOPY, vm.CREATE, vm.LOG1}},
		{4, []vm.OpCode{vm.EXTCODECOPY, vm.CREATE2, vm.LOG2}},
		{5, []vm.OpCode{vm.LOG3}},
		{6, []vm.OpCode{vm.DELEGATECALL, vm.STATICCALL, vm.LOG4}},
		{7, []vm.OpCode{vm.CALL, vm.CALLCODE}},
	} {
		for _, o := range g.ops {
			k[o] = g.n
		}
	}
	return k
}()

// maxOperands bounds the comparison operands kept per transaction.
const maxOperands = 32

// Operands returns the comparison operands the current transaction saw
// (reused by the next transaction).
func (t *Tracer) Operands() []uint256.Int { return t.operands[:min(t.nOperands, maxOperands)] }

// cmpStep updates the records for op about to run on stack s at depth,
// and sets t.cmp to the comparison deciding a JUMPI (t.cmp.valid).
func (t *Tracer) cmpStep(op vm.OpCode, depth int, s []uint256.Int) {
	t.cmp.valid = false
	cls := opClasses[op]
	if t.nCmps == 0 && cls != classCmp && cls != classIsZero {
		return
	}
	n, d := int32(len(s)), int32(depth)
	switch {
	case op >= vm.DUP1 && op <= vm.DUP16:
		t.dropCmps(d, n+1) // returned frames only
		if i := t.cmpAt(d, n-1-int32(op-vm.DUP1)); i >= 0 {
			c := t.cmps[i]
			c.slot = n
			t.addCmp(c)
		}
	case op >= vm.SWAP1 && op <= vm.SWAP16:
		t.dropCmps(d, n+1)
		top, other := n-1, n-2-int32(op-vm.SWAP1)
		for i := range t.cmps[:t.nCmps] {
			switch c := &t.cmps[i]; c.slot {
			case top:
				c.slot = other
			case other:
				c.slot = top
			}
		}
	case cls == classIsZero:
		if i := t.cmpAt(d, n-1); i >= 0 {
			t.cmps[i].neg = !t.cmps[i].neg
			t.dropCmps(d, n+1)
			return
		}
		t.dropCmps(d, n-1)
		t.addCmp(cmpSlot{cmpState: cmpState{op: vm.EQ, a: s[n-1], valid: true}, slot: n - 1, depth: d})
	case cls == classCmp:
		t.dropCmps(d, n-2)
		hashed := t.digestOps != 0 && hashedCmp(t.digestOps, s)
		t.digestOps = 0
		t.addCmp(cmpSlot{cmpState: cmpState{op: op, a: s[n-1], b: s[n-2], valid: true, hashed: hashed}, slot: n - 2, depth: d})
	case op == vm.AND || op == vm.OR:
		t.boolOp(op, d, s)
	default:
		if cls == classJumpi {
			if i := t.cmpAt(d, n-2); i >= 0 {
				t.cmp = t.cmps[i].cmpState
			}
		}
		t.dropCmps(d, n-int32(stackIn[op]))
	}
}

// boolOp carries a record through AND or OR of solc booleans: the result
// follows the operand whose flip flips it (the false one of a false AND,
// the true one of a true OR), or the only recorded operand when the other
// leaves it unchanged (AND with true, OR with false).
func (t *Tracer) boolOp(op vm.OpCode, d int32, s []uint256.Int) {
	n := int32(len(s))
	x, y := t.cmpAt(d, n-1), t.cmpAt(d, n-2)
	vx, vy := &s[n-1], &s[n-2]
	var keep cmpSlot
	ok := false
	// The operand whose value decides: 0 for AND, 1 for OR.
	decisive := uint64(0)
	if op == vm.OR {
		decisive = 1
	}
	switch {
	case x >= 0 && y >= 0 && t.cmps[x].isBool() && t.cmps[y].isBool():
		keep, ok = t.cmps[x], true
		if !vx.IsUint64() || vx.Uint64() != decisive {
			if vy.IsUint64() && vy.Uint64() == decisive {
				keep = t.cmps[y]
			}
		}
	case x >= 0 && y < 0 && t.cmps[x].isBool() && vy.IsUint64() && vy.Uint64() == 1-decisive:
		keep, ok = t.cmps[x], true
	case y >= 0 && x < 0 && t.cmps[y].isBool() && vx.IsUint64() && vx.Uint64() == 1-decisive:
		keep, ok = t.cmps[y], true
	}
	t.dropCmps(d, n-2)
	if ok {
		keep.slot = n - 2
		t.addCmp(keep)
	}
}

// isBool reports whether the recorded word is 0 or 1: all comparisons but
// an unnegated SUB (solc's a != b).
func (c *cmpSlot) isBool() bool { return c.op != vm.SUB || c.neg }

// cmpAt returns the index of the record for slot at depth d, or -1.
func (t *Tracer) cmpAt(d, slot int32) int {
	for i := range t.cmps[:t.nCmps] {
		if t.cmps[i].depth == d && t.cmps[i].slot == slot {
			return i
		}
	}
	return -1
}

// dropCmps removes the records at depth d in slots from and above (the
// words the next opcode pops), and those of frames deeper than d, which
// have returned. It runs on most opcodes while a record lives: finding
// nothing to drop must not copy the records (each holds two words).
func (t *Tracer) dropCmps(d, from int32) {
	for i := range t.cmps[:t.nCmps] {
		if c := &t.cmps[i]; c.depth > d || c.depth == d && c.slot >= from {
			t.compactCmps(i, d, from)
			return
		}
	}
}

// compactCmps drops, from record i on (which goes), the records dropCmps
// drops.
func (t *Tracer) compactCmps(i int, d, from int32) {
	k := i
	for j := i + 1; j < t.nCmps; j++ {
		if c := &t.cmps[j]; c.depth > d || c.depth == d && c.slot >= from {
			continue
		}
		t.cmps[k] = t.cmps[j]
		k++
	}
	t.nCmps = k
}

// addCmp records c, forgetting the oldest record when all are in use.
func (t *Tracer) addCmp(c cmpSlot) {
	if t.nCmps == maxCmpSlots {
		copy(t.cmps[:], t.cmps[1:])
		t.nCmps--
	}
	t.cmps[t.nCmps] = c
	t.nCmps++
}
