package solve

import (
	"math/big"

	"github.com/holiman/uint256"
)

// This file adds to the joint solve (joint.go) the moves that keep every
// guard without being a step along a direction. An argument whose unit
// effects on the guards are all multiples of 2^s (a5 in a5*2666 +
// a4*3456 + K == C, s = 1) keeps them all when moved by 2^(bits-s): the
// guards' solutions modulo 2^bits are the line the solve steps along
// plus that move's multiples. When the target's roots along the line
// leave a bounded argument's window, the root inside it may lie on the
// line shifted by such a move (s38j38804's cell 26: a4 - 9877 < 196 held
// only by t = 70, which needs a5 moved by 2^63 besides). The move
// changes the target by e*2^(bits-s), e the argument's own effect on the
// target, which no probe measured (its unit probe broke the guards), so
// each non-zero value of it is tried: one for s = 1.

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
