package solve

import (
	"math/big"
	"math/bits"

	"github.com/holiman/uint256"
)

// This file gives the joint solve (joint.go) the range guards next to its
// equalities. Elimination and the step along one direction pick a point
// of the equalities' solution lattice modulo 2^n without looking at the
// path's inequalities, so beside require(lo <= x && x < hi) they move x
// by a 64-bit quotient and leave its range (a4*1078 + a7*769 == C under
// a7 < 0xa1ca5, solved along a7's odd coefficient). An inequality whose
// one operand moved exactly as one argument did in a probe (the other
// operand staying put) bounds that argument: x - s < w modulo 2^n, the
// side the base took for a guard and the other side for the target. A
// solution that leaves a bound is replaced, when one exists, by a search
// over the bounded argument: for each value of it in its window (nearest
// first, at most maxBoundedSteps), the other direction's step that
// solves the equation exactly modulo 2^n (the odd part inverted, each of
// the 2^v lifts tried), kept if every bound holds. Pure arithmetic: one
// run for the answer. This is Angora's "input-to-state plus constraint
// solving per branch" widened to a branch and the ranges above it, and
// HARVEY's prediction made to respect the path it already satisfies.

// maxBoundedSteps bounds the values of the bounded argument tried.
const maxBoundedSteps = 4096

// maxLifts bounds the solutions tried per value, of the 2^v an even
// coefficient gives.
const maxLifts = 16

// argBound says argument k must satisfy (x - start) mod 2^bits < size.
type argBound struct {
	k           int
	idx         int32
	start, size uint256.Int
	// direct is 1 + the side of the base's comparison that equalled the
	// argument for a bound directBounds guessed, 0 for a measured one.
	direct int
}

// mask reduces x modulo 2^bits.
func mask(x *uint256.Int, bits uint) *uint256.Int {
	if bits < 256 {
		var m uint256.Int
		m.Lsh(uint256.NewInt(1), bits).SubUint64(&m, 1)
		x.And(x, &m)
	}
	return x
}

// inBound reports whether x lies in b.
func (b *argBound) holds(x *uint256.Int, bits uint) bool {
	var d uint256.Int
	d.Sub(x, &b.start)
	return mask(&d, bits).Lt(&b.size)
}

// sideBound returns the range of side that takes the desired edge of a
// comparison of side with the fixed word lim, side0 the base's value:
// the relation the base holds for a guard (target false) and the other
// one for the target. ok is false when side0 == lim (either relation may
// be meant) or lim does not fit in bits.
func sideBound(side0, lim *uint256.Int, bits uint, target bool) (start, size uint256.Int, ok bool) {
	if side0.Eq(lim) || (bits < 256 && lim.BitLen() > int(bits)) {
		return start, size, false
	}
	below := side0.Lt(lim) != target
	var top uint256.Int // 2^bits, or 0 for 2^256
	if bits < 256 {
		top.Lsh(uint256.NewInt(1), bits)
	}
	switch {
	case below:
		size = *lim
	case target:
		start = *lim
		size.Sub(&top, lim)
	default:
		start.AddUint64(lim, 1)
		size.Sub(&top, &start)
	}
	return start, size, !size.IsZero()
}

// oddInverse returns u^-1 modulo 2^256 for odd u (Newton's iteration,
// doubling the correct bits from three).
func oddInverse(u *uint256.Int) uint256.Int {
	x := *u
	var t uint256.Int
	for range 7 {
		t.Mul(u, &x)
		t.Sub(uint256.NewInt(2), &t)
		x.Mul(&x, &t)
	}
	return x
}

// lattice2 enumerates the solutions of cx*t + cy*u + r == 0 modulo
// 2^bits over the steps ts of t: for each, the us that solve for u (up to
// maxLifts of them), passed to ok until it accepts one.
func lattice2(bits uint, cx, cy, r *uint256.Int, ts func(yield func(*uint256.Int) bool), ok func(t, u *uint256.Int) bool) (t, u uint256.Int, found bool) {
	var c uint256.Int
	mask(c.Set(cy), bits)
	if c.IsZero() {
		return t, u, false
	}
	v := trailingZeros(&c)
	odd := c
	odd.Rsh(&odd, v)
	inv := oddInverse(&odd)
	var lift uint256.Int // 2^(bits-v)
	lift.Lsh(uint256.NewInt(1), bits-v)
	lifts := uint64(maxLifts)
	if v < 4 {
		lifts = 1 << v
	}
	ts(func(tt *uint256.Int) bool {
		var rhs uint256.Int
		rhs.Mul(cx, tt).Add(&rhs, r).Neg(&rhs)
		mask(&rhs, bits)
		if !rhs.IsZero() && trailingZeros(&rhs) < v {
			return true
		}
		var u0 uint256.Int
		u0.Rsh(&rhs, v).Mul(&u0, &inv)
		mask(&u0, bits-v)
		for i := uint64(0); i < lifts; i++ {
			if ok(tt, &u0) {
				t, u, found = *tt, u0, true
				return false
			}
			u0.Add(&u0, &lift)
			mask(&u0, bits)
		}
		return true
	})
	return t, u, found
}

// windowSteps yields the steps t that keep x0 + t in bound b (modulo
// 2^bits), at most maxBoundedSteps: nearest first from x0 when x0 is
// inside, else upward from the bound's start.
func windowSteps(x0 *uint256.Int, b *argBound, bits uint) func(yield func(*uint256.Int) bool) {
	return func(yield func(*uint256.Int) bool) {
		var t uint256.Int
		if b.holds(x0, bits) {
			var lo, hi uint256.Int // room below and above x0 in the window
			lo.Sub(x0, &b.start)
			mask(&lo, bits)
			hi.Sub(&b.size, &lo).SubUint64(&hi, 1)
			if !yield(&t) {
				return
			}
			for i := uint64(1); i < maxBoundedSteps/2; i++ {
				if hi.CmpUint64(i) >= 0 {
					if !yield(t.SetUint64(i)) {
						return
					}
				}
				if lo.CmpUint64(i) >= 0 {
					t.SetUint64(i)
					if !yield(mask(t.Neg(&t), bits)) {
						return
					}
				}
			}
			return
		}
		var d uint256.Int
		d.Sub(&b.start, x0)
		for i := uint64(0); i < maxBoundedSteps && b.size.CmpUint64(i) > 0; i++ {
			t.AddUint64(&d, i)
			if !yield(mask(&t, bits)) {
				return
			}
		}
	}
}

// modWord returns e modulo 2^bits as a word.
func modWord(e *big.Int, bits uint) uint256.Int {
	if e == nil {
		return uint256.Int{}
	}
	var w uint256.Int
	x := new(big.Int).Mod(e, new(big.Int).Lsh(big.NewInt(1), bits))
	w.SetFromBig(x)
	return w
}

// trailingZeros is the 2-adic valuation of a non-zero word.
func trailingZeros(x *uint256.Int) uint {
	for i, w := range x {
		if w != 0 {
			return uint(i*64 + bits.TrailingZeros64(w))
		}
	}
	return 256
}
