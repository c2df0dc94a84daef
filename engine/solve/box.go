package solve

import (
	"math/big"

	"github.com/holiman/uint256"
)

// Equation in a box: the arithmetic. Class: one linear equation in two
// unknowns, cx*t + cy*u + r == 0 modulo 2^n, with t and u each in a
// window (a7*755 + a0*3453 == K under a7 < 0xa11be and a0 < 0x425f2523
// has one integer root, a0 near 1.1e9). Walking one window a value at a
// time (lattice2 over windowSteps, at most maxBoundedSteps) misses when
// both are bounded and the root lies deep in the wider one; the
// solutions form a coset of a lattice in Z^2 of index 2^n, and scaled so
// the box is a square, its basis reduced (Lagrange-Gauss), the lattice
// lines nearest the box's centre hold the candidates (box2). Pure
// arithmetic, no run (Nguyen and Vallee, The LLL Algorithm, ch. 2, for
// the two-dimensional reduction).

// maxBoxPoints bounds the points in the box passed to ok.
const maxBoxPoints = 1 << 12

// window is the range [start, start+size) modulo 2^n of a step.
type window struct{ start, size *big.Int }

// box2 returns the solutions (t, u) of cx*t + cy*u + r == 0 modulo
// 2^bits with t in wt and u in wu nearest the box's centre, passed to ok
// until it accepts one.
func box2(bits uint, cx, cy, r *big.Int, wt, wu window, ok func(t, u *big.Int) bool) (t, u *big.Int, found bool) {
	mod := new(big.Int).Lsh(big.NewInt(1), bits)
	// t = wt.start + a, u = wu.start + b: cx*a + cy*b == c.
	c := new(big.Int).Mul(cx, wt.start)
	c.Add(c, new(big.Int).Mul(cy, wu.start)).Add(c, r).Neg(c).Mod(c, mod)
	ca, cb := new(big.Int).Mod(cx, mod), new(big.Int).Mod(cy, mod)
	v := min(val2(ca, bits), val2(cb, bits))
	if v == bits || (c.Sign() != 0 && c.TrailingZeroBits() < v) {
		return nil, nil, false
	}
	m := new(big.Int).Rsh(mod, v)
	ca.Rsh(ca, v)
	cb.Rsh(cb, v)
	c.Rsh(c, v)
	// One unknown's coefficient is odd: solve for it. p0 is a solution,
	// b1 and b2 a basis of the homogeneous solutions.
	swap := cb.Bit(0) == 0
	if swap {
		ca, cb = cb, ca
	}
	inv := new(big.Int).ModInverse(cb, m)
	p0 := [2]*big.Int{new(big.Int), new(big.Int).Mod(new(big.Int).Mul(c, inv), m)}
	b1 := [2]*big.Int{big.NewInt(1), new(big.Int).Mod(new(big.Int).Neg(new(big.Int).Mul(ca, inv)), m)}
	b2 := [2]*big.Int{new(big.Int), new(big.Int).Set(m)}
	wa, wb := wt.size, wu.size
	if swap {
		wa, wb = wb, wa
	}
	// Weights that make the box a square: a*wb and b*wa.
	wts := [2]*big.Int{wb, wa}
	b1, b2 = reduce2(b1, b2, wts)
	// The centre's coordinates in the basis (Cramer), rounded.
	d := [2]*big.Int{new(big.Int).Rsh(wa, 1), new(big.Int).Rsh(wb, 1)}
	d[0].Sub(d[0], p0[0])
	d[1].Sub(d[1], p0[1])
	det := new(big.Int).Sub(new(big.Int).Mul(b1[0], b2[1]), new(big.Int).Mul(b1[1], b2[0]))
	x := roundDiv(new(big.Int).Sub(new(big.Int).Mul(d[0], b2[1]), new(big.Int).Mul(d[1], b2[0])), det)
	y := roundDiv(new(big.Int).Sub(new(big.Int).Mul(b1[0], d[1]), new(big.Int).Mul(b1[1], d[0])), det)
	found = boxLines(b1, b2, p0, det, x, y, wa, wb, func(pt [2]*big.Int) bool {
		a, b := pt[0], pt[1]
		if swap {
			a, b = b, a
		}
		t = new(big.Int).Add(wt.start, a)
		u = new(big.Int).Add(wu.start, b)
		t.Mod(t, mod)
		u.Mod(u, mod)
		return ok(t, u)
	})
	if !found {
		return nil, nil, false
	}
	return t, u, true
}

