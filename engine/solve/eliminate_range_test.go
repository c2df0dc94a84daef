package solve

import (
	"math/big"
	"testing"

	"github.com/holiman/uint256"
)

// TestTwoRangesAlongKernelLine solves the class "two range guards along
// the one direction that keeps two equalities" (EvenBox.sol): along the
// one direction that keeps a3*2672 +
// a7*K == C and a3*2830 + a5*956 == C' (a3 by two, a5 and a7 by 64-bit
// quotients), the one step that brings a3 below 0x95f60 and a7 below
// 0xeec7e4c7, a3 = 0xd7af and a7 = 0xeec6f762; the opposite direction
// finds the same point.
func TestTwoRangesAlongKernelLine(t *testing.T) {
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
