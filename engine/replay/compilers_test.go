package replay_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
)

// TestReplayTwoCompilers: a project whose files need two compilers
// (pragma ^0.4.24 and ^0.8.0) and link a library both import compiles
// that library in each build, so the campaign deploys two MathLibs, and
// its report records two contracts of one name and unit. Replay matched
// records by name and unit, so both MathLibs took the last record's
// address and both records' places in the order, and the deployment
// stopped ("deploy MathLib: at 0x..., not the planned 0x..."). Each
// finding, through a JSON report, must replay as found; so must the same
// report without the compiler versions it now records (an older one).
func TestReplayTwoCompilers(t *testing.T) {
	bs := testbuild.CompileIn(t, filepath.Join("testdata", "twocompilers"), "Old.sol", "New.sol")
	if len(bs) != 2 {
		t.Fatalf("%d builds, want one per compiler", len(bs))
	}
	rep, err := engine.Fuzz(context.Background(), bs, engine.Options{Settings: engine.Settings{Seed: 1, Execs: 20000}})
	if err != nil {
		t.Fatal(err)
	}
	libs := map[string]bool{}
	for _, d := range rep.Setup.Contracts {
		if d.Name == "MathLib" {
			libs[d.Compiler] = true
		}
	}
	if len(libs) != 2 || libs[""] {
		t.Fatalf("setup %+v: want two MathLibs, each with its compiler", rep.Setup.Contracts)
	}
	found := map[string]bool{}
	for _, f := range rep.Findings {
		found[f.Contract] = true
	}
	if !found["OldCounter"] || !found["NewCounter"] {
		t.Fatalf("findings in %v, want both counters'", found)
	}
	older := rep.Setup
	older.Contracts = append([]report.Deployed(nil), rep.Setup.Contracts...)
	for i := range older.Contracts {
		older.Contracts[i].Compiler = ""
	}
	for name, setup := range map[string]report.Setup{"report": rep.Setup, "older report": older} {
		for _, f := range rep.Findings {
			file := reportRoundTrip(t, &engine.Report{Setup: setup, Findings: []report.Finding{f}}, f.Kind)
			tr, err := engine.Replay(bs, file.Setup, file.Findings[0])
			if err != nil {
				t.Errorf("%s: %s in %s: %v", name, f.Kind, f.Contract, err)
				continue
			}
			if !tr.Reproduced {
				t.Errorf("%s: %s in %s did not reproduce", name, f.Kind, f.Contract)
			}
		}
	}
	prog, err := replay.Program(bs)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for i, k := range replay.Records(prog, rep.Setup) {
		if k < 0 || seen[k] {
			t.Errorf("contract %d (%s) has record %d: want a record of its own", i, prog.Contracts[i].Name, k)
		}
		seen[k] = true
	}
}
