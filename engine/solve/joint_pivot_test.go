package solve

import (
	"math/big"
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
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

// TestDirectBoundRefuted checks that a bound directBounds guessed from a
// value that only matched (a4 = 4 beside the ABI decoder's 4 < 260) is
// dropped once a probe moved a4 and the comparison's side stayed, while
// one whose side moved with the argument (a4 < 0xf7b07cb5) is kept.
func TestDirectBoundRefuted(t *testing.T) {
	cmp := func(idx int32, a, b uint64) txseq.CostEntry {
		e := txseq.CostEntry{Idx: idx}
		e.Opnd[0].SetUint64(a)
		e.Opnd[1].SetUint64(b)
		e.Resid.SetUint64(1) // a failed inequality: not the operands' difference
		return e
	}
	j := &joint{
		bits: 64,
		args: []jointArg{{x0: *uint256.NewInt(4)}}, // a4
		eqs:  []int32{2, 6, 9},
		cmps: []txseq.CostEntry{cmp(3, 4, 260), cmp(7, 4, 0xf7b07cb5)},
	}
	j.directBounds()
	if len(j.bounds) != 2 {
		t.Fatalf("%d direct bounds, want 2", len(j.bounds))
	}
	// The probe a4 + 1: the decoder's side stays 4, the guard's is 5.
	j.track([]txseq.CostEntry{cmp(3, 4, 260), cmp(7, 5, 0xf7b07cb5)}, []*big.Int{big.NewInt(1)})
	if len(j.bounds) != 1 || j.bounds[0].idx != 7 {
		t.Fatalf("bounds after the probe %+v, want only the guard's (edge 7)", j.bounds)
	}
}

// TestPivotOfHigherValuation eliminates fresh19703's cell 1 (mazegen
// seed 19703): a0 - K < 174, then a0*143 + a6*2500 == C. a0's effect is
// odd, a6's is 4 times odd, so the least valuation pivots on a0, and the
// direction that keeps the equality moves a0 by 2500/143 modulo 2^64, out
// of its 174-wide range. Every solution of the equality moves a0 by a
// multiple of 4; pivoting on the unbounded a6, with a0's direction scaled
// by 4, moves a0 by exactly that.
func TestPivotOfHigherValuation(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	one := big.NewInt(1)
	j := &joint{
		bits:   64,
		args:   make([]jointArg, 2), // a0, a6
		eqs:    []int32{10, 12, 14}, // the range, the equality, the target
		bounds: []argBound{{k: 0, idx: 10, size: *uint256.NewInt(174)}},
	}
	zero := new(big.Int)
	j.layer = &layer{
		basis: [][]*big.Int{{one, nil}, {nil, one}},
		effs:  [][]*big.Int{{zero, big.NewInt(143), nil}, {zero, big.NewInt(2500), nil}},
		ineq:  []bool{false, false},
		neg:   []bool{false, false},
	}
	if !j.eliminate(1) {
		t.Fatal("no direction left")
	}
	small := false
	for _, d := range j.layer.basis {
		a0 := new(big.Int).Mod(orZero(d[0]), mod)
		if a0.Sign() != 0 && (a0.Cmp(big.NewInt(4)) <= 0 || new(big.Int).Sub(mod, a0).Cmp(big.NewInt(4)) <= 0) {
			small = true
		}
		eff := new(big.Int).Mul(orZero(d[0]), big.NewInt(143))
		eff.Add(eff, new(big.Int).Mul(orZero(d[1]), big.NewInt(2500)))
		if eff.Mod(eff, mod).Sign() != 0 {
			t.Errorf("direction %v moves the equality by %v", d, eff)
		}
	}
	if !small {
		t.Errorf("no direction moves the bounded a0 by at most 4 per step: %v", j.layer.basis)
	}
}
