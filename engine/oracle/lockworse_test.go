package oracle

import (
	"testing"

	"github.com/holiman/uint256"
)

// TestComparedWith takes the bound from the last comparison that has the
// argument on either side.
func TestComparedWith(t *testing.T) {
	u := uint256.NewInt
	ops := []uint256.Int{*u(7), *u(500), *u(10000), *u(7), *u(3), *u(4)}
	for _, tt := range []struct {
		x    uint64
		want uint64
		ok   bool
	}{
		{7, 10000, true}, // the later pair wins
		{4, 3, true},
		{500, 7, true},
		{9, 0, false},
	} {
		got, ok := comparedWith(ops, u(tt.x))
		if ok != tt.ok || ok && got.Uint64() != tt.want {
			t.Errorf("comparedWith(%d) = %d, %v; want %d, %v", tt.x, got.Uint64(), ok, tt.want, tt.ok)
		}
	}
	if _, ok := comparedWith([]uint256.Int{*u(5), *u(5)}, u(5)); ok {
		t.Error("a comparison of x with itself gave a bound")
	}
}
