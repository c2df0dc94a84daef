package solve

import (
	"math/big"
)

// Repair along a bilinear guard. Class: a guard bilinear in two inputs,
// r(x, y) = α*x*y + β*x + γ*y + δ == 0 with α != 0 (x * y == C, x * y * K
// + x == C, modulo 2^n), above a target that moves one of them, x, where
// every move of x alone or of any linear combination breaks the guard
// (its change is quadratic along every line). For each new x the guard
// holds again at y = -(β*x + δ) / (α*x + γ) modulo 2^n, when α*x + γ's
// power of two divides the numerator (2^v roots then). The joint solve's
// unit probes gave r's effects e_x = α*y0 + β and e_y = α*x0 + γ; one
// more run at (x0 + 1, y0 + 1) gives α = r - e_x - e_y. The repaired
// probe, x0 + 1 with y repaired, keeps the guard and shows the target's
// effect along the curve; a target that depends on x alone (c*2606 +
// x*396 == C under x * y == C') is linear along it, so the step that
// zeroes its residual is solved as on a line, and each root for y runs.
// Both orientations of the pair are tried; a guard no product of the two
// is ends the chain at its second run (α = 0, or the repaired probe
// breaks the guard). A window on one factor (b - K < 119: a bound of the
// joint solve, bounds.go, or the one an inequality of the base in user
// source would put on either factor) is enumerated before: each value with
// the other factor repaired, keeping every known bound, so a bound the
// target puts on the other factor (a < K2) leaves the few values that
// keep it.

// maxRepairTries bounds the chains per target edge: a chain is a run for
// α, a window's runs, and per orientation a probe and its roots.
const maxRepairTries = 2

// maxRepairRoots bounds the roots for the other factor run per value;
// maxRepairWindow the window enumerated, and maxRepairRuns its runs.
const (
	maxRepairRoots  = 4
	maxRepairWindow = 256
	maxRepairRuns   = 16
)

// bilinear is a repair chain over guard g of j and the inputs x and y.
type bilinear struct {
	j      *joint
	g      int
	x, y   int
	ex, ey *big.Int // unit effects on g
	alpha  *big.Int // nil until the (x+1, y+1) run
	queue  []*Prediction
	probed bool     // the repaired probe of this orientation ran
	dx     *big.Int // its move of x
	rooted bool     // its roots are queued
	orient int      // 0: as found, 1: swapped
}

// startRepair returns the first run of a repair chain for the first guard
// of j that is bilinear in two inputs, or nil if there is none.
func (pr *Predictor) startRepair(j *joint) *Prediction {
	if pr.repairTries[j.target] >= maxRepairTries || len(j.effects) < len(j.args) {
		return nil
	}
	for g := range len(j.eqs) - 1 {
		x, y, ok := j.bilinearAt(g)
		if !ok {
			continue
		}
		pr.repairTries[j.target]++
		b := &bilinear{j: j, g: g, x: x, y: y, ex: j.effects[x][g], ey: j.effects[y][g]}
		v := make([]*big.Int, len(j.args))
		v[x], v[y] = big.NewInt(1), big.NewInt(1)
		return b.run(v)
	}
	return nil
}

// bilinearAt reports the two inputs whose unit probes break guard g first
// (and no other input's does), when a probed direction moving both broke
// it too and none moving either kept it: the guard is no linear one in
// them (a linear guard's paired direction keeps it), so the chain's extra
// runs are spent only where a product is likely.
func (j *joint) bilinearAt(g int) (x, y int, ok bool) {
	var in []int
	for k := range j.args {
		eff := j.effects[k]
		if eff != nil && j.breakLevel(eff) == g && eff[g] != nil && j.nonzero(eff[g]) {
			in = append(in, k)
		}
	}
	if len(in) != 2 {
		return 0, 0, false
	}
	x, y = in[0], in[1]
	both := false
	for d := len(j.args); d < len(j.effects) && d < len(j.dirs); d++ {
		v, eff := j.dirs[d], j.effects[d]
		mx, my := v[x] != nil && v[x].Sign() != 0, v[y] != nil && v[y].Sign() != 0
		if eff == nil || !mx && !my {
			continue
		}
		lv := j.breakLevel(eff)
		if lv > g {
			return 0, 0, false
		}
		if mx && my && lv == g && eff[g] != nil && j.nonzero(eff[g]) {
			both = true
		}
	}
	return x, y, both
}

