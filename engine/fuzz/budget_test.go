package fuzz

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/engine/finding"
)

// TestBudgetPrefix checks that the budget does not shape the search
// (docs/schedule.md): with one worker and a seed, a campaign of N
// executions does what the first N executions of a campaign of 5N do. It
// compares the findings (kind, place, execution count, shrunk sequence)
// and the instruction coverage at N, taken from the longer campaign the
// first time a worker asks whether to go on past N, where the shorter
// one stops. Freezing ether is left out: it is a verdict on the whole
// campaign (no input took the ether out), which more executions can
// overturn. Each fixture also says whether its shorter campaign
// refocused after a plateau (plateau.go), so that path is compared too.
func TestBudgetPrefix(t *testing.T) {
	for _, tt := range []struct {
		path     string
		execs    uint64
		findings int  // at least, within execs
		refocus  bool // the shorter campaign refocused
	}{
		// Never's search spends 1,000 runs: a quarter of 3,000 is less.
		{filepath.Join("testdata", "budget_prefix.sol"), 3_000, 1, false},
		{filepath.Join("testdata", "budget_prefix.sol"), 40_000, 2, true},
		// Two sites within 40,000, with a refocus since session 53's
		// rules (the solves take another path); the 3,000 row keeps the
		// path without one.
		{filepath.Join("..", "testdata", "maze", "tiny.sol"), 40_000, 2, true},
	} {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			prog := compile(t, tt.path)
			var at *prefixAt
			testHookLive = func(w *worker) {
				if at == nil && w.c.execs.Load() >= tt.execs {
					at = snapshotAt(w)
				}
			}
			defer func() { testHookLive = nil }()
			long, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: 5 * tt.execs}})
			if err != nil {
				t.Fatal(err)
			}
			testHookLive = nil
			short, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: tt.execs}})
			if err != nil {
				t.Fatal(err)
			}
			if at == nil {
				t.Fatalf("the campaign of %d executions never passed %d", long.Execs, tt.execs)
			}
			got := withoutVerdicts(short.Findings)
			if len(got) < tt.findings || (short.Refocuses > 0) != tt.refocus {
				t.Errorf("%d executions: %d findings, %d refocuses; want at least %d, refocus %v", tt.execs, len(got), short.Refocuses, tt.findings, tt.refocus)
			}
			if !sameFindings(got, at.findings) {
				t.Errorf("findings within %d executions differ:\n short %s\n long  %s", tt.execs, describe(got), describe(at.findings))
			}
			if !slices.EqualFunc(short.Coverage, at.coverage, slices.Equal) {
				t.Errorf("instruction coverage at %d executions differs", tt.execs)
			}
			if len(withoutVerdicts(long.Findings)) < len(got) || short.DeployExecs != long.DeployExecs {
				t.Errorf("long campaign: %d findings, %d deployment runs; short: %d, %d", len(long.Findings), long.DeployExecs, len(got), short.DeployExecs)
			}
		})
	}
}

// prefixAt is a campaign's findings and coverage at some execution.
type prefixAt struct {
	findings []*Finding
	coverage [][]bool
}

func snapshotAt(w *worker) *prefixAt {
	w.c.mu.Lock()
	defer w.c.mu.Unlock()
	return &prefixAt{findings: slices.Clone(w.c.findings), coverage: mergeCoverage([]*worker{w})}
}

// withoutVerdicts drops the findings judged on the whole campaign.
func withoutVerdicts(fs []*Finding) []*Finding {
	return slices.DeleteFunc(slices.Clone(fs), func(f *Finding) bool { return f.Kind == finding.FreezingEther })
}

func sameFindings(a, b []*Finding) bool {
	return slices.EqualFunc(a, b, func(x, y *Finding) bool {
		return x.Key() == y.Key() && x.Execs == y.Execs && reflect.DeepEqual(x.Seq, y.Seq)
	})
}

func describe(fs []*Finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, fmt.Sprintf("%s@%v/%d", f.Kind, f.Location, f.Execs))
	}
	return out
}
