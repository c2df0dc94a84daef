package solve

import (
	"math/big"
	"testing"
)

// TestPastEdge steps an inequality's residual, a distance, just past
// zero in units of the line: a walk step of t that changed it by dr
// moves it by dr/t per unit.
func TestPastEdge(t *testing.T) {
	for _, tt := range []struct {
		r0, dr, step int64
		want         int64 // 0: no step
	}{
		{1000, -368, -368, -1000}, // unit +1: back by the whole distance
		{1000, 368, -368, 1000},   // unit -1
		{1001, 6, 3, -501},        // unit 2: rounded past the edge
		{-7, 4, 2, 4},             // below zero: up, rounded away
		{1000, 7, 2, 0},           // the step does not divide the change
		{1000, 0, 5, 0},           // flat
		{0, 5, 5, 0},              // already at the edge
	} {
		k, ok := pastEdge(big.NewInt(tt.r0), big.NewInt(tt.dr), big.NewInt(tt.step))
		if tt.want == 0 {
			if ok {
				t.Errorf("pastEdge(%d, %d, %d) = %v, want none", tt.r0, tt.dr, tt.step, k)
			}
			continue
		}
		if !ok || k.Int64() != tt.want {
			t.Errorf("pastEdge(%d, %d, %d) = %v, %v, want %d", tt.r0, tt.dr, tt.step, k, ok, tt.want)
		}
	}
}

// TestOddStep walks odd steps out from the base, alternating sides.
func TestOddStep(t *testing.T) {
	for c, want := range []int64{1, -1, 3, -3, 5, -5} {
		if got := oddStep(c); got != want {
			t.Errorf("oddStep(%d) = %d, want %d", c, got, want)
		}
	}
}
