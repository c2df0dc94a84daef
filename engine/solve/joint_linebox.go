package solve

import "math/big"

// This file is the elimination's (joint_layer.go) step at a range guard:
// a direction that keeps every equality below but breaks a range it
// moves a bounded argument across may still keep both ranges for some
// multiple of itself. The two ranges it moves are one box over the step
// t and the second argument's offset u, linked by u == c*t (box2): the
// range of a3 < 0x95f60 and of a7 < 0xeec7e4c7 along the one direction
// that keeps a3*2672 + a7*K == C and a3*2830 + a5*956 == C' (fresh20504's
// cell 22: a3 by two, a5 and a7 by 64-bit quotients). No linear
// combination keeps a range, so the elimination drops such a direction;
// the box is its one chance.

// lineBox returns the run of the base moved along dir by lineStep's
// step; nil if there is none.
func (j *joint) lineBox(dir []*big.Int) *Prediction {
	t, ok := j.lineStep(dir)
	if !ok {
		return nil
	}
	return j.move(dir, t)
}

// lineStep returns the step along dir that keeps every known bound,
// found in the box of two bounded arguments dir moves, the first by a
// power of two; false if dir moves no two such or the box holds no step
// that keeps every bound.
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
	t, _, ok := box2(j.bits, new(big.Int).Mod(dir[k2], mod), new(big.Int).Sub(mod, big.NewInt(1)), new(big.Int), wt, wu, func(t, _ *big.Int) bool {
		tw := modWord(t, j.bits)
		return j.boundsHold(dw, nil, &tw, nil)
	})
	return t, ok
}

// onlyArg returns the direction that moves argument k as dir does and
// no other.
func onlyArg(dir []*big.Int, k int) []*big.Int {
	v := make([]*big.Int, len(dir))
	v[k] = dir[k]
	return v
}
