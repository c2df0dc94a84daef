package solve

import "math/big"

// Kernel directions. Class: two inputs that a guard and the target both
// use (a0*K1 + a1*K2 == C { a0*K3 + a1*K4 == C' }): the unit probes all
// break the guard, so the solve adds the directions along which the
// guard stays put modulo 2^n (one input by one or by 2^v, the other by
// the modular quotient; both by short integer steps when both sit in
// windows), the step back of an input at a range's edge, and the
// opposites of the pairs that broke a guard.

// addPairs adds, for two arguments that move the same guard, the
// direction along which that guard stays put (g_b*e_a - g_a*e_b): on
// nested conditions over shared arguments, the only probes that still
// reach the target.
func (j *joint) addPairs() {
	guards := len(j.eqs) - 1
	pairs := 0
	// An argument at the edge of a range guard (a - k < n) breaks it
	// going up; going down it may stay inside.
	for k := range j.args {
		if eff := j.effects[k]; eff != nil && !j.keepsGuards(eff) && pairs < maxJointPairs {
			v := make([]*big.Int, len(j.args))
			v[k] = big.NewInt(-1)
			j.dirs = append(j.dirs, v)
			pairs++
		}
	}
	// The integer pairs come after every modular one: they are for the
	// rarer case of two windowed arguments.
	var integer [][]*big.Int
	for a := 0; a < len(j.args) && pairs < maxJointPairs; a++ {
		for b := a + 1; b < len(j.args) && pairs < maxJointPairs; b++ {
			ea, eb := j.effects[a], j.effects[b]
			if ea == nil || eb == nil {
				continue
			}
			for g := 0; g < guards; g++ {
				if ea[g] == nil || eb[g] == nil || ea[g].Sign() == 0 || eb[g].Sign() == 0 {
					continue
				}
				// Each argument by one in turn: either may be the one a
				// range guard holds in place.
				dirs := pairDirs(len(j.args), a, b, ea[g], eb[g], j.bits)
				dirs = append(dirs, shiftedPairDirs(len(j.args), a, b, ea[g], eb[g], j.bits)...)
				if v := integerPairDir(len(j.args), a, b, ea[g], eb[g], j.bits); v != nil {
					integer = append(integer, v)
				}
				for _, v := range dirs {
					if pairs < maxJointPairs {
						j.dirs = append(j.dirs, v)
						pairs++
					}
				}
				break
			}
		}
	}
	for _, v := range integer {
		if pairs < maxJointPairs {
			j.dirs = append(j.dirs, v)
			pairs++
		}
	}
}

// pairDirs returns the directions over n arguments that move arguments
// a and b, whose unit steps move a guard by ea and eb, so that the guard
// stays put modulo 2^bits: one of them by one and the other by the
// modular quotient (a step of one keeps an inequality guard of the same
// argument, a - K < 735, that the integer pair (eb, -ea) would jump
// over). With k the lesser 2-adic valuation of ea and eb, ea/2^k or
// eb/2^k is odd, hence invertible; when both are, both directions.
func pairDirs(n, a, b int, ea, eb *big.Int, bits uint) [][]*big.Int {
	return balancedDirs(n, a, b, ea, eb, bits, 0, 0)
}

// shiftedPairDirs returns the pair directions pairDirs cannot make: where
// the other's unit effect is even after the common power of two is
// divided out (e_other = 2^v u, u odd, as in a3 * 3886 + a2 * 1252 == C,
// 3886 = 2 * 1943 and 1252 = 2 * 2 * 313), no step of the other balances
// a step of one by one, so the one moves by 2^v, the least step the other
// can balance, and the other by -e_one u^-1 modulo 2^bits. A step of 2^v
// still keeps a range guard of the one (a3 - K < 603) that pairDirs'
// opposite pair, which moves the one by a 64-bit quotient, leaves.
func shiftedPairDirs(n, a, b int, ea, eb *big.Int, bits uint) [][]*big.Int {
	return balancedDirs(n, a, b, ea, eb, bits, 1, maxPairShift)
}

