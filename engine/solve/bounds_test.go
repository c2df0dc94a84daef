package solve

import (
	"math/big"
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestComparisonWindow checks the class "an input compared with a
// constant": the range the comparison keeps, the base's relation for a
// guard, the other one for the target, none at equality; and shifted
// back by the offset when the side is the input plus a constant.
func TestComparisonWindow(t *testing.T) {
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
	// The side is the input plus 0x1000 (x0 = 5 beside side0 = 0x1005):
	// x + 0x1000 < 0x1010 keeps x in [-0x1000, 0x10) modulo 2^64; a
	// side that wraps (x0 = 0x20, side0 = 5: x - 27) shifts up.
	for _, tt := range []struct {
		x0, side0, lim, start, size uint64
	}{
		{5, 0x1005, 0x1010, 1<<64 - 0x1000, 0x1010},
		{0x20, 5, 10, 27, 10},
		{7, 7, 10, 0, 10}, // the input itself: sideBound's window
	} {
		s, z, ok := shiftedBound(uint256.NewInt(tt.side0), uint256.NewInt(tt.lim), uint256.NewInt(tt.x0), 64, false)
		if !ok || s.Uint64() != tt.start || z.Uint64() != tt.size {
			t.Errorf("shiftedBound(side %#x, lim %#x, x0 %#x) = [%#x, +%#x) %v, want [%#x, +%#x)", tt.side0, tt.lim, tt.x0, s.Uint64(), z.Uint64(), ok, tt.start, tt.size)
		}
	}
}

// TestWindowReadOffBaseRefuted checks that a window directBounds read off
// the base from a
// value that only matched (a4 = 4 beside the ABI decoder's 4 < 260) is
// dropped once a probe moved a4 and the comparison's side stayed, while
// one whose side moved with the argument (a4 < 0xf7b07cb5) is kept.
func TestWindowReadOffBaseRefuted(t *testing.T) {
	cmp := func(idx int32, a, b uint64) txseq.CostEntry {
		e := txseq.CostEntry{Idx: idx}
		e.Opnd[0].SetUint64(a)
		e.Opnd[1].SetUint64(b)
		e.Resid.SetUint64(1) // a failed inequality: not the operands' difference
		return e
	}
	j := &joint{
		bits: 64,
		args: []jointArg{{x0: *uint256.NewInt(4)}}, // a4
		eqs:  []int32{2, 6, 9},
		cmps: []txseq.CostEntry{cmp(3, 4, 260), cmp(7, 4, 0xf7b07cb5)},
	}
	j.directBounds()
	if len(j.bounds) != 2 {
		t.Fatalf("%d direct bounds, want 2", len(j.bounds))
	}
	// The probe a4 + 1: the decoder's side stays 4, the guard's is 5.
	j.track([]txseq.CostEntry{cmp(3, 4, 260), cmp(7, 5, 0xf7b07cb5)}, []*big.Int{big.NewInt(1)})
	if len(j.bounds) != 1 || j.bounds[0].idx != 7 {
		t.Fatalf("bounds after the probe %+v, want only the guard's (edge 7)", j.bounds)
	}
}
