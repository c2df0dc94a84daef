package session

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// TestRunStaged: the direct campaign runs while the suites are still to
// be compiled (their compile waits here until the direct campaign has
// ended, which would never happen were it to wait for them), and the
// run's findings and counts are those of RunAll with the suites compiled
// first: the same seed and execution budget give the same result however
// late the suites come.
func TestRunStaged(t *testing.T) {
	root := filepath.Join(fixtures.RepoRoot(), "testdata", "harnesses", "overflow-beside")
	ledger := filepath.Join(root, "src", "Ledger.sol")
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cp := For(proj, []string{ledger}, nil, Named)
	if len(cp.Suites) != 1 {
		t.Fatalf("suites %v, want the overflow test", cp.Suites)
	}
	builds, err := tc.Compile(ctx, proj, solc.Request{Files: cp.Direct, Mode: solc.Full})
	if err != nil {
		t.Fatal(err)
	}
	compile := func(ctx context.Context) ([]Suite, error) { return CompileSuites(ctx, tc, proj, cp.Suites, nil) }
	run := func(staged bool) string {
		opts := engine.Options{Settings: engine.Settings{Seed: 3, Execs: 4000, Workers: 1}}
		hopts := Split(&opts, len(cp.Suites))
		if !staged {
			suites, err := compile(ctx)
			if err != nil {
				t.Fatal(err)
			}
			rep, runs, err := RunAll(ctx, builds, opts, suites, hopts, Hooks{})
			if err != nil {
				t.Fatal(err)
			}
			return summarize(rep, runs)
		}
		directEnded := make(chan struct{})
		later := func(ctx context.Context) ([]Suite, error) {
			select {
			case <-directEnded:
			case <-time.After(10 * time.Minute):
				return nil, fmt.Errorf("the direct campaign waited for the suites' compile")
			}
			return compile(ctx)
		}
		rep, runs, err := RunStaged(ctx, builds, opts, len(cp.Suites), later, hopts, Hooks{OnDirect: func(*engine.Report) { close(directEnded) }})
		if err != nil {
			t.Fatal(err)
		}
		return summarize(rep, runs)
	}
	all, staged := run(false), run(true)
	t.Logf("RunAll:\n%s", all)
	if all != staged {
		t.Errorf("staged run:\n%s\nwant RunAll's:\n%s", staged, all)
	}
	if want := "OverflowBesideTest"; !strings.Contains(all, want) {
		t.Errorf("no campaign from %s's set-up:\n%s", want, all)
	}
}

// summarize is what a run found and spent, for comparing runs.
func summarize(rep *engine.Report, runs []SuiteRun) string {
	s := fmt.Sprintf("execs %d\n", rep.Execs)
	for _, f := range rep.Findings {
		h := ""
		if f.Harness != nil {
			h = f.Harness.Contract
		}
		s += fmt.Sprintf("%s %s %s:%d %s\n", f.Kind, f.Contract, filepath.Base(f.Path), f.Start, h)
	}
	for _, r := range runs {
		s += fmt.Sprintf("suite %s %s: %d execs, %d findings %s\n", filepath.Base(r.File), r.Contract, r.Execs, r.Findings, r.NotFuzzed)
	}
	return s
}

// TestAppendNew: a kind at a place the direct campaign reported already
// is not added again from a suite; other kinds, other places and
// findings with no place are.
func TestAppendNew(t *testing.T) {
	direct := []report.Finding{{Kind: "assert-failure", Path: "src/A.sol", Start: 10, End: 20}}
	suite := []report.Finding{
		{Kind: "assert-failure", Path: "src/A.sol", Start: 10, End: 20},
		{Kind: "SWC-105", Path: "src/A.sol", Start: 10, End: 20},
		{Kind: "assert-failure", Path: "src/A.sol", Start: 30, End: 40},
		{Kind: "invariant"},
		{Kind: "invariant"},
	}
	got := appendNew(direct, suite)
	if len(got) != 5 {
		t.Fatalf("%d findings, want 5: %+v", len(got), got)
	}
	for i, f := range got[1:] {
		if w := suite[i+1]; f.Kind != w.Kind || f.Path != w.Path || f.Start != w.Start {
			t.Errorf("finding %d is %s at %s:%d, want %s at %s:%d", i+1, f.Kind, f.Path, f.Start, w.Kind, w.Path, w.Start)
		}
	}
}
