package solve

import (
	"math/big"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file connects the joint solve (joint.go) with the range guards
// of joint_bounds.go: it keeps the base's comparisons, learns each
// argument's bounds from the probes, and runs the bounded search when a
// solution would leave a bound.

// keepComparisons copies the base's inequality comparisons at the
// solve's guards and target (entries at the edge the base did not take).
func (j *joint) keepComparisons(costs []txseq.CostEntry) {
	for k := range costs {
		e := &costs[k]
		if e.Idx == j.target {
			var d uint256.Int
			if d.Sub(&e.Opnd[0], &e.Opnd[1]).Eq(&e.Resid) {
				continue // an equality target: no range
			}
			j.cmps = append(j.cmps, *e)
			continue
		}
		for _, g := range j.eqs[:len(j.eqs)-1] {
			if g == e.Idx^1 {
				j.cmps = append(j.cmps, *e)
				break
			}
		}
	}
}

// track learns bounds from a probe along dir whose run's costs are last:
// a kept comparison one of whose operands moved exactly as one moved
// argument did while the other stayed.
func (j *joint) track(last []txseq.CostEntry, dir []*big.Int) {
	j.refuteDirect(last, dir)
	for c := range j.cmps {
		b := &j.cmps[c]
		for k := range last {
			if last[k].Idx == b.Idx {
				j.trackOne(b, &last[k], dir)
				break
			}
		}
	}
}

func (j *joint) trackOne(b, e *txseq.CostEntry, dir []*big.Int) {
	for s := range 2 {
		if !e.Opnd[1-s].Eq(&b.Opnd[1-s]) {
			continue
		}
		var d uint256.Int
		d.Sub(&e.Opnd[s], &b.Opnd[s])
		mask(&d, j.bits)
		if d.IsZero() {
			continue
		}
		arg := -1
		for k, vk := range dir {
			if vk == nil || vk.Sign() == 0 {
				continue
			}
			if w := modWord(vk, j.bits); w.Eq(&d) {
				if arg >= 0 {
					return // two arguments moved alike: ambiguous
				}
				arg = k
			}
		}
		if arg < 0 || j.hasBound(arg, b.Idx) {
			continue
		}
		side0 := b.Opnd[s]
		start, size, ok := sideBound(mask(&side0, j.bits), &b.Opnd[1-s], j.bits, b.Idx == j.target)
		if !ok {
			continue
		}
		// side = x + (side0 - x0): x's window starts at start - (side0 - x0).
		var off uint256.Int
		off.Sub(&side0, &j.args[arg].x0)
		start.Sub(&start, &off)
		j.bounds = append(j.bounds, argBound{k: arg, idx: b.Idx, start: *mask(&start, j.bits), size: size})
	}
}

func (j *joint) hasBound(k int, idx int32) bool {
	for i := range j.bounds {
		if j.bounds[i].k == k && j.bounds[i].idx == idx {
			return true
		}
	}
	return false
}

// respects reports whether seq's arguments keep every known bound.
func (j *joint) respects(seq txseq.Sequence) bool {
	if len(j.bounds) == 0 {
		return true
	}
	for path, v := range calldata.Leaves(seq[j.tx].Args) {
		for i := range j.bounds {
			b := &j.bounds[i]
			if samePath(path, j.args[b.k].path) {
				x := v.Word
				if !b.holds(mask(&x, j.bits), j.bits) {
					return false
				}
			}
		}
	}
	return true
}

// boundsHold reports whether the arguments moved by t*dx + u*dy (words
// modulo 2^bits, dy nil for none) keep every bound.
func (j *joint) boundsHold(dx, dy []uint256.Int, t, u *uint256.Int) bool {
	for i := range j.bounds {
		b := &j.bounds[i]
		x := j.args[b.k].x0
		var m uint256.Int
		x.Add(&x, m.Mul(&dx[b.k], t))
		if dy != nil {
			x.Add(&x, m.Mul(&dy[b.k], u))
		}
		if !b.holds(mask(&x, j.bits), j.bits) {
			return false
		}
	}
	return true
}

// dirWords returns direction v's moves as words modulo 2^bits.
func (j *joint) dirWords(v []*big.Int) []uint256.Int {
	w := make([]uint256.Int, len(v))
	for k, vk := range v {
		w[k] = modWord(vk, j.bits)
	}
	return w
}

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

// liftInBounds returns, of the roots t + k*2^(bits-v) of an equation
// whose coefficient along dir has 2-adic valuation v (the same step for
// the target, modulo 2^bits), the first whose arguments keep every
// known bound; t if none does (or there is no bound). The lifts that put
// a bounded argument back in its window are computed, not searched: a
// window of a few hundred thousand holds one of 512 lifts 2^55 apart
// (s36j36603's cell 7), which trying lifts in order finds at one base in
// eight. Arithmetic only: the other roots cost no run unless one fits.
//
// shift, when not nil, is a move of the base (as words) made besides the
// step along dir.
func (j *joint) liftInBounds(dir []*big.Int, t *big.Int, v uint, shift []uint256.Int) *big.Int {
	if len(j.bounds) == 0 || v == 0 {
		return t
	}
	one := uint256.NewInt(1)
	tw, dw := modWord(t, j.bits), j.dirWords(dir)
	if j.boundsHold(dw, shift, &tw, one) {
		return t
	}
	var lift, tk uint256.Int
	lift.Lsh(uint256.NewInt(1), j.bits-v)
	for _, k := range j.liftsInto(dw, &tw, v, shift) {
		tk.Mul(&lift, &k)
		tk.Add(&tk, &tw)
		mask(&tk, j.bits)
		if j.boundsHold(dw, shift, &tk, one) {
			return tk.ToBig()
		}
	}
	return t
}

// maxLiftsPerBound bounds the lifts liftsInto gives per bound.
const maxLiftsPerBound = 64

// liftsInto returns lifts k (below 2^v) for which the argument of each
// bound, moved by (t + k*2^(bits-v))*dw, lies inside that bound: per
// bound whose argument the lifts move, at most maxLiftsPerBound of them,
// nearest the window's start first. With dw's move of the argument
// 2^s*u (u odd, s < v), the lifts move it by multiples of 2^(bits-v+s)
// only, so its reachable values in the window are w, w + 2^(bits-v+s),
// ... (w the least one congruent to its value at t) and each is reached
// by the lifts k = (its step count)*u^-1 modulo 2^(v-s), plus any
// multiple of 2^(v-s).
func (j *joint) liftsInto(dw []uint256.Int, tw *uint256.Int, v uint, shift []uint256.Int) []uint256.Int {
	var out []uint256.Int
	for i := range j.bounds {
		b := &j.bounds[i]
		d := dw[b.k]
		s := trailingZeros(&d)
		if s >= v {
			continue // the lifts leave this argument where t put it
		}
		n := v - s
		var step, y, w, m, u, inv, c0 uint256.Int
		step.Lsh(uint256.NewInt(1), j.bits-n)
		m.Lsh(uint256.NewInt(1), n)
		y.Mul(&d, tw)
		y.Add(&y, &j.args[b.k].x0)
		if shift != nil {
			y.Add(&y, &shift[b.k])
		}
		y.Sub(&y, &b.start) // the argument's offset into the window at t
		mask(&y, j.bits)
		w.Mod(&y, &step) // the least offset the lifts reach
		u.Rsh(&d, s)
		inv.SetFromBig(new(big.Int).ModInverse(u.ToBig(), m.ToBig()))
		// The steps of 2^(bits-n) from y to w, modulo 2^n.
		c0.Sub(&w, &y)
		mask(&c0, j.bits)
		c0.Rsh(&c0, j.bits-n)
		added := 0
		for ; added < maxLiftsPerBound && w.Lt(&b.size); c0.AddUint64(&c0, 1) {
			var k uint256.Int
			k.MulMod(&c0, &inv, &m)
			for h := uint64(0); h < 1<<min(s, 2) && added < maxLiftsPerBound; h++ {
				var kh uint256.Int
				kh.Mul(&m, uint256.NewInt(h))
				out = append(out, *kh.Add(&kh, &k))
				added++
			}
			if _, over := w.AddOverflow(&w, &step); over || (j.bits < 256 && w.BitLen() > int(j.bits)) {
				break
			}
		}
	}
	return out
}
