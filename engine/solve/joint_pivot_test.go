package solve

import (
	"math/big"
	"testing"

	"github.com/holiman/uint256"
)

// TestPivotKeepsBoundedArgument eliminates deep104's cell 12 (mazegen
// seed 104): a0*1940 + a6*700 == K, then a0 < 0x2e6b6. Both unit probes
// break the equality with effects of the same 2-adic valuation (2), a
// tie. Pivoting on a0 moves a0 by a quotient near 2^62 per unit of a6,
// out of its range for good; pivoting on a6, which no known comparison
// bounds, moves a0 by one unit per step and a6 by the quotient.
func TestPivotKeepsBoundedArgument(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	one := big.NewInt(1)
	j := &joint{
		bits:   64,
		args:   make([]jointArg, 2), // a0, a6
		eqs:    []int32{10, 12, 14}, // the equality, the range, the target
		bounds: []argBound{{k: 0, idx: 12, size: *uint256.NewInt(0x2e6b6)}},
	}
	j.layer = &layer{
		basis: [][]*big.Int{{one, nil}, {nil, one}},
		effs:  [][]*big.Int{{big.NewInt(1940), nil, nil}, {big.NewInt(700), nil, nil}},
		ineq:  []bool{false, false},
		neg:   []bool{false, false},
	}
	if !j.eliminate(0) {
		t.Fatal("no direction left")
	}
	for _, d := range j.layer.basis {
		a0 := new(big.Int).Mod(d[0], mod)
		if a0.Cmp(big.NewInt(1)) > 0 && new(big.Int).Sub(mod, a0).Cmp(big.NewInt(1)) > 0 {
			t.Errorf("direction %v moves the bounded a0 by %v per step", d, a0)
		}
		eff := new(big.Int).Mul(d[0], big.NewInt(1940))
		eff.Add(eff, new(big.Int).Mul(orZero(d[1]), big.NewInt(700)))
		if eff.Mod(eff, mod).Sign() != 0 {
			t.Errorf("direction %v moves the equality by %v", d, eff)
		}
	}
}

// orZero returns x, or zero for nil (an argument the direction leaves).
func orZero(x *big.Int) *big.Int {
	if x == nil {
		return new(big.Int)
	}
	return x
}