// run returns the run of the base moved by v, a step of b.
func (b *bilinear) run(v []*big.Int) *Prediction {
	p := b.j.move(v, big.NewInt(1))
	if p == nil {
		return nil
	}
	p.joint, p.repair = nil, b
	return p
}

// other returns the roots, at most maxRepairRoots, of the move of the
// other factor that keeps the guard once factor k (b.x or b.y) moved by
// d: r = α*x*y + β*x + γ*y + δ is α*k*o + c_k*k + c_o*o + δ, so o =
// -(c_k*k + δ) / (α*k + c_o) modulo 2^n, 2^v roots when α*k + c_o is 2^v
// times odd and 2^v divides the numerator.
func (b *bilinear) other(k int, d *big.Int) []*big.Int {
	j := b.j
	mod := j.mod()
	x0, y0 := ToBig(&j.args[b.x].x0, j.args[b.x].typ), ToBig(&j.args[b.y].x0, j.args[b.y].typ)
	beta := new(big.Int).Sub(b.ex, new(big.Int).Mul(b.alpha, y0))
	gamma := new(big.Int).Sub(b.ey, new(big.Int).Mul(b.alpha, x0))
	// r(x0, y0) = 0: δ = -(α*x0*y0 + β*x0 + γ*y0).
	delta := new(big.Int).Mul(b.alpha, x0)
	delta.Mul(delta, y0).Add(delta, new(big.Int).Mul(beta, x0)).Add(delta, new(big.Int).Mul(gamma, y0)).Neg(delta)
	ck, co, k0, o0 := beta, gamma, x0, y0
	if k == b.y {
		ck, co, k0, o0 = gamma, beta, y0, x0
	}
	kv := new(big.Int).Add(k0, d)
	c := new(big.Int).Mul(b.alpha, kv)
	c.Add(c, co).Mod(c, mod)
	r := new(big.Int).Mul(ck, kv)
	r.Add(r, delta).Neg(r)
	o, ok := divMod(r, c, j.bits)
	if !ok {
		return nil
	}
	v := c.TrailingZeroBits()
	step := new(big.Int).Lsh(big.NewInt(1), j.bits-v)
	var out []*big.Int
	for i := 0; i < maxRepairRoots && i < 1<<min(v, 8); i++ {
		oi := new(big.Int).Add(o, new(big.Int).Mul(big.NewInt(int64(i)), step))
		out = append(out, oi.Sub(oi, o0).Mod(oi, mod))
	}
	return out
}

// pointRun returns the run with factor k moved by d and the other factor
// by do.
func (b *bilinear) pointRun(k int, d, do *big.Int) *Prediction {
	v := make([]*big.Int, len(b.j.args))
	o := b.y
	if k == b.y {
		o = b.x
	}
	v[k], v[o] = d, do
	return b.run(v)
}

// windowRuns returns the runs of windows of at most maxRepairWindow
// values on one factor, each value with the other factor repaired, that
// keep every known bound: at most maxRepairRuns, taken from the windows
// in turn (a guessed window may be the other factor's).
func (b *bilinear) windowRuns(user func(int32) bool) []*Prediction {
	j := b.j
	mod := j.mod()
	ws := b.windows(user)
	next := make([]uint64, len(ws))
	var out []*Prediction
	for more := true; more && len(out) < maxRepairRuns; {
		more = false
		for w := range ws {
			bd := &ws[w]
			// The window's next value with a root that keeps the bounds.
			for ; next[w] < bd.size.Uint64(); next[w]++ {
				k0 := ToBig(&j.args[bd.k].x0, j.args[bd.k].typ)
				d := new(big.Int).Add(bd.start.ToBig(), new(big.Int).SetUint64(next[w]))
				d.Sub(d, k0).Mod(d, mod)
				var p *Prediction
				for _, do := range b.other(bd.k, d) {
					if q := b.pointRun(bd.k, d, do); q != nil && j.respects(q.Seq) {
						p = q
						break
					}
				}
				if p != nil && len(out) < maxRepairRuns {
					out = append(out, p)
					next[w]++
					more = true
					break
				}
			}
		}
	}
	return out
}

