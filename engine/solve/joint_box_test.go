package solve

import (
	"math/big"
	"testing"
)

// TestBox2 checks the two-window lattice search on deep103's cell 12
// (mazegen seed 103, depth 28): a7*755 + a0*3453 + 0xb07b0bc1009b3e2d ==
// 0xb07b0f401e376159 under a7 < 0xa11be and a0 < 0x425f2523, whose one
// solution in the box has a0 near 1.1e9, out of reach of the window walk
// (maxBoundedSteps values of one argument); and on boxes with none.
func TestBox2(t *testing.T) {
	b := func(x uint64) *big.Int { return new(big.Int).SetUint64(x) }
	whole := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, tt := range []struct {
		name    string
		cx, cy  uint64 // cx*t + cy*u + r == 0
		r       uint64
		wt, wu  window
		wantNil bool
	}{
		{name: "deep103-12", cx: 755, cy: 3453, r: 1<<64 - 3844492501804,
			wt: window{b(0), b(0xa11be)}, wu: window{b(0), b(0x425f2523)}},
		{name: "free-u", cx: 755, cy: 3453, r: 12345, wt: window{b(0), b(0xa11be)}, wu: window{b(0), whole}},
		{name: "windows-offset", cx: 586, cy: 2886, r: 1<<64 - 0x2232acf1f5dd6e18,
			wt: window{b(0x5000f5cf7c0ba716), b(426)}, wu: window{b(18475), b(339)}},
		{name: "even-rhs-odd", cx: 2, cy: 4, r: 7, wt: window{b(0), whole}, wu: window{b(0), whole}, wantNil: true},
		{name: "empty-box", cx: 755, cy: 3453, r: 1<<64 - 3844492501804,
			wt: window{b(0), b(0xa11be)}, wu: window{b(0), b(0x425a0000)}, wantNil: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			tv, uv, found := box2(64, b(tt.cx), b(tt.cy), b(tt.r), tt.wt, tt.wu, func(_, _ *big.Int) bool { return true })
			if found == tt.wantNil {
				t.Fatalf("found %v, want %v", found, !tt.wantNil)
			}
			if !found {
				return
			}
			x, y := tv.Uint64(), uv.Uint64()
			if tt.cx*x+tt.cy*y+tt.r != 0 {
				t.Errorf("%d*%#x + %d*%#x + %#x != 0 (mod 2^64)", tt.cx, x, tt.cy, y, tt.r)
			}
			for _, c := range []struct {
				v uint64
				w window
			}{{x, tt.wt}, {y, tt.wu}} {
				if d := new(big.Int).Mod(new(big.Int).Sub(b(c.v), c.w.start), whole); d.Cmp(c.w.size) >= 0 {
					t.Errorf("%#x outside [%v, +%v)", c.v, c.w.start, c.w.size)
				}
			}
			t.Logf("t=%#x u=%#x", x, y)
		})
	}
}
