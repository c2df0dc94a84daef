package trace

import "github.com/ethereum/go-ethereum/core/vm"

// This file finds the KECCAK256 instructions whose output only
// addresses storage: a mapping's or a dynamic array's slot, read or
// written within the instruction's basic block. Their outputs need no
// LabelDigest (taint.go): following each until its SLOAD cost a traced
// transaction of mapping-heavy code several per cent, and a comparison
// of a few bits of a hash (cost.go) never reads one.

// slotHashes returns, per instruction of code, whether it is a
// KECCAK256 whose output (and every copy of it, and its sums with
// offsets) is consumed as the key of an SLOAD or SSTORE before its basic
// block ends, and by nothing else; nil if code has none.
func slotHashes(code []byte) []bool {
	var out []bool
	for pc := 0; pc < len(code); pc += opSize(code[pc]) {
		if vm.OpCode(code[pc]) != vm.KECCAK256 || !slotOnly(code, pc+1) {
			continue
		}
		if out == nil {
			out = make([]bool, len(code))
		}
		out[pc] = true
	}
	return out
}

// opSize is the size of the instruction op starts: one byte, and a
// PUSH's data.
func opSize(op byte) int {
	if op >= byte(vm.PUSH1) && op <= byte(vm.PUSH32) {
		return 1 + int(op-byte(vm.PUSH1)+1)
	}
	return 1
}

// maxSlotScan bounds the instructions slotOnly follows a hash through.
const maxSlotScan = 32

// slotOnly follows the hash a KECCAK256 left on top of the stack from
// the instruction at pc, by stack depth (0: the top), to the end of its
// basic block: true if every copy went into an SLOAD or SSTORE key,
// directly or plus an offset.
func slotOnly(code []byte, pc int) bool {
	var at uint32 = 1 // bit d: depth d holds the hash or a copy
	keyed := false
	for n := 0; pc < len(code) && n < maxSlotScan; n, pc = n+1, pc+opSize(code[pc]) {
		op := vm.OpCode(code[pc])
		switch {
		case at == 0:
			return keyed
		case op >= vm.DUP1 && op <= vm.DUP16:
			d := uint(op - vm.DUP1)
			at = at<<1 | at>>d&1
		case op >= vm.SWAP1 && op <= vm.SWAP16:
			d := uint(op-vm.SWAP1) + 1
			top, other := at&1, at>>d&1
			at = at&^(1|1<<d) | other | top<<d
		case op == vm.SLOAD:
			if at&1 != 0 {
				keyed = true
			}
			at &^= 1 // the loaded word is no hash
		case op == vm.SSTORE:
			if at&2 != 0 {
				return false // the hash stored as a value
			}
			keyed = keyed || at&1 != 0
			at >>= 2
		case op == vm.ADD:
			// A slot plus an offset (a struct's field, an array's
			// element) is still a slot.
			at = at>>2<<1 | (at&1 | at>>1&1)
		case op == vm.POP:
			at >>= 1
		default:
			e := stackEffect[op]
			pops, pushes := uint(e[0]), uint(e[1])
			if pops == 0 && pushes == 0 || op == vm.JUMP || op == vm.JUMPI {
				return false // the block ends (JUMPDEST, STOP, INVALID) with a copy live
			}
			if at&(1<<pops-1) != 0 {
				return false // consumed by anything else
			}
			at = at >> pops << pushes
		}
		if at>>30 != 0 {
			return false // too deep to follow
		}
	}
	return at == 0 && keyed
}
