package solve

import (
	"math/big"
	"testing"
)

// TestKernelDirectionsEvenEffects checks the class "a guard over two
// inputs whose coefficients differ in their factors of two" (the pairs
// pairDirs cannot make): where the
// other argument's effect keeps a factor of two after the common one is
// divided out, the one moves by that power of two, the other balances it
// modulo 2^64, and the guard stays put.
func TestKernelDirectionsEvenEffects(t *testing.T) {
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

// TestKernelDirections checks the class "a guard over two inputs": every
// pair direction keeps the guard modulo 2^64 and moves one input by
// exactly one.
func TestKernelDirections(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, tt := range []struct {
		ea, eb int64
		n      int // directions expected
	}{
		{2587, 2095, 2}, // both odd: either argument by one
		{1742, 1473, 1}, // only the odd one can be divided by
		{304, 0x5b29, 1},
		{-2587, 2095, 2},
		{1922, 1898, 2}, // both even: halved, both odd
	} {
		dirs := pairDirs(3, 0, 2, big.NewInt(tt.ea), big.NewInt(tt.eb), 64)
		if tt.n != 0 && len(dirs) != tt.n {
			t.Errorf("(%d, %d): %d directions, want %d", tt.ea, tt.eb, len(dirs), tt.n)
		}
		if len(dirs) == 0 {
			t.Errorf("(%d, %d): no direction", tt.ea, tt.eb)
		}
		for _, v := range dirs {
			if v[1] != nil {
				t.Errorf("(%d, %d): moves the third argument", tt.ea, tt.eb)
			}
			g := new(big.Int).Mul(big.NewInt(tt.ea), v[0])
			g.Add(g, new(big.Int).Mul(big.NewInt(tt.eb), v[2])).Mod(g, mod)
			if g.Sign() != 0 {
				t.Errorf("(%d, %d): direction %v moves the guard by %v", tt.ea, tt.eb, v, g)
			}
			if v[0].Cmp(big.NewInt(1)) != 0 && v[2].Cmp(big.NewInt(1)) != 0 {
				t.Errorf("(%d, %d): direction %v moves neither argument by one", tt.ea, tt.eb, v)
			}
		}
	}
}
