package solve

import (
	"math/big"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestLinearCongruence solves the class "one linear equation modulo
// 2^64" (c*t == r, divMod): an odd
// factor that wraps (one inverse), an even one (a solution modulo 2^63),
// and an odd right-hand side against an even factor (none).
func TestLinearCongruence(t *testing.T) {
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

// TestStepToRoot checks the solution's step: it zeroes an equality
// target modulo 2^64, and moves an inequality target whose residual the
// effect's power of two does not divide just past its boundary.
func TestStepToRoot(t *testing.T) {
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

// TestRootInWindow picks, of the 2^v roots of the target's equation along
// a direction, one that keeps the ranged input in its window: the class
// "equality whose coefficient along the kept direction has many factors
// of two, below a range" (a3*3230 + a0*2764 == 0x5df1aba7cbe, then a0 <
// 0xa9caa, then a3*2304 + K == K': the root inside the window is the
// 512th lift, and trying lifts in order stopped at the 64th); an input
// moved by two per step; and a window no lift reaches.
func TestRootInWindow(t *testing.T) {
	u := func(x uint64) uint256.Int { return *uint256.NewInt(x) }
	for _, tt := range []struct {
		name     string
		x0       [2]uint64 // a0, a3
		bound    argBound
		dir      [2]int64 // moves of a0 and a3 per unit of t
		dirA3    *big.Int // a3's move when it does not fit an int64
		t        uint64
		v        uint
		want     [2]uint64 // a0, a3 after the move; zero: no lift fits
		wantSame bool
	}{
		{name: "valuation 9, root in a narrow window", x0: [2]uint64{0x63e, 0x2381d2b1b08e9e5},
			bound: argBound{k: 0, idx: 43, size: u(0xa9caa)}, dir: [2]int64{1, 0},
			dirA3: new(big.Int).SetUint64(1222168183211716422), t: 36028797018963666, v: 9,
			want: [2]uint64{1296, 1998693713}},
		// a0 moves by 2 per unit: the lifts reach every 2^56th value.
		{name: "input moved by two per step", x0: [2]uint64{1000, 7},
			bound: argBound{k: 0, size: u(2000)}, dir: [2]int64{2, 0}, t: 1<<62 + 50, v: 9,
			want: [2]uint64{1100, 7}},
		// A window of 100 around a value no lift reaches.
		{name: "no lift reaches the window", x0: [2]uint64{1 << 40, 7},
			bound: argBound{k: 0, start: u(1 << 20), size: u(100)}, dir: [2]int64{1, 0}, t: 5, v: 9,
			wantSame: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			j := &joint{bits: 64, args: make([]jointArg, 2), bounds: []argBound{tt.bound}}
			for k, x := range tt.x0 {
				j.args[k].x0 = u(x)
			}
			dir := []*big.Int{big.NewInt(tt.dir[0]), big.NewInt(tt.dir[1])}
			if tt.dirA3 != nil {
				dir[1] = tt.dirA3
			}
			t0 := new(big.Int).SetUint64(tt.t)
			got := j.liftInBounds(dir, t0, tt.v, nil)
			if tt.wantSame {
				if got.Cmp(t0) != 0 {
					t.Fatalf("lift %v, want t itself (%v)", got, t0)
				}
				return
			}
			// A root: the same as t modulo 2^(64-v).
			diff := new(big.Int).Sub(got, t0)
			if diff.Mod(diff, new(big.Int).Lsh(big.NewInt(1), 64-tt.v)).Sign() != 0 {
				t.Fatalf("lift %v is not t + k*2^%d", got, 64-tt.v)
			}
			mod := new(big.Int).Lsh(big.NewInt(1), 64)
			for k := range 2 {
				x := new(big.Int).SetUint64(tt.x0[k])
				x.Add(x, new(big.Int).Mul(dir[k], got)).Mod(x, mod)
				if x.Uint64() != tt.want[k] {
					t.Errorf("argument %d = %d, want %d", k, x.Uint64(), tt.want[k])
				}
			}
		})
	}
}
