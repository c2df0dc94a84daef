package solve

import (
	"testing"

	"github.com/holiman/uint256"
)

// TestLattice2 checks the bounded search's arithmetic on the mazes'
// guards (uint64, wrapping): x over its window, y solved exactly modulo
// 2^64 and kept only inside its own bounds; and on systems with no
// solution (an odd right-hand side against even coefficients, a window
// whose every y leaves y's range).
func TestLattice2(t *testing.T) {
	u := func(x uint64) uint256.Int { return *uint256.NewInt(x) }
	for _, tt := range []struct {
		name    string
		cx, cy  uint64 // cx*x + cy*y == c
		c       uint64
		xb, yb  []argBound
		wantNil bool
	}{
		// maze1 cell 9: a0 - 0xb3011ffd < 998, a4 < 0xf7b07cb5, a4 < 0xf7b3393b.
		{name: "maze1-9", cx: 1473, cy: 1742, c: 0xa9b25360842,
			xb: []argBound{{start: u(0xb3011ffd), size: u(998)}},
			yb: []argBound{{size: u(0xf7b07cb5)}, {size: u(0xf7b3393b)}}},
		// maze5 cell 9: a7 < 0xa1ca5 (x), a4 free.
		{name: "maze5-9", cx: 769, cy: 1078, c: 0xea9b2ab66b,
			xb: []argBound{{size: u(0xa1ca5)}}},
		// maze5 cell 8: a1 - 0x5000f5cf7c0ba716 < 426, a2 - 18475 < 339.
		{name: "maze5-8", cx: 586, cy: 2886, c: 0x2232acf1f5dd6e18,
			xb: []argBound{{start: u(0x5000f5cf7c0ba716), size: u(426)}},
			yb: []argBound{{start: u(18475), size: u(339)}}},
		{name: "odd-rhs", cx: 2, cy: 4, c: 7, xb: []argBound{{size: u(100)}}, wantNil: true},
		{name: "y-out-of-range", cx: 1473, cy: 1742, c: 0xa9b25360842,
			xb: []argBound{{start: u(0xb3011ffd), size: u(998)}},
			yb: []argBound{{size: u(1000)}}, wantNil: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cx, cy, r := u(tt.cx), u(tt.cy), u(tt.c)
			mask(r.Neg(&r), 64)
			var x0 uint256.Int
			xt, yu, found := lattice2(64, &cx, &cy, &r, windowSteps(&x0, &tt.xb[0], 64), func(x, y *uint256.Int) bool {
				for i := range tt.xb {
					if !tt.xb[i].holds(x, 64) {
						return false
					}
				}
				for i := range tt.yb {
					if !tt.yb[i].holds(y, 64) {
						return false
					}
				}
				return true
			})
			if found == tt.wantNil {
				t.Fatalf("found %v, want %v", found, !tt.wantNil)
			}
			if !found {
				return
			}
			x, y := xt.Uint64(), yu.Uint64()
			if tt.cx*x+tt.cy*y != tt.c {
				t.Errorf("%d*%#x + %d*%#x != %#x (mod 2^64)", tt.cx, x, tt.cy, y, tt.c)
			}
			t.Logf("x=%#x y=%#x", x, y)
		})
	}
}

// TestSideBound checks the range a comparison keeps: the base's relation
// for a guard, the other one for the target, none at equality.
func TestSideBound(t *testing.T) {
	for _, tt := range []struct {
		side0, lim  uint64
		target, ok  bool
		start, size uint64
	}{
		{5, 10, false, true, 0, 10},
		{20, 10, true, true, 0, 10},
		{5, 10, true, true, 10, 1<<64 - 10},
		{20, 10, false, true, 11, 1<<64 - 11},
		{10, 10, false, false, 0, 0},
	} {
		s, z, ok := sideBound(uint256.NewInt(tt.side0), uint256.NewInt(tt.lim), 64, tt.target)
		if ok != tt.ok || (ok && (s.Uint64() != tt.start || z.Uint64() != tt.size)) {
			t.Errorf("sideBound(%d, %d, target %v) = [%d, +%d) %v, want [%d, +%d) %v", tt.side0, tt.lim, tt.target, s.Uint64(), z.Uint64(), ok, tt.start, tt.size, tt.ok)
		}
	}
}
