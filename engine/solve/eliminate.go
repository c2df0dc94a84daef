package solve

import "math/big"

// Elimination. Class: nested equalities that each fix a new combination
// of the same inputs (x alone below a guard over x and y: a0*2072 + K ==
// C under a0*2437 + a6*843 == C' needs x, y and a third input moved
// together), when no single probed direction keeps every guard. A probe
// of direction d runs until the first guard it breaks, its break level,
// and shows d's effect on every guard up to there. At the lowest break
// level L among the basis, every direction's effect on guard L is known;
// the one of least 2-adic valuation (the pivot p) is subtracted from the
// others in the modular proportion that zeroes their effect on L, so the
// new directions keep guards 0..L and their probes reach past L. After a
// level per equality the basis keeps the whole path, and the target's
// residual is solved along it (roots.go). This is Gaussian elimination
// modulo 2^n with the Jacobian's rows discovered as the probes get
// deeper. A direction that breaks a range (a - K < 735) is dropped here,
// as no linear combination keeps a range; eliminate_range.go gives it
// its one chance first.

// maxLayerProbes bounds the probes of one elimination.
const maxLayerProbes = 40

// layer is the state of an elimination.
type layer struct {
	basis [][]*big.Int
	effs  [][]*big.Int // per direction: effects on eqs, nil where unevaluated; nil until probed
	ineq  []bool       // per direction: its break level is an inequality
	neg   []bool       // per direction: the negation of one that broke an inequality
	probe int          // the direction being probed, -1 for the final run
	runs  int
	line  *lineRun // the range box running (eliminate_range.go)
	// solved is the direction the final run solved along (nil: none
	// yet), for lifting along it if that run missed (linepin.go).
	solved []*big.Int
}

// startLayer begins an elimination from the unit probes' effects, or
// returns nil if one ran already or no argument moved anything.
func (j *joint) startLayer() *Prediction {
	if j.layer != nil {
		return nil
	}
	l := &layer{probe: -1}
	j.layer = l
	for k := range j.args {
		if j.effects[k] == nil {
			continue
		}
		l.basis = append(l.basis, j.dirs[k])
		l.effs = append(l.effs, j.effects[k])
		l.ineq = append(l.ineq, j.ineqs[k])
		l.neg = append(l.neg, false)
	}
	return j.layerNext()
}

// layerStep takes the last run's effects eff (ineq: it broke an
// inequality first) and returns the elimination's next run, or nil once
// the solution ran.
func (j *joint) layerStep(eff []*big.Int, ineq bool) *Prediction {
	l := j.layer
	if l.line != nil {
		return j.lineNext(eff)
	}
	if l.probe < 0 {
		return nil // the solution ran
	}
	l.effs[l.probe], l.ineq[l.probe] = eff, ineq
	return j.layerNext()
}

// breakLevel returns the first guard that direction effects eff do not
// keep at zero (len(guards) if none).
func (j *joint) breakLevel(eff []*big.Int) int {
	guards := len(j.eqs) - 1
	for i := range guards {
		if eff[i] == nil || eff[i].Sign() != 0 {
			return i
		}
	}
	return guards
}

// layerNext probes the next new direction, eliminates at the lowest
// break level, or runs the solution once the basis keeps every guard.
func (j *joint) layerNext() *Prediction {
	l := j.layer
	for l.runs < maxLayerProbes {
		if p := j.layerProbe(); p != nil {
			return p
		}
		guards := len(j.eqs) - 1
		lv := guards
		for d := range l.basis {
			lv = min(lv, j.breakLevel(l.effs[d]))
		}
		if lv == guards {
			return j.layerSolve()
		}
		if p := j.rangeBox(lv); p != nil {
			return p
		}
		if !j.eliminate(lv) {
			return nil
		}
	}
	return nil
}

// layerProbe returns the run of the first direction not probed yet.
func (j *joint) layerProbe() *Prediction {
	l := j.layer
	for d := range l.basis {
		if l.effs[d] != nil {
			continue
		}
		l.probe, l.runs = d, l.runs+1
		if p := j.move(l.basis[d], big.NewInt(1)); p != nil {
			return p
		}
		// Moves nothing (wraps to the base): no effect anywhere.
		l.effs[d] = make([]*big.Int, len(j.eqs))
		for i := range l.effs[d] {
			l.effs[d][i] = new(big.Int)
		}
	}
	return nil
}

// eliminate replaces the directions that break guard lv by combinations
// that keep it (or drops them, at an inequality or an unknown effect),
// and reports whether any direction is left.
func (j *joint) eliminate(lv int) bool {
	l := j.layer
	mod := j.mod()
	var at []int
	var nb, ne [][]*big.Int
	var ni, nn []bool
	for d := range l.basis {
		if j.breakLevel(l.effs[d]) == lv {
			at = append(at, d)
			if l.ineq[d] && !l.neg[d] {
				// The unit step left a range at its edge (a0 at the top of
				// a0 < K after the last solve): the opposite step may not.
				nb, ne, ni, nn = append(nb, negate(l.basis[d], mod)), append(ne, nil), append(ni, false), append(nn, true)
			}
			continue
		}
		nb, ne, ni, nn = append(nb, l.basis[d]), append(ne, l.effs[d]), append(ni, l.ineq[d]), append(nn, l.neg[d])
	}
	p := -1
	for _, d := range at {
		if l.effs[d][lv] == nil || l.ineq[d] {
			p = -1
			break
		}
		if p < 0 || j.betterPivot(l.effs[d][lv], l.effs[p][lv], l.basis[d], l.basis[p]) {
			p = d
		}
	}
	if p >= 0 {
		vp, inv := j.oddInverse(l.effs[p][lv])
		u := j.shortPartner(at, p, lv)
		for _, d := range at {
			switch d {
			case p:
				continue
			case u:
				vu, invu := j.oddInverse(l.effs[u][lv])
				nb = append(nb, j.keeping(l.basis[p], l.basis[u], l.effs[p][lv], vu, invu))
			default:
				nb = append(nb, j.keeping(l.basis[d], l.basis[p], l.effs[d][lv], vp, inv))
			}
			ne, ni, nn = append(ne, nil), append(ni, false), append(nn, false)
		}
		if vp > 0 {
			// 2^(n - vp) p moves guard lv by a multiple of 2^n.
			q := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), j.bits-vp))
			nb, ne, ni, nn = append(nb, combine(nil, l.basis[p], q, mod)), append(ne, nil), append(ni, false), append(nn, false)
		}
	}
	l.basis, l.effs, l.ineq, l.neg = nb, ne, ni, nn
	return len(nb) > 0
}

