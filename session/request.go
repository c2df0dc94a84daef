package session

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// A Request is one run as a front end asks for it: the command line
// from its flags and paths (check, fuzz), the editor from its settings
// once a save compiled. Run orders what follows for both: the compile
// of the paths named, Foundry's fuzz configuration and forge's
// corpus, the front end's corpus and fork (Open), the budget split
// between the direct campaign and the suites, then the campaigns side by
// side.
type Request struct {
	Mode Mode
	// Paths are the files and folders a command names: Run compiles
	// them with Toolchain (Compiled, with the invariant suites when
	// WithSuites) and fuzzes what compiled. Without Paths, Builds and
	// the suites' fields are compiled already.
	Paths      []string
	Toolchain  *solc.Toolchain
	WithSuites bool
	// Project, Files and Overlay are an editor's run: the project's open
	// files (Overlay: their unsaved buffers), compiled with Toolchain in
	// stages (staged.go) whose effect on the editor's state is Stages';
	// Focus is what the run aims at. StopFuzz, when closed, stops the
	// campaigns (not the compiles, whose diagnostics the editor wants).
	Project *solc.Project
	Files   []string
	Overlay solc.Overlay
	Focus   Focus
	Stages  Stages
	// Gen is the run in its project's State, which its compiles, its
	// findings' replays and its streamed findings update (state.go).
	Gen      *Gen
	StopFuzz <-chan struct{}
	// Builds are the code fuzzed directly, without errors.
	Builds []*solc.Build
	// Options are the flags' or the settings' (clamped: Setting.Clamp);
	// Run points their streams (OnFinding, OnProgress, OnSetup) at the
	// Sink, and Open adds the front end's corpus and fork.
	Options engine.Options
	// Given says which of Options the user set: Foundry's configuration
	// fills only the others.
	Given Given
	// Suites is how many invariant suite files (For) run beside the
	// direct campaign and Later their compile (Ready when compiled
	// already); SuiteBuilds (compiled) and SuiteTexts (to be compiled)
	// hold their Foundry inline configuration.
	Suites      int
	Later       Later
	SuiteBuilds []*solc.Build
	SuiteTexts  []solc.SourceText
	// StopDirect, when closed, stops the direct campaign alone while the
	// suites go on (the editor: a newer save's direct campaign replaced
	// it, its suites are not ready yet).
	StopDirect <-chan struct{}
	// carried are the suites fuzzed on a carried set-up while the suites
	// compile (staged.go).
	carried []Carried
	// Fork is the fork the campaigns run on, which Run opens once
	// Foundry's configuration is applied (Sink.Forked) and closes once
	// they ended (Sink.ForksDone).
	Fork ForkRequest
	// Corpus is the saved inputs the direct campaign starts from, which
	// Run loads once the forks are open (Sink.CorpusLoaded) and saves
	// once the campaigns ended (Sink.CorpusSaved).
	Corpus CorpusRequest
	// After asks an editor's save for the checks that follow its
	// campaigns (after.go); nil: none.
	After *AfterSave
	// Open opens what else the front end's campaigns read (the command
	// line's shared corpus: seeds, sharing, shards), before the budget
	// is split. An error is an *OpenError.
	Open func(ctx context.Context, opts *engine.Options) error
}

// An OpenError is the fork's or Request.Open's failure: no campaign ran.
type OpenError struct{ Err error }

func (e *OpenError) Error() string { return e.Err.Error() }
func (e *OpenError) Unwrap() error { return e.Err }

// Given says which settings the user gave (a flag, a setting away from
// its default): Foundry's fuzz.seed and invariant.depth apply only where
// the user gave none.
type Given struct{ Seed, Depth bool }

// A Sink receives, as typed values, what Run decided before the
// campaigns start and what they find and do while they run (Stream);
// Run returns the reports.
type Sink interface {
	Stream
	// Compiled is what the compile of Paths gave, before anything else;
	// an error stops the run with it (the front end said why: nothing
	// compiled, a flag names no contract compiled). Not called without
	// Paths.
	Compiled(Compiled) error
	// Foundry is what the project's Foundry configuration set, and
	// forge's corpus as read; called once, first.
	Foundry(FoundryApplied)
	// Forked is the run's forks once opened: err is ErrForkUntrusted
	// when the URL was not used (the campaigns run without it), else why
	// none opened (the run stops with an *OpenError).
	Forked(f Forks, err error)
	// ForksDone is the forks once the campaigns ended (or did not
	// start): the front end says what they fetched and closes them,
	// writing their disk caches.
	ForksDone(Forks)
	// CorpusLoaded is what Run read of Request.Corpus (err: why it
	// could not; the campaigns start without its seeds); CorpusSaved
	// what saving the campaigns' inputs deleted, or why it failed.
	CorpusLoaded(c *Corpus, l Loaded, err error)
	CorpusSaved(s Saved, err error)
	// Aimed is what an editor's run fuzzes directly, once compiled and
	// aimed (not called for a command's run).
	Aimed(Aimed)
	// Start is the direct campaign's options and each suite's, budgets
	// split and seed fixed, before any campaign starts.
	Start(direct, suite engine.Options)
	// Checked is what a check after a save's campaigns did
	// (Request.After); called in the background, possibly after Run
	// returned.
	Checked(Check)
}

