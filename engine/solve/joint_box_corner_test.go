package solve

import (
	"math/big"
	"testing"
)

// TestBoxCorner solves tr20004's cell 25 (mazegen seed 20004): a0*590 +
// a5*3157 + 20146 == 0x75a51b4deb3 under a0 < 0x813a8e20, then a5 <
// 0x808ad7af and a5 - 0x807cfc2e < 666. The solutions in the first box
// lie on one line of the lattice that crosses it near both tops, away
// from the box's centre; the second box holds exactly one, a0 =
// 2167852781 and a5 = 2155675039.
func TestBoxCorner(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	r, _ := new(big.Int).SetString("75a51b4deb3", 16)
	r.Sub(r, big.NewInt(20146)).Neg(r)
	a0 := window{start: new(big.Int), size: big.NewInt(0x813a8e20)}
	for _, tc := range []struct {
		name   string
		a5     window
		a5Want int64 // 0: any solution in the box
	}{
		{"a5 below 0x808ad7af", window{start: new(big.Int), size: big.NewInt(0x808ad7af)}, 0},
		{"a5 in 666 from 0x807cfc2e", window{start: big.NewInt(0x807cfc2e), size: big.NewInt(666)}, 2155675039},
	} {
		a5, a, ok := box2(64, big.NewInt(3157), big.NewInt(590), r, tc.a5, a0, func(_, _ *big.Int) bool { return true })
		if !ok {
			t.Errorf("%s: no solution found", tc.name)
			continue
		}
		sum := new(big.Int).Mul(a5, big.NewInt(3157))
		sum.Add(sum, new(big.Int).Mul(a, big.NewInt(590))).Add(sum, r).Mod(sum, mod)
		if sum.Sign() != 0 {
			t.Errorf("%s: a5 = %v, a0 = %v leaves %v", tc.name, a5, a, sum)
		}
		if in := new(big.Int).Sub(a5, tc.a5.start); in.Sign() < 0 || in.Cmp(tc.a5.size) >= 0 || a.Cmp(a0.size) >= 0 {
			t.Errorf("%s: a5 = %v, a0 = %v outside the box", tc.name, a5, a)
		}
		if tc.a5Want != 0 && a5.Int64() != tc.a5Want {
			t.Errorf("%s: a5 = %v, want %d", tc.name, a5, tc.a5Want)
		}
	}
}
