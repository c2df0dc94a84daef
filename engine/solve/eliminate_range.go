package solve

import (
	"math/big"

	"github.com/holiman/uint256"
)

// Range along a kernel line. Class: a range guard on an input below (or
// above) equalities whose only keeping directions move that input by a
// power of two and another bounded input by a modular quotient (a3 <
// W3 and a7 < W7 along the one direction that keeps a3*2672 + a7*K == C
// and a3*2830 + a5*956 == C': a3 by two, a5 and a7 by 64-bit
// quotients). No linear combination keeps a range, so the elimination
// would drop such a direction; but some multiples of it keep both
// windows: one box over the step t and the second input's offset u,
// linked by u == c*t (box2). When the box's run keeps every guard but
// misses an equality target (a2*K == C fixing a2 alone, a7 following a2
// by a quotient), that run shows the target's effect along the
// direction, and one more run solves it there.

// lineRun is a range box's run: the direction, its step, and the
// elimination level whose range the direction broke.
type lineRun struct {
	dir []*big.Int
	t   *big.Int
	lv  int
}

// rangeBox returns the run of the first direction breaking a range at
// level lv (not the negation of one) whose multiple keeps every bound
// (lineStep), counted as a probe; nil if none has one.
func (j *joint) rangeBox(lv int) *Prediction {
	l := j.layer
	for d := range l.basis {
		if !l.ineq[d] || l.neg[d] || j.breakLevel(l.effs[d]) != lv {
			continue
		}
		t, ok := j.lineStep(l.basis[d])
		if !ok {
			continue
		}
		if p := j.move(l.basis[d], t); p != nil {
			l.runs++
			l.line = &lineRun{dir: l.basis[d], t: t, lv: lv}
			return p
		}
	}
	return nil
}

// lineNext takes the effects eff of a range box's run: if it kept every
// guard and moved the target by an odd step's multiple, the run of the
// target solved along the box's direction comes first; then the
// elimination goes on at the box's level.
func (j *joint) lineNext(eff []*big.Int) *Prediction {
	l := j.layer
	b := l.line
	l.line = nil
	goOn := func() *Prediction {
		if !j.eliminate(b.lv) {
			return nil
		}
		return j.layerNext()
	}
	target := len(eff) - 1
	if j.keepsGuards(eff) && j.nonzero(eff[target]) && b.t.Bit(0) == 1 {
		mod := j.mod()
		// The target moved by e*t: e is that over t, t odd.
		e := new(big.Int).ModInverse(b.t, mod)
		e.Mul(e, eff[target]).Mod(e, mod)
		if p := j.solveAlong(b.dir, e); p != nil && j.respects(p.Seq) {
			j.then = goOn
			return p
		}
	}
	return goOn()
}

// lineStep returns the step along dir that keeps every known bound,
// found in the box of two bounded arguments dir moves, the first by a
// power of two: an odd step if the box holds one (its run then shows
// the target's effect along dir exactly); false if dir moves no two
// such or the box holds no step that keeps every bound.
func (j *joint) lineStep(dir []*big.Int) (*big.Int, bool) {
	var wt window
	k1, k2 := -1, -1
	for i := range j.bounds {
		k := j.bounds[i].k
		if !j.moves(dir, k) || k == k1 || k == k2 {
			continue
		}
		if k1 < 0 {
			if w, ok := j.stepBound(onlyArg(dir, k)); ok {
				k1, wt = k, w
				continue
			}
		}
		if k2 < 0 {
			k2 = k
		}
	}
	if k1 < 0 || k2 < 0 {
		return nil, false
	}
	wu, _ := j.boundWindow(k2)
	mod := j.mod()
	dw := j.dirWords(dir)
	for _, odd := range []bool{true, false} {
		t, _, ok := box2(j.bits, new(big.Int).Mod(dir[k2], mod), new(big.Int).Sub(mod, big.NewInt(1)), new(big.Int), wt, wu, func(t, _ *big.Int) bool {
			tw := modWord(t, j.bits)
			return (!odd || t.Bit(0) == 1) && j.boundsHold(dw, nil, &tw, nil)
		})
		if ok {
			return t, true
		}
	}
	return nil, false
}

// onlyArg returns the direction that moves argument k as dir does and
// no other.
func onlyArg(dir []*big.Int, k int) []*big.Int {
	v := make([]*big.Int, len(dir))
	v[k] = dir[k]
	return v
}

// layerBox solves the target along the elimination's best direction and
// one other that keeps every guard at once, each step in the window of
// the bounded argument it moves (box2), when the step along best alone
// leaves a bound: a6 fixed alone below a0 < 0x2e6b6 needs a6 moved to
// one value with a0 in its range, and the direction that keeps a0*1940
// + a6*700 == K moves
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
