package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestFoundryFuzzConfigChangesTheRun: foundry.toml's [fuzz] seed and
// [invariant] depth change what `foresight fuzz` does, as the JSON report
// shows: SequenceFoo's assert needs three calls (setY(42), copyY(),
// bar()), so a depth of 2 hides it, and the report's seed is forge's.
// A flag beats the environment, the environment beats foundry.toml, and
// an inline forge-config comment beats the environment (before, none of
// them was read: the bug was found with a seed from the clock).
func TestFoundryFuzzConfigChangesTheRun(t *testing.T) {
	root := t.TempDir()
	src, err := os.ReadFile(fixtures.Example(t, "SequenceFoo.sol"))
	if err != nil {
		t.Fatal(err)
	}
	sol := filepath.Join(root, "src", "SequenceFoo.sol")
	if err := os.MkdirAll(filepath.Dir(sol), 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(path, text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(sol, string(src))
	write(filepath.Join(root, "foundry.toml"), "[profile.default]\nsrc = \"src\"\n\n[fuzz]\nseed = \"0x2a\"\nruns = 1000\n\n[invariant]\ndepth = 2\n")
	t.Setenv("FOUNDRY_PROFILE", "")
	t.Setenv("FOUNDRY_INVARIANT_DEPTH", "")
	os.Unsetenv("FOUNDRY_INVARIANT_DEPTH")
	run := func(args ...string) (report.File, string) {
		t.Helper()
		code, out, errs := foresight(t, append([]string{"fuzz", sol, "--execs", "30000", "--format", "json", "-v"}, args...)...)
		if code != exitOK && code != exitFindings {
			t.Fatalf("fuzz %v: exit %d: %s", args, code, errs)
		}
		var rep report.File
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("report: %v", err)
		}
		return rep, errs
	}
	rep, errs := run()
	if rep.Setup.Seed != 42 || len(rep.Findings) != 0 {
		t.Errorf("with depth 2 and seed 0x2a: seed %d, %d finding(s); want 42 and none (the assert needs 3 calls)", rep.Setup.Seed, len(rep.Findings))
	}
	if !strings.Contains(errs, "from Foundry's fuzz configuration: seed 42 (fuzz.seed), sequences of at most 2 calls (invariant.depth)") ||
		!strings.Contains(errs, "foundry.toml: fuzz.runs not applied: ") {
		t.Errorf("stderr does not say what applied and what did not:\n%s", errs)
	}

	// Flags win.
	if rep, _ := run("--seed", "7", "--max-seq-len", "8"); rep.Setup.Seed != 7 || len(rep.Findings) == 0 {
		t.Errorf("with --seed 7 --max-seq-len 8: seed %d, %d finding(s); want 7 and the assert", rep.Setup.Seed, len(rep.Findings))
	}
	// The environment beats foundry.toml.
	t.Setenv("FOUNDRY_INVARIANT_DEPTH", "8")
	if rep, _ := run(); rep.Setup.Seed != 42 || len(rep.Findings) == 0 {
		t.Errorf("with FOUNDRY_INVARIANT_DEPTH=8: seed %d, %d finding(s); want 42 and the assert", rep.Setup.Seed, len(rep.Findings))
	}
	// An inline comment beats the environment.
	write(sol, strings.Replace(string(src), "contract SequenceFoo {", "/// forge-config: default.invariant.depth = 2\ncontract SequenceFoo {", 1))
	if rep, _ := run(); len(rep.Findings) != 0 {
		t.Errorf("with an inline depth of 2: %d finding(s), want none", len(rep.Findings))
	}
}
