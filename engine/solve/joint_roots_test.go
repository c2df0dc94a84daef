package solve

import (
	"math/big"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestShiftedPairDirs checks the pairs pairDirs cannot make: where the
// other argument's effect keeps a factor of two after the common one is
// divided out, the one moves by that power of two, the other balances it
// modulo 2^64, and the guard stays put.
func TestShiftedPairDirs(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, tt := range []struct {
		ea, eb int64
		step   int64 // the one argument's step; 0: no direction
	}{
		{3886, 1252, 2}, // 2*1943, 4*313: a3 by 2, a2 balances
		{974, 1856, 32}, // 2*487, 64*29: a1 by 32
		{2587, 2095, 0}, // both odd: pairDirs' own case
		{3, 1 << 20, 0}, // too long a step for a range guard
	} {
		dirs := shiftedPairDirs(3, 0, 2, big.NewInt(tt.ea), big.NewInt(tt.eb), 64)
		if tt.step == 0 {
			if len(dirs) != 0 {
				t.Errorf("(%d, %d): %d directions, want none", tt.ea, tt.eb, len(dirs))
			}
			continue
		}
		if len(dirs) != 1 {
			t.Fatalf("(%d, %d): %d directions, want 1", tt.ea, tt.eb, len(dirs))
		}
		v := dirs[0]
		if v[0].Cmp(big.NewInt(tt.step)) != 0 {
			t.Errorf("(%d, %d): moves the first argument by %v, want %d", tt.ea, tt.eb, v[0], tt.step)
		}
		g := new(big.Int).Mul(big.NewInt(tt.ea), v[0])
		g.Add(g, new(big.Int).Mul(big.NewInt(tt.eb), v[2])).Mod(g, mod)
		if g.Sign() != 0 {
			t.Errorf("(%d, %d): direction %v moves the guard by %v", tt.ea, tt.eb, v, g)
		}
	}
}

// TestSolveAlong checks the solution's step: it zeroes an equality
// target modulo 2^64, and moves an inequality target whose residual the
// effect's power of two does not divide just past its boundary.
func TestSolveAlong(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	var w5, w7 uint256.Int
	w5.SetUint64(5)
	w7.SetUint64(7)
	seq := txseq.Sequence{{Args: []calldata.Value{{Type: u64, Word: w5}, {Type: u64, Word: w7}}}}
	for _, tt := range []struct {
		c, r int64
		ineq bool
		ok   bool
		want int64 // c*t + r modulo 2^64
	}{
		{974, -1948, false, true, 0},
		{4, 8, false, true, 0},
		{2, 7, true, true, -1}, // 7 rounded to 8: one past the boundary
		{2, 7, false, false, 0},
		{3, 7, false, true, 0},
	} {
		j := &joint{base: seq, target: 1, eqs: []int32{1}, r0: []*big.Int{big.NewInt(tt.r)}, bits: 64, tIneq: tt.ineq}
		j.args = []jointArg{{path: calldata.Path{0}, typ: u64, x0: w5}, {path: calldata.Path{1}, typ: u64, x0: w7}}
		p := j.solveAlong([]*big.Int{big.NewInt(1), nil}, big.NewInt(tt.c))
		if (p != nil) != tt.ok {
			t.Errorf("c %d r %d ineq %v: solved %v, want %v", tt.c, tt.r, tt.ineq, p != nil, tt.ok)
			continue
		}
		if p == nil {
			continue
		}
		if !p.Seq[0].Args[1].Word.Eq(&w7) {
			t.Errorf("c %d r %d: moved the argument the direction leaves", tt.c, tt.r)
		}
		step := new(big.Int).Sub(p.Seq[0].Args[0].Word.ToBig(), big.NewInt(5))
		got := step.Mul(step, big.NewInt(tt.c)).Add(step, big.NewInt(tt.r)).Mod(step, mod)
		if want := new(big.Int).Mod(big.NewInt(tt.want), mod); got.Cmp(want) != 0 {
			t.Errorf("c %d r %d ineq %v: c*t + r = %v, want %v", tt.c, tt.r, tt.ineq, got, want)
		}
	}
}