// boxLines passes ok the lattice points p0 + x*b1 + y*b2 inside the box
// [0, wa) x [0, wb), until it accepts one, and reports whether it did.
// The points lie on lines y = const along the reduced basis's shortest
// vector b1: the lines nearest the rounded centre (cx, cy) first, on
// each the points nearest the centre's x first, at most maxBoxPoints in
// all. Rounding the centre alone misses a box whose solutions sit near
// one corner (a0*590 + a5*3157 == K under a0 <
// 0x813a8e20 and a5 < 0x808ad7af is solved along a line that crosses
// the box where both are near their tops).
func boxLines(b1, b2, p0 [2]*big.Int, det, cx, cy, wa, wb *big.Int, ok func(pt [2]*big.Int) bool) bool {
	lo, hi := new(big.Int).Set(cy), new(big.Int).Set(cy)
	for _, a := range []*big.Int{new(big.Int), new(big.Int).Sub(wa, big.NewInt(1))} {
		for _, b := range []*big.Int{new(big.Int), new(big.Int).Sub(wb, big.NewInt(1))} {
			da, db := new(big.Int).Sub(a, p0[0]), new(big.Int).Sub(b, p0[1])
			f, c := floorCeilDiv(new(big.Int).Sub(new(big.Int).Mul(b1[0], db), new(big.Int).Mul(b1[1], da)), det)
			if f.Cmp(lo) < 0 {
				lo = f
			}
			if c.Cmp(hi) > 0 {
				hi = c
			}
		}
	}
	tries := 0
	return outward(cy, lo, hi, &tries, func(y *big.Int) bool {
		return onLine(b1, b2, p0, y, cx, wa, wb, &tries, ok)
	})
}

// outward passes visit c, c-1, c+1, c-2, ... within [lo, hi] (c inside
// it) until visit accepts one or tries reaches maxBoxPoints, and reports
// whether visit accepted.
func outward(c, lo, hi *big.Int, tries *int, visit func(*big.Int) bool) bool {
	for i := int64(0); *tries < maxBoxPoints; i++ {
		below, above := new(big.Int).Sub(c, big.NewInt(i)), new(big.Int).Add(c, big.NewInt(i))
		if below.Cmp(lo) < 0 && above.Cmp(hi) > 0 {
			return false
		}
		for s, v := range []*big.Int{below, above} {
			if (s == 1 && i == 0) || v.Cmp(lo) < 0 || v.Cmp(hi) > 0 {
				continue
			}
			if visit(v) {
				return true
			}
		}
	}
	return false
}

// onLine passes ok the points p0 + x*b1 + y*b2 inside the box, x nearest
// cx first, counting them in tries (at most maxBoxPoints in all).
func onLine(b1, b2, p0 [2]*big.Int, y, cx, wa, wb *big.Int, tries *int, ok func(pt [2]*big.Int) bool) bool {
	base := [2]*big.Int{
		new(big.Int).Add(p0[0], new(big.Int).Mul(y, b2[0])),
		new(big.Int).Add(p0[1], new(big.Int).Mul(y, b2[1])),
	}
	// xl <= x <= xh keeps 0 <= base[e] + x*b1[e] < w[e] for both e.
	var xl, xh *big.Int
	for e, w := range [2]*big.Int{wa, wb} {
		top := new(big.Int).Sub(w, big.NewInt(1))
		if b1[e].Sign() == 0 {
			if base[e].Sign() < 0 || base[e].Cmp(top) > 0 {
				return false
			}
			continue
		}
		n0, n1 := new(big.Int).Neg(base[e]), new(big.Int).Sub(top, base[e])
		if b1[e].Sign() < 0 {
			n0, n1 = n1, n0 // dividing by a negative flips the inequalities
		}
		_, l := floorCeilDiv(n0, b1[e])
		h, _ := floorCeilDiv(n1, b1[e])
		if xl == nil || l.Cmp(xl) > 0 {
			xl = l
		}
		if xh == nil || h.Cmp(xh) < 0 {
			xh = h
		}
	}
	if xl == nil || xl.Cmp(xh) > 0 {
		return false
	}
	x0 := new(big.Int).Set(cx)
	if x0.Cmp(xl) < 0 {
		x0.Set(xl)
	} else if x0.Cmp(xh) > 0 {
		x0.Set(xh)
	}
	return outward(x0, xl, xh, tries, func(x *big.Int) bool {
		*tries++
		return ok([2]*big.Int{
			new(big.Int).Add(base[0], new(big.Int).Mul(x, b1[0])),
			new(big.Int).Add(base[1], new(big.Int).Mul(x, b1[1])),
		})
	})
}

