package testbuild

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// ManyContracts writes n small distinct contracts into one file in a
// scratch directory (each with a state variable, a function with a
// literal and an assert) and compiles it: the shape of a project whose
// per-contract work must stay linear in its size. Generated here rather
// than committed, since n reaches thousands.
func ManyContracts(t testing.TB, n int) []*solc.Build {
	t.Helper()
	var b strings.Builder
	b.WriteString("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\n")
	for i := range n {
		fmt.Fprintf(&b, "contract C%d { uint256 public x%d; function f%d(uint256 a) public { x%d = a; assert(a != %d); } }\n", i, i, i, i, i*7+13)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "Many.sol"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return CompileIn(t, dir, "Many.sol")
}
