package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestScopeLine fuzzes two contracts of which one can never be deployed:
// the summary says 1 of 2 contracts and 3 of 5 functions were fuzzed, how
// much of the fuzzed source ran, and why the other was skipped (its last
// revert reason); SARIF
// carries the same counts.
func TestScopeLine(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"arrays.sol", "never.sol"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "engine", "testdata", "deploy", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sarif := filepath.Join(dir, "out.sarif")
	code, _, stderr := foresight(t, "fuzz", filepath.Join(dir, "arrays.sol"), filepath.Join(dir, "never.sol"), "--execs", "4000", "--seed", "1", "--format", "sarif", "-o", sarif)
	if code != exitFindings && code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	for _, want := range []string{
		`skipped Never: not deployed: deploy Never: constructor failed: execution reverted ("too `, // the last revert reason
		"fuzzed 1 contract(s), 3 function(s)",
		"1 of 2 contract(s), 3 of 5 function(s), ",
		"% of reachable source lines (",
		"executions solved constructors",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("summary lacks %q:\n%s", want, stderr)
		}
	}
	data, err := os.ReadFile(sarif)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Runs []struct {
			Properties map[string]float64 `json:"properties"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Runs) != 1 {
		t.Fatalf("sarif: %v", err)
	}
	p := doc.Runs[0].Properties
	if p["contractsFuzzed"] != 1 || p["contractsTotal"] != 2 || p["functionsFuzzed"] != 3 || p["functionsTotal"] != 5 ||
		p["lines"] == 0 || p["linesCovered"] == 0 || p["linesCovered"] > p["lines"] || p["deployExecutions"] == 0 {
		t.Errorf("sarif run properties %v", p)
	}
}