// floorCeilDiv returns floor(n/d) and ceil(n/d).
func floorCeilDiv(n, d *big.Int) (*big.Int, *big.Int) {
	if d.Sign() < 0 {
		n, d = new(big.Int).Neg(n), new(big.Int).Neg(d)
	}
	f := new(big.Int).Div(n, d) // Euclidean: floor for d > 0
	c := new(big.Int).Set(f)
	if new(big.Int).Mul(f, d).Cmp(n) != 0 {
		c.Add(c, big.NewInt(1))
	}
	return f, c
}

// reduce2 returns a Lagrange-Gauss reduced basis of the lattice b1, b2
// under the norm weighted by w.
func reduce2(b1, b2, w [2]*big.Int) ([2]*big.Int, [2]*big.Int) {
	dot := func(x, y [2]*big.Int) *big.Int {
		s := new(big.Int)
		for e := range 2 {
			s.Add(s, new(big.Int).Mul(new(big.Int).Mul(x[e], y[e]), new(big.Int).Mul(w[e], w[e])))
		}
		return s
	}
	if dot(b1, b1).Cmp(dot(b2, b2)) > 0 {
		b1, b2 = b2, b1
	}
	for range 256 {
		q := roundDiv(dot(b1, b2), dot(b1, b1))
		if q.Sign() == 0 {
			break
		}
		b2 = [2]*big.Int{new(big.Int).Sub(b2[0], new(big.Int).Mul(q, b1[0])), new(big.Int).Sub(b2[1], new(big.Int).Mul(q, b1[1]))}
		if dot(b2, b2).Cmp(dot(b1, b1)) >= 0 {
			break
		}
		b1, b2 = b2, b1
	}
	return b1, b2
}

// roundDiv returns n/d rounded to the nearest integer.
func roundDiv(n, d *big.Int) *big.Int {
	if d.Sign() < 0 {
		n, d = new(big.Int).Neg(n), new(big.Int).Neg(d)
	}
	h := new(big.Int).Rsh(d, 1)
	q := new(big.Int).Add(n, h)
	return q.Div(q, d) // Euclidean: floor for d > 0
}

// val2 is the 2-adic valuation of x (reduced, non-negative), bits if x is
// zero.
func val2(x *big.Int, bits uint) uint {
	if x.Sign() == 0 {
		return bits
	}
	return x.TrailingZeroBits()
}

// maxBoundedSteps bounds the values of the bounded argument tried.
const maxBoundedSteps = 4096

// maxLifts bounds the solutions tried per value, of the 2^v an even
// coefficient gives.
const maxLifts = 16

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

// scaleWindow returns the window of steps t with step*t modulo 2^bits in
// w, when step is 2^s or -2^s modulo 2^bits (false otherwise, or when no
// t lands in w).
func scaleWindow(w window, step *big.Int, bits uint) (window, bool) {
	mod := new(big.Int).Lsh(big.NewInt(1), bits)
	c := new(big.Int).Mod(step, mod)
	if c.Sign() == 0 {
		return w, false
	}
	neg := false
	if !isPow2(c) {
		c.Sub(mod, c)
		if !isPow2(c) {
			return w, false
		}
		neg = true
	}
	// The multiples of c in [start, start+size): mod is one of them, so
	// a window that wraps past 2^bits scales as one that does not.
	_, first := floorCeilDiv(w.start, c)
	last, _ := floorCeilDiv(new(big.Int).Sub(new(big.Int).Add(w.start, w.size), big.NewInt(1)), c)
	size := new(big.Int).Sub(last, first)
	size.Add(size, big.NewInt(1))
	if size.Sign() <= 0 {
		return w, false
	}
	if neg {
		// -c*t in w: t in -[first, last], that is [-last, -first].
		first.Neg(last).Mod(first, mod)
	}
	return window{start: first, size: size}, true
}

// isPow2 reports whether c is a positive power of two.
func isPow2(c *big.Int) bool {
	return c.Sign() > 0 && c.TrailingZeroBits() == uint(c.BitLen()-1)
}
