package fuzz

import (
	"context"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
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
	{filepath.Join("testdata", "budget_prefix.sol"), 60_001, 2, 3, 2},
}

// TestWorkersDeterministic checks that a seed and an execution budget
// decide a campaign of several workers as they decide one of a single
// worker (exchange.go): two runs report the same findings (kind, place,
// execution count, shrunk sequence; freezing ether's example), coverage
// and corpus.
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
			// Freezing ether too: its example is the lowest worker's.
			if !sameFindings(a.Findings, b.Findings) {
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

// TestWorkersBudgetPrefix checks that the budget does not shape a
// campaign of several workers (exchange.go): each worker of a campaign of
// 5N executions, when its own count reaches its share of N, has the
// coverage, known findings and corpus that worker has at the end of the
// campaign of N, and the longer campaign reports every finding the
// shorter one does.
func TestWorkersBudgetPrefix(t *testing.T) {
	for _, tt := range exchangeCases {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			prog := compile(t, tt.path)
			var mu sync.Mutex
			at := map[int]*workerState{}
			testHookLive = func(w *worker) {
				left := tt.execs - w.xs.base
				share := left / uint64(tt.workers)
				if uint64(w.id) < left%uint64(tt.workers) {
					share++
				}
				mu.Lock()
				defer mu.Unlock()
				if at[w.id] == nil && w.xs.own >= share {
					at[w.id] = stateOf(w)
				}
			}
			defer func() { testHookLive = nil }()
			settings := Settings{Seed: tt.seed, Execs: 5 * tt.execs, Workers: tt.workers}
			long, err := Run(context.Background(), prog, Config{Settings: settings})
			if err != nil {
				t.Fatal(err)
			}
			testHookLive = nil
			var c *campaign
			testHookCampaign = func(x *campaign) { c = x }
			defer func() { testHookCampaign = nil }()
			settings.Execs = tt.execs
			short, err := Run(context.Background(), prog, Config{Settings: settings})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.workers {
				got, want := at[w.id], stateOf(w)
				if got == nil {
					t.Fatalf("worker %d of the campaign of %d executions never reached its share of %d", w.id, long.Execs, tt.execs)
				}
				if w.xs.taken == 0 {
					t.Errorf("worker %d took no round from the others within %d executions", w.id, tt.execs)
				}
				if !slices.EqualFunc(got.coverage, want.coverage, slices.Equal) {
					t.Errorf("worker %d: instruction coverage at its share differs", w.id)
				}
				if !maps.Equal(got.keys, want.keys) {
					t.Errorf("worker %d: %d findings known at its share, %d in the shorter campaign", w.id, len(got.keys), len(want.keys))
				}
				if !reflect.DeepEqual(got.corpus, want.corpus) {
					t.Errorf("worker %d: corpus of %d entries at its share, %d in the shorter campaign", w.id, len(got.corpus), len(want.corpus))
				}
			}
			found := map[Key]bool{}
			for _, f := range long.Findings {
				found[f.Key()] = true
			}
			got := withoutVerdicts(short.Findings)
			if len(got) < tt.findings {
				t.Errorf("%d executions: %d findings, want at least %d", tt.execs, len(got), tt.findings)
			}
			for _, f := range got {
				if !found[f.Key()] {
					t.Errorf("%s found within %d executions, not within %d", describe([]*Finding{f}), tt.execs, long.Execs)
				}
			}
		})
	}
}

// workerState is what one worker knows at some execution.
type workerState struct {
	coverage [][]bool
	keys     map[Key]bool
	corpus   []txseq.Sequence
}

func stateOf(w *worker) *workerState {
	return &workerState{coverage: mergeCoverage([]*worker{w}), keys: maps.Clone(w.xs.keys), corpus: w.corpus.Sequences()}
}
