package chain

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// TestPrecompilesPerChain checks that a precompile installed on one chain
// is that chain's alone: the fork's list of precompile addresses is
// go-ethereum's shared slice, and appending to it wrote into its spare
// capacity, so two chains (two campaigns of one server) installing at
// once raced and the second overwrote the first's address.
func TestPrecompilesPerChain(t *testing.T) {
	a, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	x := common.HexToAddress("0x00000000000000000000000000000000000f00d1")
	y := common.HexToAddress("0x00000000000000000000000000000000000f00d2")
	a.InstallPrecompile(x, &countingPrecompile{})
	b.InstallPrecompile(y, &countingPrecompile{})
	if !a.IsPrecompile(x) || a.IsPrecompile(y) {
		t.Errorf("chain a: precompile x %v (want true), y %v (want false)", a.IsPrecompile(x), a.IsPrecompile(y))
	}
	if !b.IsPrecompile(y) || b.IsPrecompile(x) {
		t.Errorf("chain b: precompile y %v (want true), x %v (want false)", b.IsPrecompile(y), b.IsPrecompile(x))
	}
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.IsPrecompile(x) || c.IsPrecompile(y) {
		t.Error("a new chain has another chain's installed precompile")
	}
}
