package fuzz

import (
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/holiman/uint256"
)

// TestEchoes: a word the transaction passed, at the top level or as an
// element of a batch of tuples, is an echo when a log repeats it; a
// dynamic value's bytes and a word it did not pass are not.
func TestEchoes(t *testing.T) {
	addr, _ := abi.NewType("address", "", nil)
	u, _ := abi.NewType("uint256", "", nil)
	fields := []abi.ArgumentMarshaling{{Name: "asset", Type: "address"}, {Name: "amount", Type: "uint256"}}
	op, _ := abi.NewType("tuple", "", fields)
	ops, _ := abi.NewType("tuple[]", "", fields)
	w := func(n uint64) uint256.Int { return *uint256.NewInt(n) }
	args := []calldata.Value{
		{Type: &u, Word: w(7)},
		{Type: &ops, Elems: []calldata.Value{
			{Type: &op, Elems: []calldata.Value{{Type: &addr, Word: w(0xa11ce)}, {Type: &u, Word: w(5)}}},
		}},
	}
	for _, tt := range []struct {
		x    uint64
		want bool
	}{
		{7, true},       // a top-level argument
		{0xa11ce, true}, // a batch element's account
		{5, true},       // a batch element's amount
		{0xb0b, false},  // a word the call made
	} {
		x := w(tt.x)
		if got := echoes(args, &x); got != tt.want {
			t.Errorf("echoes(%#x) = %v, want %v", tt.x, got, tt.want)
		}
	}
}
