package solve

import (
	"math/big"
	"testing"

	"github.com/holiman/uint256"
)

// TestEquationInBox solves the class "linear equation over two inputs,
// each in a window" by the lattice search (box2): a7*755 + a0*3453 +
// 0xb07b0bc1009b3e2d == 0xb07b0f401e376159 under a7 < 0xa11be and a0 <
// 0x425f2523, whose one solution in the box has a0 near 1.1e9, out of
// reach of the window walk (maxBoundedSteps values of one input); a free
// second input; offset windows; and boxes with no solution.
func TestEquationInBox(t *testing.T) {
	b := func(x uint64) *big.Int { return new(big.Int).SetUint64(x) }
	whole := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, tt := range []struct {
		name    string
		cx, cy  uint64 // cx*t + cy*u + r == 0
		r       uint64
		wt, wu  window
		wantNil bool
	}{
		{name: "one root deep in the wider window", cx: 755, cy: 3453, r: 1<<64 - 3844492501804,
			wt: window{b(0), b(0xa11be)}, wu: window{b(0), b(0x425f2523)}},
		{name: "second input unbounded", cx: 755, cy: 3453, r: 12345, wt: window{b(0), b(0xa11be)}, wu: window{b(0), whole}},
		{name: "both windows offset from zero", cx: 586, cy: 2886, r: 1<<64 - 0x2232acf1f5dd6e18,
			wt: window{b(0x5000f5cf7c0ba716), b(426)}, wu: window{b(18475), b(339)}},
		{name: "even coefficients, odd constant: no root", cx: 2, cy: 4, r: 7, wt: window{b(0), whole}, wu: window{b(0), whole}, wantNil: true},
		{name: "the root just outside the box", cx: 755, cy: 3453, r: 1<<64 - 3844492501804,
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

// TestEquationWindowWalk solves the class "linear equation over two
// inputs, one in a narrow window" by the window walk (lattice2 over
// windowSteps, uint64, wrapping): x over its window, y solved exactly
// modulo 2^64 and kept only inside its own bounds; and on systems with no
// solution (an odd right-hand side against even coefficients, a window
// whose every y leaves y's range).
func TestEquationWindowWalk(t *testing.T) {
	u := func(x uint64) uint256.Int { return *uint256.NewInt(x) }
	for _, tt := range []struct {
		name    string
		cx, cy  uint64 // cx*x + cy*y == c
		c       uint64
		xb, yb  []argBound
		wantNil bool
	}{
		// x - 0xb3011ffd < 998; y below two limits.
		{name: "x offset window, y below two limits", cx: 1473, cy: 1742, c: 0xa9b25360842,
			xb: []argBound{{start: u(0xb3011ffd), size: u(998)}},
			yb: []argBound{{size: u(0xf7b07cb5)}, {size: u(0xf7b3393b)}}},
		// x < 0xa1ca5; y free.
		{name: "x below a limit, y free", cx: 769, cy: 1078, c: 0xea9b2ab66b,
			xb: []argBound{{size: u(0xa1ca5)}}},
		// x - 0x5000f5cf7c0ba716 < 426, y - 18475 < 339.
		{name: "both in narrow offset windows", cx: 586, cy: 2886, c: 0x2232acf1f5dd6e18,
			xb: []argBound{{start: u(0x5000f5cf7c0ba716), size: u(426)}},
			yb: []argBound{{start: u(18475), size: u(339)}}},
		{name: "even coefficients, odd constant: no root", cx: 2, cy: 4, c: 7, xb: []argBound{{size: u(100)}}, wantNil: true},
		{name: "every y leaves its window: no root", cx: 1473, cy: 1742, c: 0xa9b25360842,
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

// TestRootsNearBoxCorner solves the class "linear equation over two
// inputs in windows whose roots lie near a corner": a0*590 +
// a5*3157 + 20146 == 0x75a51b4deb3 under a0 < 0x813a8e20, then a5 <
// 0x808ad7af and a5 - 0x807cfc2e < 666. The solutions in the first box
// lie on one line of the lattice that crosses it near both tops, away
// from the box's centre; the second box holds exactly one, a0 =
// 2167852781 and a5 = 2155675039.
func TestRootsNearBoxCorner(t *testing.T) {
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

// TestScaleWindow checks the scaled window of every step ±2^s over
// every window modulo 2^8 against enumeration: each t it holds lands
// step*t in the window, and it holds every such t modulo 2^(8-s) (t and
// t + 2^(8-s) move the argument alike).
func TestScaleWindow(t *testing.T) {
	const bits = 8
	const mod = 1 << bits
	for s := range uint(bits) {
		for _, neg := range []bool{false, true} {
			step := int64(1) << s
			if neg {
				step = mod - step
			}
			for start := int64(0); start < mod; start += 3 {
				for size := int64(1); size <= mod; size += 5 {
					w := window{start: big.NewInt(start), size: big.NewInt(size)}
					in := func(x int64) bool { return ((x-start)%mod+mod)%mod < size }
					var want []bool // per t modulo 2^(8-s): step*t lands in w
					any := false
					for r := int64(0); r < mod>>s; r++ {
						ok := in(step * r % mod)
						want = append(want, ok)
						any = any || ok
					}
					sw, ok := scaleWindow(w, big.NewInt(step), bits)
					if ok != any {
						t.Fatalf("step %d, window [%d, +%d): ok %v, want %v", step, start, size, ok, any)
					}
					if !ok {
						continue
					}
					got := make([]bool, mod>>s)
					for i := int64(0); i < sw.size.Int64(); i++ {
						tv := (sw.start.Int64() + i) % mod
						if !in(step * tv % mod) {
							t.Fatalf("step %d, window [%d, +%d): t = %d lands outside", step, start, size, tv)
						}
						got[tv%(mod>>s)] = true
					}
					for r, w := range want {
						if w && !got[r] {
							t.Fatalf("step %d, window [%d, +%d): scaled [%v, +%v) misses t = %d", step, start, size, sw.start, sw.size, r)
						}
					}
				}
			}
		}
	}
	for _, step := range []int64{6, 0, mod, mod - 6} {
		if _, ok := scaleWindow(window{start: big.NewInt(0), size: big.NewInt(10)}, big.NewInt(step), bits); ok {
			t.Errorf("step %d scaled a window: only powers of two, up or down, do", step)
		}
	}
}
