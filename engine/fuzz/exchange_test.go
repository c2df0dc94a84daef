package fuzz

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
)

// exchangeCases are the multi-worker campaigns of TestWorkersDeterministic
// and TestWorkersBudgetPrefix: each finds at least findings (freezing
// ether left out) within execs with its seed and workers.
var exchangeCases = []struct {
	path     string
	execs    uint64
	seed     uint64
	workers  int
	findings int
}{
	{filepath.Join("testdata", "budget_prefix.sol"), 40_000, 1, 2, 2},
	{filepath.Join("..", "testdata", "maze", "tiny.sol"), 40_000, 2, 2, 1},
	// Three workers, and a budget they split unevenly.
	{filepath.Join("testdata", "budget_prefix.sol"), 30_001, 2, 3, 2},
}

// TestWorkersDeterministic checks that a seed and an execution budget
// decide a campaign of several workers as they decide one of a single
// worker (exchange.go): two runs report the same findings (kind, place,
// execution count, shrunk sequence), coverage and corpus.
func TestWorkersDeterministic(t *testing.T) {
	for _, tt := range exchangeCases {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			prog := compile(t, tt.path)
			cfg := Config{Settings: Settings{Seed: tt.seed, Execs: tt.execs, Workers: tt.workers}}
			a, err := Run(context.Background(), prog, cfg)
			if err != nil {
				t.Fatal(err)
			}
			b, err := Run(context.Background(), prog, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := withoutVerdicts(a.Findings); len(got) < tt.findings {
				t.Errorf("%d findings, want at least %d: %s", len(got), tt.findings, describe(got))
			}
			if !sameFindings(withoutVerdicts(a.Findings), withoutVerdicts(b.Findings)) {
				t.Errorf("findings differ:\n %s\n %s", describe(a.Findings), describe(b.Findings))
			}
			if !slices.EqualFunc(a.Coverage, b.Coverage, slices.Equal) {
				t.Errorf("instruction coverage differs")
			}
			if !reflect.DeepEqual(a.Inputs, b.Inputs) {
				t.Errorf("corpus differs: %d and %d inputs", len(a.Inputs), len(b.Inputs))
			}
			if a.Execs != b.Execs {
				t.Errorf("executions differ: %d and %d", a.Execs, b.Execs)
			}
		})
	}
}
