package trace

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// This file is SWC-101 for code compiled with checked arithmetic (solc
// 0.8 and later), whose arithmetic sites (SetArith) are the expressions of
// unchecked blocks. Such a block says the author chose to wrap, so a wrap
// there is judged by where its value goes, more strictly than in legacy
// code: a store, an ether amount, an amount passed to another contract
// (taint.go, memtaint.go) or the return data count; a comparison does not
// (a counter or an index compared with a bound is what unchecked is for),
// and a value that went through bit operations (shifts, XOR, NOT, a mask
// that is not a type's cleanup) is a bit trick, not an amount.

// SetChecked marks code compiled with checked arithmetic.
func (c *Code) SetChecked() { c.checked = true }

// keepsWrap reports whether op, in code compiled with checked arithmetic,
// passes on the wrap label of an operand: arithmetic and the compiler's
// packing of a value into its storage slot (OR, SHL, a low mask) do, bit
// tricks do not. s is the stack before op.
func keepsWrap(op vm.OpCode, s []uint256.Int) bool {
	switch op {
	case vm.SHR, vm.SAR, vm.XOR, vm.NOT, vm.BYTE:
		return false
	case vm.AND:
		L := len(s)
		return lowMask(&s[L-1]) || lowMask(&s[L-2])
	}
	return true
}

// lowMask reports a cleanup mask: 2^(8k) - 1 for some k in 1..31.
func lowMask(v *uint256.Int) bool {
	n := v.BitLen()
	if n == 0 || n%8 != 0 || n == 256 {
		return false
	}
	return v.Eq(&cleanMasks[n/8])
}

// wrapIntoReturn reports a wrapped word in the data a RETURN of code
// compiled with checked arithmetic returns.
func (t *Tracer) wrapIntoReturn(f *frame, s []uint256.Int) {
	L := len(s)
	if src, ok := f.wrappedInput(&s[L-1], &s[L-2]); ok {
		t.event(Event{Kind: EventWrapUsed, Code: f.code, PC: src})
	}
}
