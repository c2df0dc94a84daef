package solve

import (
	"math/big"
	"testing"
)

// TestDivMod checks the solve step's division modulo 2^64: an odd
// factor that wraps (one inverse), an even one (a solution modulo 2^63),
// and an odd right-hand side against an even factor (none).
func TestDivMod(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, tt := range []struct {
		r, c *big.Int
		ok   bool
	}{
		{big.NewInt(-12345), new(big.Int).SetUint64(0x9e3779b97f4a7c15), true},
		{big.NewInt(4242), big.NewInt(778), true},
		{big.NewInt(-10), big.NewInt(-2), true},
		{big.NewInt(3), big.NewInt(2), false},
	} {
		x, ok := divMod(tt.r, tt.c, 64)
		if ok != tt.ok {
			t.Errorf("%v*t = %v: solvable %v, want %v", tt.c, tt.r, ok, tt.ok)
			continue
		}
		if ok {
			got := new(big.Int).Mul(tt.c, x)
			if got.Sub(got, tt.r).Mod(got, mod).Sign() != 0 {
				t.Errorf("%v*%v != %v mod 2^64", tt.c, x, tt.r)
			}
		}
	}
}
