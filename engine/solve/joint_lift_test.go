package solve

import (
	"math/big"
	"testing"

	"github.com/holiman/uint256"
)

// TestLiftInBounds picks, of the 2^v roots of the target's equation along
// a direction, one that keeps the bounded argument in its window: the
// first case is s36j36603's cell 7 as the solve met it at seed 3 (a3*3230
// + a0*2764 == 0x5df1aba7cbe, then a0 < 0xa9caa, then a3*2304 + K ==
// K'), where the root inside the window is the 512th lift and trying
// lifts in order stopped at the 64th.
func TestLiftInBounds(t *testing.T) {
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
		{name: "s36j36603-cell7", x0: [2]uint64{0x63e, 0x2381d2b1b08e9e5},
			bound: argBound{k: 0, idx: 43, size: u(0xa9caa)}, dir: [2]int64{1, 0},
			dirA3: new(big.Int).SetUint64(1222168183211716422), t: 36028797018963666, v: 9,
			want: [2]uint64{1296, 1998693713}},
		// a0 moves by 2 per unit: the lifts reach every 2^56th value.
		{name: "even-move", x0: [2]uint64{1000, 7},
			bound: argBound{k: 0, size: u(2000)}, dir: [2]int64{2, 0}, t: 1<<62 + 50, v: 9,
			want: [2]uint64{1100, 7}},
		// A window of 100 around a value no lift reaches.
		{name: "no-lift", x0: [2]uint64{1 << 40, 7},
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