// FoundryApplied is what Foundry's fuzz configuration did to a run.
type FoundryApplied struct {
	// Applied says each setting taken from it ("seed 7 (fuzz.seed)",
	// Depth's note); Clamped, that invariant.depth was bounded.
	Applied []string
	Clamped bool
	// Notes are the keys it left and why (solc.FuzzConfig.Notes).
	Notes []string
	// Forge is forge's corpus and persisted failures as read, when the
	// code is a Foundry project's (Loaded false otherwise).
	Forge  ForgeLoaded
	Loaded bool
}

// Result is what a run's campaigns did: the direct report with the
// suites' findings and counts added, each suite's run, the direct
// campaign's options as run (Foundry's seed and depth, forge's seeds)
// and, with Paths, what compiled.
type Result struct {
	Report   *engine.Report
	Suites   []SuiteRun
	Options  engine.Options
	Compiled Compiled
	// Of an editor's run: why it ended before its campaigns (Why: the
	// aim's reason), its direct full compile as applied and its aim.
	Stop    Stop
	Why     string
	Applied Applied
	Aimed   Aimed
}

// Ready is a Later for suites compiled already.
func Ready(suites []Suite) Later {
	return func(context.Context) ([]Suite, error) { return suites, nil }
}

// Run runs req's campaigns: the one order of a run's campaigns, the
// command line's and the editor's. A cancelled ctx ends them with what
// they found so far.
func Run(ctx context.Context, req Request, sink Sink) (Result, error) {
	var comp Compiled
	if req.Paths != nil {
		var err error
		if comp, err = compileNamed(ctx, req); err != nil {
			return Result{}, err
		}
		if err := sink.Compiled(comp); err != nil {
			return Result{Compiled: comp}, err
		}
		req = compiledRequest(req, comp)
	}
	var res Result
	if req.Project != nil {
		fctx, stop := fuzzContext(ctx, req.StopFuzz)
		defer stop()
		var err error
		if req, err = staged(ctx, fctx, req, &res); err != nil || res.Stop != Ran {
			return res, err
		}
		sink.Aimed(res.Aimed)
		err = campaigns(fctx, req, sink, &res, comp)
		afterSave(fctx, req, res, sink)
		return res, err
	}
	err := campaigns(ctx, req, sink, &res, comp)
	return res, err
}

// campaigns runs req's campaigns, once compiled (and, for an editor's
// run, aimed), into res: Foundry's configuration, the fork, the corpus,
// the budget split, the campaigns side by side.
func campaigns(ctx context.Context, req Request, sink Sink, res *Result, comp Compiled) error {
	opts := req.Options
	var hooks Hooks
	streamTo(&opts, &hooks, sink)
	sink.Foundry(applyFoundry(&opts, req))
	forks, err := openForks(ctx, &opts, req.Fork)
	defer sink.ForksDone(forks)
	sink.Forked(forks, err)
	if err != nil && !errors.Is(err, ErrForkUntrusted) {
		res.Options, res.Compiled = opts, comp
		return &OpenError{Err: err}
	}
	store := loadCorpus(req.Corpus, &opts, sink)
	if req.Open != nil {
		if err := req.Open(ctx, &opts); err != nil {
			res.Options, res.Compiled = opts, comp
			return &OpenError{Err: err}
		}
	}
	// The suites share the seed and split the budget.
	hopts := Split(&opts, req.Suites)
	sink.Start(opts, hopts)
	h := hooks
	h.StopDirect, h.Carried = req.StopDirect, req.carried
	rep, runs, err := RunStaged(ctx, req.Builds, opts, req.Suites, req.Later, hopts, h)
	saveCorpus(store, rep, req.Corpus.Keep, sink)
	res.Report, res.Suites, res.Options, res.Compiled = rep, runs, opts, comp
	return err
}

// fuzzContext is ctx, also ended when stop (if not nil) closes.
func fuzzContext(ctx context.Context, stop <-chan struct{}) (context.Context, func()) {
	fctx, cancel := context.WithCancel(ctx)
	if stop != nil {
		go func() {
			select {
			case <-stop:
				cancel()
			case <-fctx.Done():
			}
		}()
	}
	return fctx, cancel
}

// applyFoundry applies Foundry's fuzz configuration to opts where the
// user gave no setting: the inline forge-config comments of the run's
// files and suites, then FOUNDRY_FUZZ_*/FOUNDRY_INVARIANT_*, then
// foundry.toml's profile (docs/cli.md, "Foundry's fuzz configuration").
// A depth is bounded as the setting is: foundry.toml is the project's,
// not to be trusted with the machine. Forge's corpus and failures seed
// the set-up campaigns (LoadForgeCorpus).
func applyFoundry(opts *engine.Options, req Request) FoundryApplied {
	builds := append(slices.Clip(req.Builds), req.SuiteBuilds...)
	cfg := solc.BuildsFuzzConfig(builds, req.SuiteTexts...)
	var out FoundryApplied
	if cfg.Seed != nil && !req.Given.Seed {
		opts.Seed = *cfg.Seed
		out.Applied = append(out.Applied, fmt.Sprintf("seed %d (fuzz.seed)", opts.Seed))
	}
	if cfg.Depth != nil && !req.Given.Depth {
		var note string
		opts.MaxSeqLen, note, out.Clamped = Depth(*cfg.Depth)
		out.Applied = append(out.Applied, note)
	}
	out.Notes = cfg.Notes
	if proj := foundryProject(builds); proj != nil {
		out.Forge, out.Loaded = LoadForgeCorpus(proj.Root, cfg), true
		if out.Forge.Len() > 0 {
			opts.ForgeSeeds = out.Forge.BySuite
		}
	}
	return out
}
