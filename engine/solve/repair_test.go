package solve

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/holiman/uint256"
)

// TestRepaired checks the repair's model of a bilinear guard r(x, y) =
// α*x*y + β*x + γ*y + δ (kept at the base) built from the unit effects
// and α: every y it returns for a moved x keeps the guard modulo 2^64,
// there are as many as the divisor's power of two allows (capped), and
// none when that power does not divide.
func TestRepaired(t *testing.T) {
	u64, _ := abi.NewType("uint64", "", nil)
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, tc := range []struct {
		name               string
		alpha, beta, gamma int64
		x0, dx             uint64
		roots              int
	}{
		{"product, odd x", 1, 0, 0, 0x3b2a19f8e7d6c5b5, 6, 1},
		{"product, x*4", 1, 0, 0, 0x3b2a19f8e7d6c5b5, 0x3b2a19f8e7d6c5b5 * 3, 4}, // x = 4*odd: 4 roots
		{"scaled with terms", 0x9e37, 5, -4, 0x1234567, 2, 1},                    // α*x + γ odd
		{"no root", 1, 0, 0, 3, 3, 0},                                            // y0 odd: C odd, x = 6 even
	} {
		t.Run(tc.name, func(t *testing.T) {
			x0 := new(big.Int).SetUint64(tc.x0)
			y0 := big.NewInt(0x1f2e3d4c5b6a7989)
			if tc.name == "product, x*4" {
				y0 = big.NewInt(0x1f2e3d4c5b6a7988) // C with room for x's 4
			}
			a, b, c := big.NewInt(tc.alpha), big.NewInt(tc.beta), big.NewInt(tc.gamma)
			r := func(x, y *big.Int) *big.Int {
				v := new(big.Int).Mul(a, x)
				v.Mul(v, y).Add(v, new(big.Int).Mul(b, x)).Add(v, new(big.Int).Mul(c, y))
				return v
			}
			// δ makes the base keep the guard; the residual is r - r0.
			r0 := r(x0, y0)
			resid := func(x, y *big.Int) *big.Int { v := r(x, y); return v.Sub(v, r0).Mod(v, mod) }
			var wx, wy uint256.Int
			wx.SetFromBig(x0)
			wy.SetFromBig(y0)
			j := &joint{bits: 64, args: []jointArg{{typ: &u64, x0: wx}, {typ: &u64, x0: wy}}}
			bl := &bilinear{j: j, x: 0, y: 1,
				ex: resid(new(big.Int).Add(x0, big.NewInt(1)), y0), ey: resid(x0, new(big.Int).Add(y0, big.NewInt(1)))}
			xy1 := resid(new(big.Int).Add(x0, big.NewInt(1)), new(big.Int).Add(y0, big.NewInt(1)))
			bl.alpha = xy1.Sub(xy1, bl.ex).Sub(xy1, bl.ey).Mod(xy1, mod)
			if bl.alpha.Cmp(new(big.Int).Mod(a, mod)) != 0 {
				t.Fatalf("α = %x, want %x", bl.alpha, a)
			}
			dx := new(big.Int).SetUint64(tc.dx)
			dys := bl.other(0, dx)
			if len(dys) != tc.roots {
				t.Fatalf("%d roots, want %d", len(dys), tc.roots)
			}
			x := new(big.Int).Add(x0, dx)
			for _, dy := range dys {
				if got := resid(x, new(big.Int).Add(y0, dy)); got.Sign() != 0 {
					t.Errorf("x0+%d, y0+%x: residual %x, want 0", tc.dx, dy, got)
				}
			}
		})
	}
}
