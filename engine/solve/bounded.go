package solve

import (
	"math/big"

	"github.com/holiman/uint256"
)

// Equation in a box: the searches a solve runs. Class: a root of the
// linear rules that leaves an input's window (bounds.go). The solve then
// picks two directions (an input's unit one over its window, and another
// that moves the equation and keeps the guards above it) and solves the
// equation in both windows at once (box.go), for an equality target
// against the target, for a range target against the first equality the
// bounded input's probe broke. This is Angora's "input-to-state plus
// constraint solving per branch" widened to a branch and the ranges
// above it.

// boundedSolve runs the bounded search once per solve: for a target that
// bounds one argument, that argument over its window against the first
// equality guard its probe broke and another argument that moves it; for
// an equality target, a bounded argument's probe against another probe
// that kept the guards. Nil if there is no bound or no solution.
func (j *joint) boundedSolve() *Prediction {
	if j.enumTried {
		return nil
	}
	j.enumTried = true
	if p := j.offsetSolve(); p != nil {
		return p
	}
	if len(j.bounds) == 0 {
		return nil
	}
	target := len(j.eqs) - 1
	for i := range j.bounds {
		b := &j.bounds[i]
		x := b.k
		ex := j.effects[x]
		if ex == nil {
			continue
		}
		if b.idx == j.eqs[target] {
			// Range target: x over its window, the equation the first
			// guard x's probe broke, with any probed direction (a pair
			// too) that keeps the guards above it.
			lv := j.breakLevel(ex)
			if lv >= target || ex[lv] == nil || j.ineqs[x] {
				continue
			}
			for y, ey := range j.effects {
				if y == x || ey == nil || ey[lv] == nil || ey[lv].Sign() == 0 || j.breakLevel(ey) < lv {
					continue
				}
				if p := j.enumerate(x, y, ex[lv], ey[lv], new(big.Int), b); p != nil {
					return p
				}
			}
			continue
		}
		// Equality target: x's probe kept the guards; the rest from a
		// probe that kept them too and leaves x.
		if !j.keepsGuards(ex) || ex[target] == nil {
			continue
		}
		for d, ed := range j.effects {
			if d == x || ed == nil || ed[target] == nil || !j.keepsGuards(ed) || (j.dirs[d][x] != nil && j.dirs[d][x].Sign() != 0) {
				continue
			}
			if p := j.enumerate(x, d, ex[target], ed[target], j.r0[target], b); p != nil {
				return p
			}
		}
	}
	return nil
}

// enumerate solves cx*t + cy*u + r == 0 with t over bound b's window of
// unit direction x and u along direction y, and returns the run of the
// first solution that keeps every bound.
func (j *joint) enumerate(x, y int, cx, cy, r *big.Int, b *argBound) *Prediction {
	dx, dy := j.dirs[x], j.dirs[y]
	ux, uy := j.dirWords(dx), j.dirWords(dy)
	t, u, ok := j.boxed(x, y, cx, cy, r, b, ux, uy)
	if !ok {
		wx, wy, wr := modWord(cx, j.bits), modWord(cy, j.bits), modWord(r, j.bits)
		t, u, ok = lattice2(j.bits, &wx, &wy, &wr, windowSteps(&j.args[x].x0, b, j.bits), func(t, u *uint256.Int) bool {
			return j.boundsHold(ux, uy, t, u)
		})
	}
	if !ok {
		return nil
	}
	v := make([]*big.Int, len(j.args))
	for k := range v {
		s := new(big.Int)
		if dx[k] != nil {
			s.Add(s, new(big.Int).Mul(dx[k], t.ToBig()))
		}
		if dy[k] != nil {
			s.Add(s, new(big.Int).Mul(dy[k], u.ToBig()))
		}
		v[k] = s
	}
	return j.move(v, big.NewInt(1))
}

// ranged returns p if its arguments keep every known bound; else the
// bounded search's run, with then (p's run) to follow if that misses.
func (j *joint) ranged(p *Prediction, then func() *Prediction) *Prediction {
	if j.respects(p.Seq) {
		return p
	}
	if q := j.boundedSolve(); q != nil {
		j.then = then
		return q
	}
	return p
}

// offsetSolve runs the bounded search with offsetBounds' guesses: x over
// its guessed window against the equality its probe broke, with any
// probed direction that moves that equality and keeps the guards above
// it; nil if none solves.
func (j *joint) offsetSolve() *Prediction {
	for _, b := range j.offsetBounds() {
		ex := j.effects[b.k]
		lv := j.breakLevel(ex)
		for y, ey := range j.effects {
			if y == b.k || ey == nil || ey[lv] == nil || ey[lv].Sign() == 0 || j.breakLevel(ey) < lv {
				continue
			}
			if p := j.enumerate(b.k, y, ex[lv], ey[lv], new(big.Int), &b); p != nil {
				return p
			}
		}
	}
	return nil
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
// a3 < 0xb9465 under a1*810 + a3*912 == K, reached only by
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
// the bound's window: the window scaled down (scaleWindow). A
// direction may move a3 only by multiples of two, a5 taking the quotient in
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
