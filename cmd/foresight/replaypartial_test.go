package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
)

// TestReplayPartialCompile: a project one of whose files does not compile
// is fuzzed in the files that do, and replaying its report replays their
// findings as the run fuzzed them, naming the skipped file once (replay
// stopped at the broken file with exit 2: the Safe's
// CompatibilityFallbackHandler.sol, issue 46).
func TestReplayPartialCompile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"foundry.toml": "[profile.default]\nsrc = \"src\"\n",
		// A type error (as the Safe's 7723), in a file nothing imports.
		"src/Broken.sol": "pragma solidity ^0.8.0;\ncontract Broken { function f() external pure returns (uint) { return true; } }\n",
		"src/Vault.sol":  "pragma solidity ^0.8.0;\ncontract Vault {\n    function kill() external {\n        selfdestruct(payable(msg.sender));\n    }\n}\n",
	})
	reportPath := filepath.Join(dir, "report.json")
	code, _, errs := foresight(t, "fuzz", filepath.Join(dir, "src"), "--execs", "2000", "--seed", "1", "--format", "json", "-o", reportPath)
	if code != exitUsage || !strings.Contains(errs, "fuzzing the 1 that did") {
		t.Fatalf("fuzz: exit %d, want %d (a file did not compile, the other fuzzed); stderr:\n%s", code, exitUsage, errs)
	}
	rep, err := report.Read(reportPath)
	if err != nil || len(rep.Findings) == 0 {
		t.Fatalf("report: %v, %d finding(s); want Vault's", err, len(rep.Findings))
	}
	n := len(rep.Findings)
	code, out, errs := foresight(t, "replay", reportPath)
	if code != exitFindings || !strings.Contains(out, fmt.Sprintf("replayed %d finding(s): %d still failing (%d reproduced as reported", n, n, n)) {
		t.Errorf("replay: exit %d, want %d with the finding reproduced; stdout:\n%s\nstderr:\n%s", code, exitFindings, out, errs)
	}
	if n := strings.Count(out+errs, "Broken.sol"); n != 1 {
		t.Errorf("replay names Broken.sol %d times, want once; stdout:\n%s\nstderr:\n%s", n, out, errs)
	}
}
