package solve

import (
	"math/big"
	"testing"

	"github.com/holiman/uint256"
)

// TestPivotKeepsRangedInput eliminates the class "equality over two
// inputs above a range on one of them, effects of equal valuation":
// a0*1940 + a6*700 == K, then a0 < 0x2e6b6. Both unit probes
// break the equality with effects of the same 2-adic valuation (2), a
// tie. Pivoting on a0 moves a0 by a quotient near 2^62 per unit of a6,
// out of its range for good; pivoting on a6, which no known comparison
// bounds, moves a0 by one unit per step and a6 by the quotient.
func TestPivotKeepsRangedInput(t *testing.T) {
	// The equality, the range, the target.
	j := pivotJoint([]int32{10, 12, 14}, argBound{k: 0, idx: 12, size: *uint256.NewInt(0x2e6b6)},
		[]*big.Int{big.NewInt(1940), nil, nil}, []*big.Int{big.NewInt(700), nil, nil})
	if !j.eliminate(0) {
		t.Fatal("no direction left")
	}
	for _, d := range j.layer.basis {
		if !stepAtMost(d[0], 1) {
			t.Errorf("direction %v moves the bounded a0 by more than 1 per step", d)
		}
		if eff := pairEffect(d, 1940, 700); eff.Sign() != 0 {
			t.Errorf("direction %v moves the equality by %v", d, eff)
		}
	}
}

// pivotJoint returns a 64-bit joint over a0 and a6 (unit directions of
// effects e0 and e6 on guards eqs) whose a0 has bound b, its elimination
// started.
func pivotJoint(eqs []int32, b argBound, e0, e6 []*big.Int) *joint {
	one := big.NewInt(1)
	j := &joint{bits: 64, args: make([]jointArg, 2), eqs: eqs, bounds: []argBound{b}}
	j.layer = &layer{
		basis: [][]*big.Int{{one, nil}, {nil, one}},
		effs:  [][]*big.Int{e0, e6},
		ineq:  []bool{false, false},
		neg:   []bool{false, false},
	}
	return j
}

// stepAtMost reports whether x moves its argument by at most k either
// way modulo 2^64.
func stepAtMost(x *big.Int, k int64) bool {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	m := new(big.Int).Mod(orZero(x), mod)
	return m.Cmp(big.NewInt(k)) <= 0 || new(big.Int).Sub(mod, m).Cmp(big.NewInt(k)) <= 0
}

// pairEffect returns direction d's effect on c0*a0 + c6*a6 modulo 2^64.
func pairEffect(d []*big.Int, c0, c6 int64) *big.Int {
	eff := new(big.Int).Mul(orZero(d[0]), big.NewInt(c0))
	eff.Add(eff, new(big.Int).Mul(orZero(d[1]), big.NewInt(c6)))
	return eff.Mod(eff, new(big.Int).Lsh(big.NewInt(1), 64))
}

// orZero returns x, or zero for nil (an argument the direction leaves).
func orZero(x *big.Int) *big.Int {
	if x == nil {
		return new(big.Int)
	}
	return x
}

// TestPivotOfHigherValuation eliminates the class "range on an input
// above an equality in which the other input's coefficient has more
// factors of two": a0 - K < 174, then a0*143 + a6*2500 == C. a0's effect is
// odd, a6's is 4 times odd, so the least valuation pivots on a0, and the
// direction that keeps the equality moves a0 by 2500/143 modulo 2^64, out
// of its 174-wide range. Every solution of the equality moves a0 by a
// multiple of 4; pivoting on the unbounded a6, with a0's direction scaled
// by 4, moves a0 by exactly that.
func TestPivotOfHigherValuation(t *testing.T) {
	zero := new(big.Int)
	// The range, the equality, the target.
	j := pivotJoint([]int32{10, 12, 14}, argBound{k: 0, idx: 10, size: *uint256.NewInt(174)},
		[]*big.Int{zero, big.NewInt(143), nil}, []*big.Int{zero, big.NewInt(2500), nil})
	if !j.eliminate(1) {
		t.Fatal("no direction left")
	}
	small := false
	for _, d := range j.layer.basis {
		if orZero(d[0]).Sign() != 0 && stepAtMost(d[0], 4) {
			small = true
		}
		if eff := pairEffect(d, 143, 2500); eff.Sign() != 0 {
			t.Errorf("direction %v moves the equality by %v", d, eff)
		}
	}
	if !small {
		t.Errorf("no direction moves the bounded a0 by at most 4 per step: %v", j.layer.basis)
	}
}
