package solve

import (
	"math/big"

	"github.com/foresight-sol/foresight/engine/calldata"
)

// This file is the joint solve's (joint.go) last step: the step along the
// chosen direction that zeroes the target's residual modulo 2^n. c*t ==
// -r has a root only when c's power of two, 2^v, divides r; for an
// inequality target (a3 - K < 603) any step that goes as far as its
// boundary or a little past it will do, so the residual is rounded up to
// the next multiple of 2^v instead of giving up. (Running the equation's
// other roots and steps along directions that keep the target, when the
// solution broke an inequality guard, found no more of the mazes' bugs
// for the runs they cost.)

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

// samePath reports whether a and b address the same leaf.
func samePath(a, b calldata.Path) bool {
	if b == nil || len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
