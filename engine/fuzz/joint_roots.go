package fuzz

import (
	"math/big"

	"github.com/foresight-sol/foresight/engine/calldata"
)

// This file is the joint solve's (joint.go) last step: the step along the
// chosen direction that zeroes the target, and the other roots of the
// same modular equation. c*t == -r modulo 2^n has 2^v roots when c has v
// factors of two (a1 * 974 + a7 * 1856 == K: a1 and a1 + 2^63), and the
// least one may break an inequality guard the others keep (a1 < 0x29ac...
// holds for one root in three): when the solution's run broke an
// inequality guard, the next roots run (at most maxRoots). For an
// inequality target (a3 - K < 603) any step that goes as far as its
// boundary or a little past it will do, so the residual is rounded up to
// the next multiple of 2^v instead of giving up where c's power of two
// does not divide it.

// maxRoots bounds the further roots run after the solution.
const maxRoots = 3

// maxNullSteps bounds the runs along null directions after the roots.
const maxNullSteps = 6

// roots is a solution's step t along dir, and the distance between
// roots (2^(n-v)); null, directions that keep the guards and the target
// (another probed direction minus its modular multiple of dir), along
// which the solution moves by 1, 2, ... once the roots are spent: they
// change the solved argument's value (a7 + 1 moves a1's roots), so an
// inequality guard all roots broke may hold at another point.
type roots struct {
	dir     []*big.Int
	t, step *big.Int
	left    int
	null    [][]*big.Int
	steps   int
}

// solveAlong returns the run of the base moved along dir, whose effect on
// the target is c, by the step that zeroes the target's residual modulo
// 2^bits, or nil if there is none (nor a rounded one for an inequality).
func (j *joint) solveAlong(dir []*big.Int, c *big.Int) *prediction {
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
	left := maxRoots
	if v < 2 {
		left = int(1<<v) - 1
	}
	j.roots = &roots{dir: dir, t: t, step: new(big.Int).Rsh(mod, v), left: left}
	return j.move(dir, t)
}

// nextRoot returns the run of the solution's next root if the last run
// broke an inequality guard and roots are left, else nil.
func (pr *predictor) nextRoot(j *joint) *prediction {
	rs := j.roots
	if !pr.lastRan || rs.left == 0 {
		return nil
	}
	lv := -1
	for i, e := range j.eqs[:len(j.eqs)-1] {
		if r, ok := pr.lastResid(e); !ok || r.Sign() != 0 {
			lv = i
			break
		}
	}
	if lv < 0 || pr.lastIsEq(j.eqs[lv]) {
		return nil
	}
	for rs.left > 0 {
		rs.left--
		rs.t.Add(rs.t, rs.step)
		if p := j.move(rs.dir, rs.t); p != nil {
			return p
		}
	}
	for len(rs.null) > 0 && rs.steps < maxNullSteps {
		n := rs.null[rs.steps%len(rs.null)]
		rs.steps++
		k := big.NewInt(int64(1 + (rs.steps-1)/len(rs.null)))
		w := make([]*big.Int, len(rs.dir))
		for i := range w {
			w[i] = new(big.Int)
			if rs.dir[i] != nil {
				w[i].Mul(rs.dir[i], rs.t)
			}
			if n[i] != nil {
				w[i].Add(w[i], new(big.Int).Mul(n[i], k))
			}
		}
		if p := j.move(w, big.NewInt(1)); p != nil {
			return p
		}
	}
	return nil
}

// nullDirs returns, for each probed direction other than best that kept
// the guards, its combination with best that leaves the target put too
// (d - (e_d/e_best) best modulo 2^bits), where that quotient exists.
func (j *joint) nullDirs(best int) [][]*big.Int {
	target := len(j.eqs) - 1
	mod := j.mod()
	c := new(big.Int).Mod(j.effects[best][target], mod)
	v := c.TrailingZeroBits()
	m := new(big.Int).Rsh(mod, v)
	inv := new(big.Int).ModInverse(new(big.Int).Rsh(c, v), m)
	var out [][]*big.Int
	for d, eff := range j.effects {
		if d == best || eff == nil || eff[target] == nil || !j.keepsGuards(eff) || j.nearGuard(d) {
			continue
		}
		e := new(big.Int).Mod(eff[target], mod)
		if e.Sign() != 0 && e.TrailingZeroBits() < v {
			continue
		}
		q := e.Rsh(e, v)
		q.Mul(q, inv).Mod(q, m)
		out = append(out, combine(j.dirs[d], j.dirs[best], q, mod))
		if len(out) == 2 {
			break
		}
	}
	return out
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
