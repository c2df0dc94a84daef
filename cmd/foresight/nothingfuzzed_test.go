package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNothingDeployedExits2: two contracts whose constructors always
// revert are skipped with the same reason whatever their names, and the
// run exits 2 however many executions it made: "0 finding(s)" would vouch
// for code that was never fuzzed (issue 70: it exited 0).
func TestNothingDeployedExits2(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Two.sol")
	src := `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract LibraryRegistry {
    uint256 public x;
    constructor() { require(block.number > 1e12, "never"); }
    function set(uint256 v) external { x = v; }
}
contract Registry {
    uint256 public x;
    constructor() { require(block.number > 1e12, "never"); }
    function set(uint256 v) external { x = v; }
}
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := foresight(t, "check", "--seed", "1", "--execs", "2000", "--timeout", "0", path)
	if code != exitUsage {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
	}
	for _, name := range []string{"LibraryRegistry", "Registry"} {
		want := "skipped " + name + ": not deployed: deploy " + name + ": constructor failed: execution reverted (\"never\")"
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}
