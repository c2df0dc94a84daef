package solve

import (
	"math/big"

	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file finds a solution of one equation in two unknowns inside a box:
// cx*t + cy*u + r == 0 modulo 2^n with t and u each in a window. The
// bounded search of joint_bounds.go walks one window a value at a time
// (at most maxBoundedSteps), which misses when both arguments are bounded
// and the one solution lies deep in a wide window (deep103's cell 12:
// a7*755 + a0*3453 == K under a7 < 0xa11be and a0 < 0x425f2523 has one
// integer root, a0 near 1.1e9). The solutions form a coset of a lattice
// in Z^2 of index 2^n; scaled so the box is a square, its basis reduced
// (Lagrange-Gauss), the lattice points nearest the box's centre (Babai's
// rounding, then the neighbours) are the candidates: the ones in the box
// when any is. Pure arithmetic, no run (Nguyen and Vallee, The LLL
// Algorithm, ch. 2, for the two-dimensional reduction).

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
// one corner (tr20004's cell 25: a0*590 + a5*3157 == K under a0 <
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

// boundWindow returns the window of steps t that keep x0 + t in the
// tightest bound on argument k, or the whole range if k has none.
func (j *joint) boundWindow(k int) (w window, bounded bool) {
	w = window{start: new(big.Int), size: j.mod()}
	for i := range j.bounds {
		b := &j.bounds[i]
		if b.k != k || (bounded && b.size.ToBig().Cmp(w.size) >= 0) {
			continue
		}
		var s uint256.Int
		s.Sub(&b.start, &j.args[k].x0)
		w.start, w.size, bounded = mask(&s, j.bits).ToBig(), b.size.ToBig(), true
	}
	return w, bounded
}

// boxed solves cx*t + cy*u + r == 0 for the steps of unit direction x
// (in bound b) and direction y when y moves a bounded argument by a
// power of two (its unit direction, or a pair that keeps a guard above:
// fresh19701's a3 < 0xb9465 under a1*810 + a3*912 == K, reached only by
// a1 moved with a7 to keep a1*2660 + a7*3172 == K', and a1 <
// 0x1bf23563), in both windows at once (box2); false if y moves no
// bounded argument so, or the box holds no solution that keeps every
// bound.
func (j *joint) boxed(x, y int, cx, cy, r *big.Int, b *argBound, ux, uy []uint256.Int) (t, u uint256.Int, ok bool) {
	wu, bounded := j.stepBound(j.dirs[y])
	if !bounded {
		return t, u, false
	}
	var s uint256.Int
	s.Sub(&b.start, &j.args[x].x0)
	wt := window{start: mask(&s, j.bits).ToBig(), size: b.size.ToBig()}
	_, _, ok = box2(j.bits, cx, cy, r, wt, wu, func(bt, bu *big.Int) bool {
		t.SetFromBig(bt)
		u.SetFromBig(bu)
		return j.boundsHold(ux, uy, &t, &u)
	})
	return t, u, ok
}

// directBounds learns, before any probe, the bounds of the base's
// comparisons one of whose operands is an argument's own value (a0 <
// 0x425f2523) and the other no argument's: the probes learn a bound only
// from a run that reaches the comparison, and a range target sits below
// an equality every unit probe breaks (deep103's a0 < 0x425f2523 under
// a7*755 + a0*3453 == K), so its bound was never seen.
func (j *joint) directBounds() {
	for c := range j.cmps {
		e := &j.cmps[c]
		var d uint256.Int
		if d.Sub(&e.Opnd[0], &e.Opnd[1]).Eq(&e.Resid) {
			continue // an equality (the dispatch on a state variable): no range
		}
		for s := range 2 {
			side, lim := e.Opnd[s], e.Opnd[1-s]
			mask(&side, j.bits)
			arg := -1
			for k := range j.args {
				if j.args[k].x0.Eq(&side) || j.args[k].x0.Eq(&lim) {
					if arg >= 0 || !j.args[k].x0.Eq(&side) {
						arg = -2 // ambiguous, or the limit is an argument
						break
					}
					arg = k
				}
			}
			if arg < 0 || j.hasBound(arg, e.Idx) {
				continue
			}
			if start, size, ok := sideBound(&side, &lim, j.bits, e.Idx == j.target); ok {
				j.bounds = append(j.bounds, argBound{k: arg, idx: e.Idx, start: start, size: size, direct: s + 1})
			}
		}
	}
}

// refuteDirect drops the bounds directBounds guessed that a probe along
// dir refutes: it moved the argument, and the run's comparison at the
// bound's edge kept the side the argument was taken for. Only the value
// matched there (a4 = 4 beside the ABI decoder's 4 < 260 bounded a4 below
// 260, so no solution of OffsetRange.sol's equality was in reach).
func (j *joint) refuteDirect(last []txseq.CostEntry, dir []*big.Int) {
	kept := j.bounds[:0]
	for _, b := range j.bounds {
		if b.direct > 0 && j.moves(dir, b.k) && j.sideStayed(last, b.idx, b.direct-1) {
			continue
		}
		kept = append(kept, b)
	}
	j.bounds = kept
}

// sideStayed reports whether the run's costs last hold comparison idx
// with side s as the base's.
func (j *joint) sideStayed(last []txseq.CostEntry, idx int32, s int) bool {
	for c := range j.cmps {
		if b := &j.cmps[c]; b.Idx == idx {
			for k := range last {
				if last[k].Idx == idx {
					x, y := last[k].Opnd[s], b.Opnd[s]
					return mask(&x, j.bits).Eq(mask(&y, j.bits))
				}
			}
			return false
		}
	}
	return false
}

// betterPivot reports whether a direction of effect e (dir) is a better
// elimination pivot than the current one (ep, pdir): a lesser 2-adic
// valuation, or the same and it moves no bounded argument where the
// current one does. The pivot is the direction every other one is
// combined with, each moving it by up to a 64-bit quotient; a bounded
// argument moved so leaves its range at once (deep104's cell 12: a0*1940
// + a6*700 == K under a0 < 0x2e6b6, then a6 fixed alone), while one that
// no known comparison bounds may take any value.
func (j *joint) betterPivot(e, ep *big.Int, dir, pdir []*big.Int) bool {
	mod := j.mod()
	v, vp := val(e, mod), val(ep, mod)
	if v != vp {
		return v < vp
	}
	return j.movesBounded(pdir) && !j.movesBounded(dir)
}

// nonzero reports whether x is known and not zero modulo 2^n.
func (j *joint) nonzero(x *big.Int) bool {
	return x != nil && new(big.Int).Mod(x, j.mod()).Sign() != 0
}

// moves reports whether direction dir moves argument k.
func (j *joint) moves(dir []*big.Int, k int) bool {
	return k < len(dir) && j.nonzero(dir[k])
}

// movesBounded reports whether direction dir moves an argument with a
// known bound.
func (j *joint) movesBounded(dir []*big.Int) bool {
	for i := range j.bounds {
		if j.moves(dir, j.bounds[i].k) {
			return true
		}
	}
	return false
}

// stepWindow returns the window of steps along dir that keeps the one
// bounded argument dir moves by a power of two in its bound; the whole
// range if dir moves none or moves one otherwise (the bounds are checked
// on each candidate anyway).
func (j *joint) stepWindow(dir []*big.Int) window {
	w, _ := j.stepBound(dir)
	return w
}

// stepBound is stepWindow, and whether dir moves a bounded argument by
// a power of two, up or down (false: the whole range). A step of 2^s
// keeps the argument in its bound for the steps t whose 2^s*t lands in
// the bound's window: the window scaled down (scaleWindow). fresh20504's
// cell 22 moves a3 only by multiples of two, a5 taking the quotient in
// a3*2830 + a5*956 == K.
func (j *joint) stepBound(dir []*big.Int) (window, bool) {
	whole := window{start: new(big.Int), size: j.mod()}
	found := -1
	for i := range j.bounds {
		k := j.bounds[i].k
		if !j.moves(dir, k) {
			continue
		}
		if found >= 0 && found != k {
			return whole, false
		}
		found = k
	}
	if found < 0 {
		return whole, false
	}
	w, _ := j.boundWindow(found)
	if w, ok := scaleWindow(w, dir[found], j.bits); ok {
		return w, true
	}
	return whole, false
}

// layerBox solves the target along the elimination's best direction and
// one other that keeps every guard at once, each step in the window of
// the bounded argument it moves (box2), when the step along best alone
// leaves a bound: deep104's cell 12 needs a6 moved to one value with a0
// in its range, and the direction that keeps a0*1940 + a6*700 == K moves
// a0 in step with a6, so only its sum with 2^62 times a6's own unit
// (which moves that guard by a multiple of 2^64) lands a0 in the range.
func (j *joint) layerBox(best int) *Prediction {
	l := j.layer
	target := len(j.eqs) - 1
	r := j.r0[target]
	wt := j.stepWindow(l.basis[best])
	ux := j.dirWords(l.basis[best])
	for d := range l.basis {
		e := l.effs[d][target]
		if d == best || !j.nonzero(e) {
			continue
		}
		uy := j.dirWords(l.basis[d])
		t, u, ok := box2(j.bits, l.effs[best][target], e, r, wt, j.stepWindow(l.basis[d]), func(t, u *big.Int) bool {
			var tw, uw uint256.Int
			tw.SetFromBig(t)
			uw.SetFromBig(u)
			return j.boundsHold(ux, uy, &tw, &uw)
		})
		if !ok {
			continue
		}
		v := make([]*big.Int, len(j.args))
		for k := range v {
			v[k] = new(big.Int)
			if x := l.basis[best][k]; x != nil {
				v[k].Add(v[k], new(big.Int).Mul(x, t))
			}
			if y := l.basis[d][k]; y != nil {
				v[k].Add(v[k], new(big.Int).Mul(y, u))
			}
		}
		return j.move(v, big.NewInt(1))
	}
	return nil
}
