package solve

import (
	"math/big"

	"github.com/foresight-sol/foresight/engine/calldata"
)

// Guards below a hash. Class: a hashed comparison of an input x
// (uint8(uint256(keccak256(abi.encodePacked(x)))) == 119) above a linear
// equation that binds x to another input (x * 4070 + y * K1 == C1), and
// below both a target that pins or bounds them (y * 2625 + K2 == D, or a
// window x - K < 132). Every probe of x breaks the hash, so no probe
// shows x's effect on the equation, no pair of probes keeps it, and the
// walk along x (hashwalk.go) that passes the hash breaks the equation:
// the target below stays unevaluated. The first walk run that passes the
// hash evaluates the equation: its residual there is x's effect over the
// walk's step, which with y's probe gives a direction that keeps the
// equation (pairDirs), and the walk goes on along that one from the
// base, with a fresh budget. Its runs that pass the hash then evaluate
// the target: a pin's root is run next (rootRun); a window, whose root
// run is no longer near the base and usually fails the hash, moves the
// walk's base there, so the walk goes on inside the window.

// learnBelow takes a run of a walk along a single input, aimed below
// the hash, that passed the hash and broke a guard below it: it turns the
// walk onto a direction that keeps that guard and reports whether it did.
func (w *hashWalk) learnBelow(pr *Predictor) bool {
	j := w.j
	if w.onTarget || w.learned || !pr.lastRan || w.step == nil || j.hashBits == nil {
		return false
	}
	ka, sa := singleArg(w.dir)
	if ka < 0 {
		return false
	}
	lv, r := -1, (*big.Int)(nil)
	passed := false
	for i, e := range j.eqs[:len(j.eqs)-1] {
		ri, ok := pr.lastResid(e)
		switch {
		case !ok:
			return false
		case ri.Sign() == 0:
			passed = passed || j.hashBits[i] > 0
			continue
		case j.hashBits[i] > 0:
			return false // the hash failed
		}
		lv, r = i, ri
		break
	}
	if !passed || lv < 0 {
		return false
	}
	// x moved by s: r is its effect on guard lv; another input's probe
	// that broke lv first gives the other side of the balance.
	s := new(big.Int).Mul(w.step, big.NewInt(sa))
	if s.Bit(0) == 0 {
		return false // x's unit effect is not exact: wait for an odd step
	}
	inv := new(big.Int).ModInverse(new(big.Int).Mod(s, j.mod()), j.mod())
	ua := new(big.Int).Mul(r, inv)
	ua.Mod(ua, j.mod())
	for b, eb := range j.effects {
		kb, sb := singleArg(j.dirs[b])
		if eb == nil || kb < 0 || kb == ka || j.breakLevel(eb) != lv || !j.nonzero(eb[lv]) {
			continue
		}
		ub := new(big.Int).Mul(eb[lv], big.NewInt(sb))
		for _, v := range pairDirs(len(j.args), ka, kb, ua, ub, j.bits) {
			if v[ka] == nil || v[ka].Sign() == 0 {
				continue
			}
			w.dir, w.next, w.blocked, w.learned, w.odd = v, 0, [2]bool{}, true, false
			w.left = w.budget
			return true
		}
	}
	return false
}

// rebaseAtRoot moves the walk's base to its last run, a root run that
// failed the hash above the target: the target holds there if its
// residual is linear along the line, so the walk goes on around it.
func (w *hashWalk) rebaseAtRoot() {
	nj := *w.j
	nj.base = w.seq
	nj.args = append([]jointArg(nil), w.j.args...)
	for k := range nj.args {
		if v := calldata.At(w.seq[nj.tx].Args, nj.args[k].path); v != nil {
			nj.args[k].x0 = v.Word
		}
	}
	// The target's residual there is taken as zero: no root run follows.
	nj.r0 = append([]*big.Int(nil), w.j.r0...)
	nj.r0[len(nj.r0)-1] = new(big.Int)
	w.j, w.next, w.blocked, w.rooted = &nj, 0, [2]bool{}, true
}

// failedHash reports whether the last run broke a hashed guard of the
// walk's solve, every guard above it kept.
func (w *hashWalk) failedHash(pr *Predictor) bool {
	j := w.j
	for i, e := range j.eqs[:len(j.eqs)-1] {
		r, ok := pr.lastResid(e)
		if !ok {
			return false
		}
		if r.Sign() != 0 {
			return j.hashBits != nil && j.hashBits[i] > 0
		}
	}
	return false
}

// solvable reports whether a probed direction keeps every guard and
// moves the target: solve's case, which needs no walk past a hash.
func (j *joint) solvable() bool {
	target := len(j.eqs) - 1
	for _, eff := range j.effects {
		if eff != nil && eff[target] != nil && j.nonzero(eff[target]) && j.keepsGuards(eff) {
			return true
		}
	}
	return false
}

// pastEdge returns the steps along the line that take an inequality's
// residual r0 just past zero, when a run t steps along it changed the
// residual by dr: a distance, no root modulo 2^n. It steps by the unit
// step's change dr/t (so it lands within one unit of the edge, inside a
// window narrower than t); false unless t divides dr.
func pastEdge(r0, dr, t *big.Int) (*big.Int, bool) {
	if dr.Sign() == 0 || t.Sign() == 0 {
		return nil, false
	}
	unit, m := new(big.Int).QuoRem(dr, t, new(big.Int))
	if m.Sign() != 0 || unit.Sign() == 0 {
		return nil, false
	}
	q, rem := new(big.Int).QuoRem(new(big.Int).Neg(r0), unit, new(big.Int))
	if rem.Sign() != 0 {
		q.Add(q, big.NewInt(int64(rem.Sign()*unit.Sign())))
	}
	return q, q.Sign() != 0
}

// oddStep returns the cursor's step among odd ones: 1, -1, 3, -3, ...
func oddStep(c int) int64 {
	t := int64(c/2)*2 + 1
	if c%2 == 1 {
		t = -t
	}
	return t
}

// guardBelowHash reports whether a guard that is not hashed sits between
// the first hashed guard and the target: the walk past the hash may
// break it, and learnBelow needs an odd step to learn it.
func (j *joint) guardBelowHash() bool {
	hashed := false
	for i := range j.eqs[:len(j.eqs)-1] {
		switch {
		case j.hashBits[i] > 0:
			hashed = true
		case hashed:
			return true
		}
	}
	return false
}
