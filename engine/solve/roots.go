package solve

import (
	"math/big"

	"github.com/holiman/uint256"
)

// Choice of root. Class: the last step of every linear rule, c*t + r ==
// 0 modulo 2^n along a direction that keeps the guards. It has a root
// only when c's power of two, 2^v, divides r, and then 2^v of them; an
// input whose unit effects on every guard are multiples of 2^s adds
// cosets shifted by its moves of 2^(n-s). Of these, the root that keeps
// every known window (bounds.go) is computed, not searched. For an
// inequality target (a3 - K < 603) any step that reaches its boundary or
// a little past it will do, so the residual is rounded up to the next
// multiple of 2^v instead of giving up.

// solveAlong returns the run of the base moved along dir, whose effect on
// the target is c, by the step that zeroes the target's residual modulo
// 2^bits, or nil if there is none (nor a rounded one for an inequality).
func (j *joint) solveAlong(dir []*big.Int, c *big.Int) *Prediction {
	mod := j.mod()
	cm := new(big.Int).Mod(c, mod)
	if cm.Sign() == 0 {
		return nil
	}
	v := cm.TrailingZeroBits()
	r := new(big.Int).Set(j.r0[len(j.eqs)-1])
	if j.tIneq && v > 0 {
		// r + extra == 0 modulo 2^v: past the boundary by extra < 2^v.
		low := new(big.Int).Lsh(big.NewInt(1), v)
		r.Add(r, new(big.Int).Mod(new(big.Int).Neg(r), low))
	}
	t, ok := divMod(r.Neg(r), c, j.bits)
	if !ok {
		return nil
	}
	if !j.tIneq {
		t = j.liftInBounds(dir, t, v, nil)
	}
	return j.move(dir, t)
}

// divMod returns t with c*t == r modulo 2^bits, or false if there is none
// (c's power of two does not divide r).
func divMod(r, c *big.Int, bits uint) (*big.Int, bool) {
	mod := new(big.Int).Lsh(big.NewInt(1), bits)
	r, c = new(big.Int).Mod(r, mod), new(big.Int).Mod(c, mod)
	if c.Sign() == 0 {
		return nil, false
	}
	tz := c.TrailingZeroBits()
	if r.Sign() != 0 && r.TrailingZeroBits() < tz {
		return nil, false
	}
	m := new(big.Int).Rsh(mod, tz)
	u := new(big.Int).Rsh(c, tz)
	t := new(big.Int).Rsh(r, tz)
	return t.Mul(t, new(big.Int).ModInverse(u, m)).Mod(t, m), true
}

// offLine returns p, the run of a root along dir (effect c on the
// target), if it keeps every known bound; else the runs of the shifted
// lines' roots that keep them, then p's bounded search, then p.
func (j *joint) offLine(dir []*big.Int, c *big.Int, p *Prediction) *Prediction {
	if j.respects(p.Seq) {
		return p
	}
	fallback := func() *Prediction { return j.ranged(p, func() *Prediction { return p }) }
	if q := j.solveTorsion(dir, c, fallback); q != nil {
		return q
	}
	return fallback()
}

// maxTorsionShift bounds s: the candidates number 2^s - 1 per argument.
const maxTorsionShift = 2

// solveTorsion returns the run of the base moved along dir (effect c on
// the target) by a root of the target, and one argument moved by
// 2^(bits-s) besides, such that every known bound holds, assuming the
// first of the move's possible effects on the target; the runs for the
// others follow, then fallback. Nil if no candidate keeps the bounds.
func (j *joint) solveTorsion(dir []*big.Int, c *big.Int, fallback func() *Prediction) *Prediction {
	target := len(j.eqs) - 1
	cm := new(big.Int).Mod(c, j.mod())
	if len(j.bounds) == 0 || cm.Sign() == 0 || j.tIneq {
		return nil
	}
	v := cm.TrailingZeroBits()
	dw := j.dirWords(dir)
	one := uint256.NewInt(1)
	var runs []*Prediction
	for k := range j.args {
		s := j.guardValuation(k)
		if s == 0 || s > maxTorsionShift || (moved(dir) == 1 && dir[k] != nil && dir[k].Sign() != 0) {
			continue
		}
		move := new(big.Int).Lsh(big.NewInt(1), j.bits-s)
		shift := make([]uint256.Int, len(j.args))
		shift[k] = modWord(move, j.bits)
		for i := int64(1); i < 1<<s; i++ {
			// The target moved by i*2^(bits-s).
			r := new(big.Int).Lsh(big.NewInt(i), j.bits-s)
			r.Add(r, j.r0[target])
			t, ok := divMod(r.Neg(r), c, j.bits)
			if !ok {
				continue
			}
			t = j.liftInBounds(dir, t, v, shift)
			tw := modWord(t, j.bits)
			if !j.boundsHold(dw, shift, &tw, one) {
				continue
			}
			step := make([]*big.Int, len(j.args))
			for x := range step {
				step[x] = new(big.Int)
				if dir[x] != nil {
					step[x].Mul(dir[x], t)
				}
			}
			step[k].Add(step[k], move)
			if p := j.move(step, big.NewInt(1)); p != nil {
				runs = append(runs, p)
			}
		}
	}
	return j.chain(runs, fallback)
}

// chain returns the first of runs, with the rest and then fallback to
// follow it; nil if there are none.
func (j *joint) chain(runs []*Prediction, fallback func() *Prediction) *Prediction {
	if len(runs) == 0 {
		return nil
	}
	j.then = func() *Prediction {
		if q := j.chain(runs[1:], fallback); q != nil {
			return q
		}
		return fallback()
	}
	return runs[0]
}

// guardValuation returns the least 2-adic valuation of argument k's unit
// effects on the guards its probe evaluated (0 if it moved none, or its
// probe did not run).
func (j *joint) guardValuation(k int) uint {
	eff := j.effects[k]
	if eff == nil || j.keepsGuards(eff) {
		return 0
	}
	s := uint(0)
	for _, e := range eff[:len(eff)-1] {
		if e == nil {
			continue
		}
		w := modWord(e, j.bits)
		if w.IsZero() {
			continue
		}
		if tz := trailingZeros(&w); s == 0 || tz < s {
			s = tz
		}
	}
	return s
}

// liftInBounds returns, of the roots t + k*2^(bits-v) of an equation
// whose coefficient along dir has 2-adic valuation v (the same step for
// the target, modulo 2^bits), the first whose arguments keep every
// known bound; t if none does (or there is no bound). The lifts that put
// a bounded argument back in its window are computed, not searched: a
// window of a few hundred thousand holds one of 512 lifts 2^55 apart
// (a coefficient of valuation 9), which trying lifts in order finds at one base in
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