// oddInverse returns e's 2-adic valuation v and the inverse of its odd
// part modulo 2^(n-v).
func (j *joint) oddInverse(e *big.Int) (uint, *big.Int) {
	mod := j.mod()
	v := val(e, mod)
	inv := new(big.Int).Rsh(new(big.Int).Mod(e, mod), v)
	return v, inv.ModInverse(inv, new(big.Int).Rsh(mod, v))
}

// shortPartner returns the direction among at, of least valuation on
// guard lv, that moves no bounded argument, when the pivot p moves one
// and has the lesser valuation (-1 otherwise). Its combination with p is
// then taken the other way round, 2^(vu-vp) p - q*u (keeping): p - q*u
// would move p's bounded argument by a 64-bit quotient, out of its range
// (a0*143 + a6*2500 == C under a0 - K < 174 moves
// a0 by 4 per step and a6 by the quotient). The basis stays complete:
// with 2^(n-vp) p, this pair spans the same solutions in p and u.
func (j *joint) shortPartner(at []int, p, lv int) int {
	l := j.layer
	if !j.movesBounded(l.basis[p]) {
		return -1
	}
	mod := j.mod()
	u := -1
	for _, d := range at {
		if d == p || j.movesBounded(l.basis[d]) || !j.nonzero(l.effs[d][lv]) {
			continue
		}
		if u < 0 || val(l.effs[d][lv], mod) < val(l.effs[u][lv], mod) {
			u = d
		}
	}
	return u
}

// keeping returns the combination of direction d (effect e on the guard
// being eliminated) with the pivot p (effect 2^vp times an odd number
// whose inverse modulo 2^(n-vp) is inv) that keeps that guard: d - q*p,
// or 2^(vp-v) d - q*p when e's valuation v is below the pivot's. The
// latter moves d by the least step any solution in the span of d and p
// moves it (x*e == -y*e_p forces 2^(vp-v) | x), and p takes the
// quotient.
func (j *joint) keeping(d, p []*big.Int, e *big.Int, vp uint, inv *big.Int) []*big.Int {
	mod := j.mod()
	m := new(big.Int).Rsh(mod, vp)
	q := new(big.Int).Mod(e, mod)
	if v := val(e, mod); v < vp {
		d = combine(nil, d, new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), vp-v)), mod)
		q.Rsh(q, v)
	} else {
		q.Rsh(q, vp)
	}
	q.Mul(q, inv).Mod(q, m)
	return combine(d, p, q, mod)
}

// layerSolve runs the base along the basis direction that moves the
// target by the least power of two, by the step that zeroes it.
func (j *joint) layerSolve() *Prediction {
	l := j.layer
	target := len(j.eqs) - 1
	best := -1
	for d := range l.basis {
		e := l.effs[d][target]
		if !j.nonzero(e) {
			continue
		}
		if best < 0 || val(e, j.mod()) < val(l.effs[best][target], j.mod()) {
			best = d
		}
	}
	if best < 0 {
		return nil
	}
	l.probe, l.runs, l.solved = -1, maxLayerProbes, l.basis[best] // the last run
	p := j.solveAlong(l.basis[best], l.effs[best][target])
	if p == nil {
		return nil
	}
	if !j.respects(p.Seq) {
		if q := j.layerBox(best); q != nil {
			return q
		}
	}
	return j.ranged(p, func() *Prediction { return p })
}

// combine returns d - q*p modulo mod (d nil: zero).
func combine(d, p []*big.Int, q, mod *big.Int) []*big.Int {
	out := make([]*big.Int, len(p))
	for k := range p {
		x := new(big.Int)
		if d != nil && d[k] != nil {
			x.Set(d[k])
		}
		if p[k] != nil {
			x.Sub(x, new(big.Int).Mul(q, p[k]))
		}
		out[k] = x.Mod(x, mod)
	}
	return out
}

// negate returns -d modulo mod.
func negate(d []*big.Int, mod *big.Int) []*big.Int {
	out := make([]*big.Int, len(d))
	for k := range d {
		out[k] = new(big.Int)
		if d[k] != nil {
			out[k].Neg(d[k]).Mod(out[k], mod)
		}
	}
	return out
}

// val is the 2-adic valuation of e modulo mod.
func val(e, mod *big.Int) uint {
	return new(big.Int).Mod(e, mod).TrailingZeroBits()
}

// betterPivot reports whether a direction of effect e (dir) is a better
// elimination pivot than the current one (ep, pdir): a lesser 2-adic
// valuation, or the same and it moves no bounded argument where the
// current one does. The pivot is the direction every other one is
// combined with, each moving it by up to a 64-bit quotient; a bounded
// argument moved so leaves its range at once (a0*1940
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
