package calldata

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/holiman/uint256"
)

// Bits returns the number of significant bits of a scalar type: N for intN,
// uintN and bytesN*8, 160 for address, 1 for bool, 192 for function and 256
// for the remaining word types. It returns 0 for non-scalar types.
func Bits(t *abi.Type) int {
	switch t.T {
	case abi.IntTy, abi.UintTy:
		return t.Size
	case abi.AddressTy:
		return 160
	case abi.BoolTy:
		return 1
	case abi.FixedBytesTy:
		return 8 * t.Size
	case abi.FunctionTy:
		return 192
	case abi.HashTy, abi.FixedPointTy:
		return 256
	}
	return 0
}

// Signed reports whether t is a signed integer type.
func Signed(t *abi.Type) bool { return t.T == abi.IntTy }

// leftAligned reports whether the significant bits of t are the high bits
// of the word (bytesN, function) rather than the low ones.
func leftAligned(t *abi.Type) bool {
	return t.T == abi.FixedBytesTy || t.T == abi.FunctionTy
}

// lowMask returns a word whose low n bits are set.
func lowMask(n int) uint256.Int {
	var m uint256.Int
	if n <= 0 {
		return m
	}
	m.SetAllOne()
	if n < 256 {
		m.Rsh(&m, uint(256-n))
	}
	return m
}

// bit reports whether bit n of w is set.
func bit(w *uint256.Int, n int) bool {
	return w[n/64]>>(n%64)&1 == 1
}

// signExtend sign-extends w from its low n bits to 256 bits.
func signExtend(w uint256.Int, n int) uint256.Int {
	if n <= 0 || n >= 256 {
		return w
	}
	m := lowMask(n)
	if bit(&w, n-1) {
		m.Not(&m)
		return *w.Or(&w, &m)
	}
	return *w.And(&w, &m)
}

// normalize returns the valid word of type t closest to w by truncation:
// unsigned types keep their low bits, signed types are sign-extended from
// their width, left-aligned types keep their high bits.
func normalize(t *abi.Type, w uint256.Int) uint256.Int {
	n := Bits(t)
	switch {
	case n == 0 || n >= 256:
		return w
	case t.T == abi.IntTy:
		return signExtend(w, n)
	case leftAligned(t):
		m := lowMask(256 - n)
		m.Not(&m)
		return *w.And(&w, &m)
	default:
		m := lowMask(n)
		return *w.And(&w, &m)
	}
}

// maxWord returns the largest value of the scalar type t as a word.
func maxWord(t *abi.Type) uint256.Int {
	n := Bits(t)
	switch {
	case t.T == abi.IntTy:
		return lowMask(n - 1)
	case leftAligned(t):
		m := lowMask(256 - n)
		m.Not(&m)
		return m
	}
	return lowMask(n)
}

// minWord returns the smallest value of the scalar type t as a word (two's
// complement for signed types).
func minWord(t *abi.Type) uint256.Int {
	if t.T != abi.IntTy {
		return uint256.Int{}
	}
	m := lowMask(Bits(t) - 1)
	m.Not(&m)
	return m
}

// Clamp returns the word of the scalar type t closest to w: unsigned types
// (and address, bool) saturate at their maximum; signed types interpret w
// as a 256-bit two's complement number and saturate at the minimum and
// maximum of their width; bytesN and function keep their high bytes. Input
// prediction uses it to turn a predicted word into a valid argument.
func Clamp(t *abi.Type, w uint256.Int) uint256.Int {
	n := Bits(t)
	switch {
	case n == 0 || n >= 256:
		return w
	case t.T == abi.IntTy:
		if hi := maxWord(t); w.Sgt(&hi) {
			return hi
		}
		if lo := minWord(t); w.Slt(&lo) {
			return lo
		}
		return w
	case leftAligned(t):
		return normalize(t, w)
	default:
		if w.BitLen() > n {
			return lowMask(n)
		}
		return w
	}
}

// SetWord sets the scalar leaf at p to Clamp(type, w) and reports whether p
// addresses a scalar leaf.
func SetWord(args []Value, p Path, w uint256.Int) bool {
	v := At(args, p)
	if v == nil || v.Type == nil || !isWord(v.Type) {
		return false
	}
	v.Word = Clamp(v.Type, w)
	return true
}
