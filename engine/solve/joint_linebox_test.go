package solve

import (
	"math/big"
	"testing"

	"github.com/holiman/uint256"
)

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

// TestLineStep solves the box of fresh20504's cell 22 (mazegen seed
// 20504, EvenBox.sol): along the one direction that keeps a3*2672 +
// a7*K == C and a3*2830 + a5*956 == C' (a3 by two, a5 and a7 by 64-bit
// quotients), the one step that brings a3 below 0x95f60 and a7 below
// 0xeec7e4c7, a3 = 0xd7af and a7 = 0xeec6f762; the opposite direction
// finds the same point.
func TestLineStep(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	hex := func(s string) *big.Int { v, _ := new(big.Int).SetString(s, 16); return v }
	k, c1 := hex("5da79ab94bc9cc2d"), hex("80383cf480d8c6ca")
	kInv := new(big.Int).ModInverse(k, mod)
	// a7 from a3 through the first equality.
	a7Of := func(a3 *big.Int) *big.Int {
		v := new(big.Int).Sub(c1, new(big.Int).Mul(a3, big.NewInt(2672)))
		return v.Mul(v, kInv).Mod(v, mod)
	}
	// a5 from a3 through the second: 956 = 4*239, 2830*2 = 4*1415.
	m62 := new(big.Int).Rsh(mod, 2)
	q5 := new(big.Int).ModInverse(big.NewInt(239), m62)
	q5.Mul(q5, big.NewInt(-1415)).Mod(q5, m62)
	dir := []*big.Int{big.NewInt(2), q5, new(big.Int).Sub(a7Of(big.NewInt(2)), a7Of(big.NewInt(0)))}
	dir[2].Mod(dir[2], mod)
	a3 := big.NewInt(0xd7af + 2*987654321)
	x0 := func(v *big.Int) jointArg { var w uint256.Int; w.SetFromBig(v); return jointArg{x0: w} }
	bound := func(k int, top uint64) argBound { return argBound{k: k, size: *uint256.NewInt(top)} }
	for _, neg := range []bool{false, true} {
		d := dir
		if neg {
			d = negate(dir, mod)
		}
		j := &joint{
			bits:   64,
			args:   []jointArg{x0(a3), x0(big.NewInt(12345)), x0(a7Of(a3))},
			bounds: []argBound{bound(2, 0xeec7e4c7), bound(0, 0x95f60)},
		}
		step, ok := j.lineStep(d)
		if !ok {
			t.Fatalf("negated %v: no step found", neg)
		}
		got3 := new(big.Int).Add(a3, new(big.Int).Mul(step, d[0]))
		got7 := new(big.Int).Add(a7Of(a3), new(big.Int).Mul(step, d[2]))
		got3.Mod(got3, mod)
		got7.Mod(got7, mod)
		if got3.Uint64() != 0xd7af || got7.Uint64() != 0xeec6f762 {
			t.Errorf("negated %v: a3 = %#x, a7 = %#x, want 0xd7af, 0xeec6f762", neg, got3, got7)
		}
	}
	// Without a7's bound there is no box: one bounded argument.
	j := &joint{bits: 64, args: []jointArg{x0(a3), x0(big.NewInt(12345)), x0(a7Of(a3))}, bounds: []argBound{bound(0, 0x95f60)}}
	if _, ok := j.lineStep(dir); ok {
		t.Error("a step found with one bounded argument")
	}
}
