package session

import (
	"context"
	"fmt"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// SuiteRun is what a report says of one suite's campaign.
type SuiteRun struct {
	File      string `json:"file"`
	Contract  string `json:"contract,omitempty"`
	Execs     uint64 `json:"execs"`
	Findings  int    `json:"findings"`
	Contracts int    `json:"contracts"`
	Functions int    `json:"functions"`
	// NotFuzzed says why the suite was not fuzzed (its setUp() failed,
	// it did not compile); "" when it was.
	NotFuzzed string `json:"notFuzzed,omitempty"`
	// Report is the campaign's own report (nil when it did not run), for
	// its per-function figures and coverage; Builds what it fuzzed, for
	// its skip reasons (Skips).
	Report *engine.Report `json:"-"`
	Builds []*solc.Build  `json:"-"`
}

// Hooks are what the caller sees of each suite campaign while it runs;
// a nil field is not called. Findings streamed to OnFinding already
// carry their suite (Harness).
type Hooks struct {
	OnStart    func(file, contract string)
	OnFinding  func(report.Finding)
	OnProgress func(engine.Progress)
	// OnDirect gets RunAll's direct report when its campaign ended, before
	// the suites' are added to it.
	OnDirect func(*engine.Report)
	// StopDirect, when set, stops the direct campaign alone once closed
	// while the suites go on (the editor: a newer save's direct campaign
	// replaced it, its suites are not ready yet).
	StopDirect <-chan struct{}
	// Carried are suites fuzzed on a carried set-up (Carry) from the
	// start, while the suites are compiled: their findings stream to
	// OnCarriedFinding, their reports are dropped once the suites are ready
	// (the suites' own campaigns make the run's figures).
	Carried []Carried
	// OnCarriedFinding gets the carried campaigns' findings, each naming
	// its suite; OnCarried a carried suite's report, or why it could not
	// run, when its campaign ended on its own.
	OnCarriedFinding func(report.Finding)
	OnCarried        func(Suite, *engine.Report, error)
}

// RunSuites runs each suite's campaigns with opts (Split's, divided
// among the suite's test contracts), in order, and adds their findings, each naming its suite, and counts to rep; it
// returns what the report says of each. A cancelled ctx ends it with the
// campaigns run so far.
func RunSuites(ctx context.Context, suites []Suite, opts engine.Options, rep *engine.Report, h Hooks) ([]SuiteRun, error) {
	var runs []SuiteRun
	for _, s := range suites {
		if s.Err != "" {
			runs = append(runs, SuiteRun{File: s.Path, NotFuzzed: s.Err})
			continue
		}
		for i, name := range s.Contracts {
			if ctx.Err() != nil {
				return runs, nil
			}
			if h.OnStart != nil {
				h.OnStart(s.Path, name)
			}
			o := share(opts, len(s.Contracts), i)
			o.SetUp = name
			var setup report.Setup
			o.OnSetup = func(st report.Setup) { setup = st }
			if h.OnFinding != nil {
				o.OnFinding = func(f report.Finding) {
					f.Harness = &report.Harness{File: s.Path, Contract: name, Setup: setup}
					h.OnFinding(f)
				}
			}
			o.OnProgress = h.OnProgress
			hr, err := engine.Fuzz(ctx, s.Builds, o)
			if err != nil {
				return runs, fmt.Errorf("%s: %w", s.Path, err)
			}
			run := Merge(rep, hr, s.Path, name)
			run.Builds = s.Builds
			runs = append(runs, run)
		}
	}
	return runs, nil
}

// RunAll runs the direct campaign (Direct, with opts) and the suites'
// (RunSuites, with hopts: Split's) at the same time, so a save's first
// finding comes from whichever campaign reaches it, not after the direct
// campaign's share. Each campaign is deterministic on its own seed and
// budget, so the findings are those of running them in turn (with one
// worker each; two or more are split between them, and several workers
// interleave nondeterministically anyway); the suites' are added to the
// direct report once both ended. A direct campaign that fails stops the
// suites.
func RunAll(ctx context.Context, builds []*solc.Build, opts engine.Options, suites []Suite, hopts engine.Options, h Hooks) (*engine.Report, []SuiteRun, error) {
	return RunStaged(ctx, builds, opts, len(suites), func(context.Context) ([]Suite, error) { return suites, nil }, hopts, h)
}

// Later gives RunStaged the suites once compiled, or the compiler's
// failure; it is called beside the direct campaign, with a context that
// ends with it.
type Later func(ctx context.Context) ([]Suite, error)

// RunStaged is RunAll for n planned suites (the budget was split for n:
// Split) that are still to be compiled: the direct campaign starts at
// once, on builds, and the suites' campaigns when later has compiled
// them, so the code saved is fuzzed while the suites' larger compile (a
// test with forge-std) runs. The findings and counts are RunAll's: each
// campaign's budget and seed are fixed before any starts, whenever the
// suites are ready. A cancelled ctx ends both; a direct campaign that
// fails stops the suites and their compile.
func RunStaged(ctx context.Context, builds []*solc.Build, opts engine.Options, n int, later Later, hopts engine.Options, h Hooks) (*engine.Report, []SuiteRun, error) {
	if n == 0 || later == nil {
		rep, err := Direct(ctx, builds, opts, false)
		if err == nil && h.OnDirect != nil {
			h.OnDirect(rep)
		}
		return rep, nil, err
	}
	if opts.Workers >= 2 { // two workers or more: shared, not oversubscribed
		hopts.Workers = opts.Workers / 2
		opts.Workers -= hopts.Workers
	}
	sctx, stop := context.WithCancel(ctx)
	defer stop()
	srep := &engine.Report{}
	var runs []SuiteRun
	var serr error
	done := make(chan struct{})
	go func() {
		defer close(done)
		stopCarried := runCarried(sctx, h, hopts)
		suites, err := later(sctx)
		stopCarried()
		if err != nil {
			if sctx.Err() == nil {
				serr = err
			}
			return
		}
		runs, serr = RunSuites(sctx, suites, hopts, srep, h)
	}()
	dctx, dstop := context.WithCancel(ctx)
	defer dstop()
	if h.StopDirect != nil {
		go func() {
			select {
			case <-h.StopDirect:
				dstop()
			case <-dctx.Done():
			}
		}()
	}
	rep, err := Direct(dctx, builds, opts, true)
	dstop()
	if err != nil {
		stop()
	} else if h.OnDirect != nil {
		h.OnDirect(rep)
	}
	<-done
	if err != nil {
		return rep, nil, err
	}
	rep.Findings = appendNew(rep.Findings, srep.Findings)
	report.MocksLast(rep.Findings)
	addCounts(rep, srep)
	return rep, runs, serr
}

// appendNew appends to fs the findings of more that report a kind at a
// place fs does not already have: a bug the direct campaign and a suite
// both found is one finding, the direct campaign's (one line per place).
func appendNew(fs, more []report.Finding) []report.Finding {
	type place struct {
		kind, path string
		start, end int
	}
	seen := map[place]bool{}
	for _, f := range fs {
		if f.Path != "" {
			seen[place{f.Kind, f.Path, f.Start, f.End}] = true
		}
	}
	for _, f := range more {
		p := place{f.Kind, f.Path, f.Start, f.End}
		if f.Path != "" && seen[p] {
			continue
		}
		seen[p] = true
		fs = append(fs, f)
	}
	return fs
}

// Merge adds a suite campaign's findings, each naming the suite, and its
// counts to rep.
func Merge(rep, hr *engine.Report, file, name string) SuiteRun {
	run := SuiteRun{File: file, Contract: name, Execs: hr.Execs, Findings: len(hr.Findings), Contracts: hr.Contracts, Functions: hr.Functions, Report: hr}
	if hr.Execs == 0 {
		run.NotFuzzed = NotFuzzedWhy(hr)
	}
	for _, f := range hr.Findings {
		f.Harness = &report.Harness{File: file, Contract: name, Setup: hr.Setup}
		rep.Findings = append(rep.Findings, f)
	}
	report.MocksLast(rep.Findings) // the project's own first, suites' included
	addCounts(rep, hr)
	return run
}

// addCounts adds a campaign's counts to rep.
func addCounts(rep, hr *engine.Report) {
	rep.Execs += hr.Execs
	rep.ShrinkExecs += hr.ShrinkExecs
	rep.Txs += hr.Txs
	rep.OracleTxs += hr.OracleTxs
	rep.DeployExecs += hr.DeployExecs
	rep.Timeouts += hr.Timeouts
	rep.Predictions += hr.Predictions
	rep.PredictionHits += hr.PredictionHits
	rep.Elapsed += hr.Elapsed
	rep.ForgeSeedsUsed += hr.ForgeSeedsUsed
	rep.ForgeSeeds.Used += hr.ForgeSeeds.Used
	for k, n := range hr.ForgeSeeds.Skipped {
		if rep.ForgeSeeds.Skipped == nil {
			rep.ForgeSeeds.Skipped = map[engine.ForgeSkip]int{}
		}
		rep.ForgeSeeds.Skipped[k] += n
	}
	if s := rep.Elapsed.Seconds(); s > 0 {
		rep.TxRate = float64(rep.Txs) / s
	}
}

// NotFuzzedWhy is why a suite campaign ran nothing: its set-up's failure
// (the decoded reason), else the report's note.
func NotFuzzedWhy(hr *engine.Report) string {
	for _, sk := range hr.Skipped {
		if sk.Contract == hr.Setup.SetUp || hr.Setup.SetUp == "" {
			if sk.Cause != "" {
				return sk.Cause
			}
			if sk.Reason != "" {
				return sk.Reason
			}
		}
	}
	return hr.NotFuzzed()
}

// runCarried starts h.Carried's campaigns, one after the other, each
// with opts (the suites' budget, seed and workers) and its swaps, and
// returns what stops them and waits for them to end.
func runCarried(ctx context.Context, h Hooks, opts engine.Options) func() {
	if len(h.Carried) == 0 {
		return func() {}
	}
	ctx, stop := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for _, c := range h.Carried {
			o := opts
			o.Swaps = c.Swaps
			rep := &engine.Report{}
			_, err := RunSuites(ctx, []Suite{c.Suite}, o, rep, Hooks{OnFinding: h.OnCarriedFinding})
			if ctx.Err() != nil {
				return
			}
			if h.OnCarried != nil {
				h.OnCarried(c.Suite, rep, err)
			}
		}
	}()
	return func() {
		stop()
		<-done
	}
}
