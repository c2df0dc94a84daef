package solve

import (
	"math/big"

	"github.com/holiman/uint256"
)

// This file guesses a range target's bound on an argument no probe could
// measure: the target (a0 - 0xb3011ffd < 998) sits below an equality
// (a4*1742 + a0*1473 == K) that every unit probe of a0 breaks, so no run
// reaches the target with a0 moved and track never learns that the
// target bounds a0; directBounds sees it only when the side is a0
// itself. As input-to-state does for an equality, the guess is that the
// side is the argument plus a constant (side0 - x0 in the base): then the
// argument's window is the side's shifted by that offset, and the bounded
// search (joint_ranged.go) solves the equality in it with a direction
// that keeps the guards above (maze1's cell 9, seed 1: the equality's
// root left a0 near 2^62 and a4 at the edge of a4 < 0xf7b07cb5).

// offsetBounds returns, for each numeric argument whose probe broke an
// equality guard below the target and so never evaluated the target, the
// window the base's failing target comparison puts on it if its first
// operand is that argument plus a constant; the other operand the limit.
// Nil if the target is an equality, or its bound on some argument is
// known already.
func (j *joint) offsetBounds() []argBound {
	target := len(j.eqs) - 1
	for i := range j.bounds {
		if j.bounds[i].idx == j.eqs[target] {
			return nil
		}
	}
	var cmp *uint256.Int
	var lim uint256.Int
	for c := range j.cmps {
		if e := &j.cmps[c]; e.Idx == j.target {
			side := e.Opnd[0]
			cmp, lim = mask(&side, j.bits), e.Opnd[1]
			break
		}
	}
	if cmp == nil {
		return nil
	}
	start, size, ok := sideBound(cmp, &lim, j.bits, true)
	if !ok {
		return nil
	}
	var out []argBound
	for x := range j.args {
		if x >= len(j.effects) {
			break
		}
		ex := j.effects[x]
		if ex == nil || ex[target] != nil || j.ineqs[x] {
			continue
		}
		if lv := j.breakLevel(ex); lv >= target || ex[lv] == nil || ex[lv].Sign() == 0 {
			continue
		}
		// side = x + (side0 - x0): x's window starts at start - (side0 - x0).
		var off, s uint256.Int
		off.Sub(cmp, &j.args[x].x0)
		s.Sub(&start, &off)
		out = append(out, argBound{k: x, idx: j.eqs[target], start: *mask(&s, j.bits), size: size})
	}
	return out
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
