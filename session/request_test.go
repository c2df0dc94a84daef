package session

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// TestRunIsOneCall: a command's whole run is one Run call with the
// paths named. It compiles them with their suite, sends the Sink what
// compiled first, then Foundry's configuration and the budgets, streams
// the campaigns' findings as found and the direct campaign's end once,
// and finds what the parts run one by one find (RunAll on the same
// compile, seed and budget).
func TestRunIsOneCall(t *testing.T) {
	root := filepath.Join(fixtures.RepoRoot(), "testdata", "harnesses", "overflow-beside")
	ledger := filepath.Join(root, "src", "Ledger.sol")
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	ctx := context.Background()
	opts := engine.Options{Settings: engine.Settings{Seed: 3, Execs: 4000, Workers: 1}}

	sink := &recordingSink{}
	res, err := Run(ctx, Request{Mode: Named, Paths: []string{ledger}, Toolchain: tc, WithSuites: true, Options: opts, Given: Given{Seed: true, Depth: true}}, sink)
	if err != nil {
		t.Fatal(err)
	}
	got := summarize(res.Report, res.Suites)

	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	cp := For(proj, []string{ledger}, nil, Named)
	builds, err := tc.Compile(ctx, proj, solc.Request{Files: cp.Direct, Mode: solc.Full})
	if err != nil {
		t.Fatal(err)
	}
	suites, err := CompileSuites(ctx, tc, proj, cp.Suites, nil)
	if err != nil {
		t.Fatal(err)
	}
	hopts := Split(&opts, len(suites))
	rep, runs, err := RunAll(ctx, builds, opts, suites, hopts, Hooks{})
	if err != nil {
		t.Fatal(err)
	}
	if want := summarize(rep, runs); got != want {
		t.Errorf("Run:\n%s\nwant the parts':\n%s", got, want)
	}

	if len(sink.events) < 3 || !slices.Equal(sink.events[:3], []string{"compiled", "foundry", "start"}) {
		t.Errorf("the sink's first values = %q, want compiled, foundry, start", sink.events)
	}
	if n := strings.Count(strings.Join(sink.events, " "), "ended:direct"); n != 1 {
		t.Errorf("the direct campaign ended %d times in %q, want once", n, sink.events)
	}
	if !slices.Contains(sink.events, "began:OverflowBesideTest") {
		t.Errorf("no suite campaign began in %q", sink.events)
	}
	if len(res.Compiled.Good) == 0 || len(res.Compiled.Suites) != 1 {
		t.Errorf("compiled %d good builds and %d suites, want some and the overflow test", len(res.Compiled.Good), len(res.Compiled.Suites))
	}
	for _, f := range res.Report.Findings {
		if !sink.found[f.Kind+" "+f.Contract] {
			t.Errorf("finding %s in %s was not streamed", f.Kind, f.Contract)
		}
	}
}

// recordingSink records what a run sends, in order. The campaigns call
// it from their goroutines (the direct campaign and the suite's run
// side by side), hence the lock.
type recordingSink struct {
	mu     sync.Mutex
	events []string
	found  map[string]bool
}

func (s *recordingSink) add(e string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.events = append(s.events, e)
}

func (s *recordingSink) Compiled(Compiled) error {
	s.add("compiled")
	return nil
}

func (s *recordingSink) Foundry(FoundryApplied)              { s.add("foundry") }
func (s *recordingSink) Aimed(Aimed)                         { s.add("aimed") }
func (s *recordingSink) Checked(Check)                       {}
func (s *recordingSink) Forked(Forks, error)                 {}
func (s *recordingSink) ForksDone(Forks)                     {}
func (s *recordingSink) CorpusLoaded(*Corpus, Loaded, error) {}
func (s *recordingSink) CorpusSaved(Saved, error)            {}
func (s *recordingSink) Start(_, _ engine.Options)           { s.add("start") }
func (s *recordingSink) SetUp(report.Setup)                  {}
func (s *recordingSink) Progress(engine.Progress, Campaign)  {}
func (s *recordingSink) Began(c Campaign)                    { s.add("began:" + c.Contract) }

func (s *recordingSink) Found(f report.Finding, _ Campaign) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.found == nil {
		s.found = map[string]bool{}
	}
	s.found[f.Kind+" "+f.Contract] = true
}

func (s *recordingSink) Ended(c Campaign, _ *engine.Report, _ error) {
	if c.Source == FromDirect {
		s.add("ended:direct")
	}
}