// balancedDirs returns, for each of a and b as the one, the direction
// that moves the one by 2^v and the other by -e_one u^-1 modulo 2^bits,
// where e_other = 2^v u (u odd) after the common power of two of ea and
// eb is divided out, when lo <= v <= hi.
func balancedDirs(n, a, b int, ea, eb *big.Int, bits, lo, hi uint) [][]*big.Int {
	mod := new(big.Int).Lsh(big.NewInt(1), bits)
	x, y := new(big.Int).Mod(ea, mod), new(big.Int).Mod(eb, mod)
	k := min(x.TrailingZeroBits(), y.TrailingZeroBits())
	x.Rsh(x, k)
	y.Rsh(y, k)
	var out [][]*big.Int
	for _, o := range [2]struct {
		one, other int
		e1, e2     *big.Int
	}{{a, b, x, y}, {b, a, y, x}} {
		v2 := o.e2.TrailingZeroBits()
		if o.e2.Sign() == 0 || v2 < lo || v2 > hi {
			continue
		}
		v := make([]*big.Int, n)
		v[o.one] = new(big.Int).Lsh(big.NewInt(1), v2)
		q := new(big.Int).ModInverse(new(big.Int).Rsh(o.e2, v2), mod)
		v[o.other] = q.Mul(q, o.e1).Neg(q).Mod(q, mod)
		out = append(out, v)
	}
	return out
}

// integerPairDir returns the direction that moves a by eb/g and b by
// -ea/g (g their greatest common divisor, the effects taken as the
// signed residues nearest zero modulo 2^bits) when both steps are short:
// the pair keeps the guard exactly, and moves neither argument far. When
// both arguments sit in windows (a5 - K < 536 and a7 > K' beside a7 * 209
// + a5 * 3797 == C), every modular pair jumps one of them out of its
// window on its first step, so the target behind them is never
// evaluated, though one step along this pair evaluates it and the
// solution along it is the system's own root. Nil if either step is
// long.
func integerPairDir(n, a, b int, ea, eb *big.Int, bits uint) []*big.Int {
	x, y := nearestResidue(ea, bits), nearestResidue(eb, bits)
	if x.Sign() == 0 || y.Sign() == 0 {
		return nil
	}
	g := new(big.Int).GCD(nil, nil, new(big.Int).Abs(x), new(big.Int).Abs(y))
	x.Quo(x, g)
	y.Quo(y, g)
	if x.CmpAbs(maxIntegerStep) > 0 || y.CmpAbs(maxIntegerStep) > 0 {
		return nil
	}
	v := make([]*big.Int, n)
	v[a], v[b] = y, x.Neg(x)
	return v
}

// maxIntegerStep bounds an integer pair's steps: about the widest range
// guard a step must stay inside, and far below any modular quotient.
var maxIntegerStep = big.NewInt(1 << 16)

// nearestResidue returns e modulo 2^bits as the residue nearest zero.
func nearestResidue(e *big.Int, bits uint) *big.Int {
	mod := new(big.Int).Lsh(big.NewInt(1), bits)
	x := new(big.Int).Mod(e, mod)
	if x.Bit(int(bits)-1) == 1 {
		x.Sub(x, mod)
	}
	return x
}

// maxPairShift bounds the power of two a shifted pair moves its one
// argument by: a longer step leaves a range guard of a few hundred.
const maxPairShift = 6

// addNegations adds the opposite of each paired direction whose probe
// broke a guard: the argument it moves by one sits at the edge of a
// range (a previous solve stopped at the boundary, a - K < 735 with
// a - K == 734), and only the step back keeps it inside.
func (j *joint) addNegations() {
	n := len(j.dirs)
	for d := len(j.args); d < n; d++ {
		if eff := j.effects[d]; eff == nil || j.keepsGuards(eff) || moved(j.dirs[d]) < 2 {
			continue
		}
		v := make([]*big.Int, len(j.args))
		for k, vk := range j.dirs[d] {
			if vk != nil {
				v[k] = new(big.Int).Neg(vk)
			}
		}
		j.dirs = append(j.dirs, v)
	}
}

// moved counts the arguments direction v moves.
func moved(v []*big.Int) int {
	n := 0
	for _, vk := range v {
		if vk != nil && vk.Sign() != 0 {
			n++
		}
	}
	return n
}

// maxJointPairs bounds the probes besides the unit ones.
const maxJointPairs = 8

// nonzero reports whether x is known and not zero modulo 2^n.
func (j *joint) nonzero(x *big.Int) bool {
	return x != nil && new(big.Int).Mod(x, j.mod()).Sign() != 0
}

// moves reports whether direction dir moves argument k.
func (j *joint) moves(dir []*big.Int, k int) bool {
	return k < len(dir) && j.nonzero(dir[k])
}

// movesBounded reports whether direction dir moves an argument with a
// known bound.
func (j *joint) movesBounded(dir []*big.Int) bool {
	for i := range j.bounds {
		if j.moves(dir, j.bounds[i].k) {
			return true
		}
	}
	return false
}
