package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestCheckRangeErrorFileSparesGoodOne: `check DIR` on a folder with a
// file that makes solc-js throw a RangeError and a good contract with a
// bug. The bad file gets the compiler's error, and the good one is still
// compiled, fuzzed and its finding reported (before, the thrown compile
// took the whole folder with it: no finding).
func TestCheckRangeErrorFileSparesGoodOne(t *testing.T) {
	dir := t.TempDir()
	good, err := os.ReadFile(fixtures.Example(t, "TwoObjectives.sol"))
	if err != nil {
		t.Fatal(err)
	}
	terms := strings.TrimSuffix(strings.Repeat("a + ", 20000), " + ")
	deep := "pragma solidity ^0.8.0;\ncontract Deep {\n    function f(uint a) public pure returns (uint) { return " + terms + "; }\n}\n"
	for name, src := range map[string]string{"TwoObjectives.sol": string(good), "Deep.sol": deep} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, stderr := foresight(t, "check", dir, "--execs", "5000", "--seed", "1")
	if code != exitUsage {
		t.Errorf("exit %d, want %d (a compile error outranks findings)", code, exitUsage)
	}
	if !strings.Contains(out, "TwoObjectives.sol:11:13: error: Assertion failed when user ") {
		t.Errorf("the good contract's finding is missing:\n%s\nstderr:\n%s", out, stderr)
	}
	if !strings.Contains(out, "Deep.sol") || !strings.Contains(out, "RangeError") {
		t.Errorf("no RangeError diagnostic on Deep.sol:\n%s", out)
	}
}
