package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNothingDeployedExits2: two contracts whose constructors always
// revert are skipped with the same reason whatever their names, and the
// run exits 2 however many executions it made: "0 finding(s)" would vouch
// for code that was never fuzzed (issue 70: it exited 0, LibraryRegistry
// was "library missing", and transactions went to the empty addresses).
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
	out := filepath.Join(dir, "report.json")
	code, _, stderr := foresight(t, "check", "--seed", "1", "--execs", "2000", "--timeout", "0", "--format", "json", "-o", out, path)
	if code != exitUsage {
		t.Errorf("exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
	}
	for _, name := range []string{"LibraryRegistry", "Registry"} {
		want := "skipped " + name + ": not deployed: deploy " + name + ": constructor failed: execution reverted (\"never\")"
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Txs       uint64
		Contracts []struct {
			Name, Skip string
			Fuzzed     bool
		}
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Txs != 0 {
		t.Errorf("%d transactions sent, want none: nothing was deployed", rep.Txs)
	}
	if len(rep.Contracts) != 2 {
		t.Fatalf("contracts %+v, want both", rep.Contracts)
	}
	for _, c := range rep.Contracts {
		if c.Fuzzed || c.Skip != "constructor reverted" {
			t.Errorf("%s: fuzzed %v, skip %q, want constructor reverted", c.Name, c.Fuzzed, c.Skip)
		}
	}
}