// windows returns the windows of at most maxRepairWindow values on x or
// y: the solve's bounds, then the ones the base's inequalities in user
// source would put on either factor if their side were it plus a
// constant (b - K < 119, whose probe broke the guard first and so never
// showed it), as offsetBounds guesses for a target; the target's first.
func (b *bilinear) windows(user func(int32) bool) []argBound {
	j := b.j
	var out []argBound
	for _, bd := range j.bounds {
		if (bd.k == b.x || bd.k == b.y) && !bd.size.GtUint64(maxRepairWindow) {
			out = append(out, bd)
		}
	}
	var guards []argBound
	for c := range j.cmps {
		e := &j.cmps[c]
		if isEquality(e) || !user(e.Idx) {
			continue
		}
		for s := range 2 {
			side, lim := e.Opnd[s], e.Opnd[1-s]
			mask(&side, j.bits)
			for _, k := range [2]int{b.x, b.y} {
				start, size, ok := shiftedBound(&side, &lim, &j.args[k].x0, j.bits, e.Idx == j.target)
				if !ok || size.GtUint64(maxRepairWindow) {
					continue
				}
				if e.Idx == j.target {
					out = append(out, argBound{k: k, idx: e.Idx, start: start, size: size})
				} else {
					guards = append(guards, argBound{k: k, idx: e.Idx, start: start, size: size})
				}
			}
		}
	}
	return append(out, guards...)
}

// probeRun returns the repaired probe of the current orientation: x moved
// by the first of 1, -1, 2, -2 for which y has a root.
func (b *bilinear) probeRun() *Prediction {
	b.probed = true
	for _, d := range []int64{1, -1, 2, -2} {
		if dys := b.other(b.x, big.NewInt(d)); len(dys) > 0 {
			b.dx = big.NewInt(d)
			return b.pointRun(b.x, b.dx, dys[0])
		}
	}
	return nil
}

// repairAgain takes a run of the chain that missed its target and returns
// the chain's next run, or nil once it ends.
func (pr *Predictor) repairAgain(p *Prediction) *Prediction {
	b := p.repair
	j := b.j
	target := len(j.eqs) - 1
	switch {
	case b.alpha == nil:
		r, ok := pr.lastResid(j.eqs[b.g])
		if !ok || !pr.lastRan {
			return nil
		}
		b.alpha = r.Sub(r, b.ex).Sub(r, b.ey).Mod(r, j.mod())
		if b.alpha.Sign() == 0 {
			return nil // no product of the two: the guard is linear in them
		}
		b.queue = b.windowRuns(pr.userEdge)
	case b.probed && !b.rooted:
		// The repaired probe ran: the target's effect along the curve.
		b.rooted = true
		eff := pr.lastEffects(j)
		if pr.lastRan && j.breakLevel(eff) == target && eff[target] != nil && j.nonzero(eff[target]) {
			// Along the curve the target moved by eff per dx of x.
			if t, ok := divMod(new(big.Int).Neg(j.r0[target]), eff[target], j.bits); ok {
				t.Mul(t, b.dx)
				for _, dy := range b.other(b.x, t) {
					if q := b.pointRun(b.x, t, dy); q != nil {
						b.queue = append(b.queue, q)
					}
				}
			}
		}
		if len(b.queue) == 0 {
			return b.swap()
		}
	}
	if len(b.queue) > 0 {
		q := b.queue[0]
		b.queue = b.queue[1:]
		return q
	}
	if !b.probed {
		if q := b.probeRun(); q != nil {
			return q
		}
	}
	return b.swap()
}

// swap goes on with x and y swapped, once, from the repaired probe (α is
// the pair's whichever way round); nil once both orientations ran.
func (b *bilinear) swap() *Prediction {
	if b.orient != 0 {
		return nil
	}
	b.orient, b.x, b.y, b.ex, b.ey = 1, b.y, b.x, b.ey, b.ex
	b.probed, b.rooted = false, false
	return b.probeRun()
}
