package session

import (
	"context"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// This file is the editor's side of Run: a request on a project's open
// files (Request.Project) compiles them in stages, aims at what a save
// changed, and hands the suites' compile to the campaigns (RunStaged).
// Each compile is applied to the project's State (Request.Gen: the
// files' texts, the findings moved, rechecked and kept) unless a newer
// run began; the front end is told what changed, to show it, and when to
// hand the campaign over (Stages). The findings' record and its rules are
// session's (State, Findings: state.go, findings.go, findingstate.go).

// A Stage is which compile of an editor's run is applied: the analysis
// of the open files, the full compile of the code fuzzed directly, or
// the invariant suites' full compile, which runs beside the direct
// campaign.
type Stage int

const (
	StageAnalysis Stage = iota
	StageDirect
	StageSuites
)

// Applied is what one compile changed in the editor's state (Stages).
type Applied struct {
	Superseded bool // a newer run started: nothing was applied
	Clean      bool // no build has errors
	// Of a full compile: the builds without errors, which a campaign may
	// fuzz even when others failed (solc's partial build), and the entry
	// files of those that failed.
	Good   []*solc.Build
	Broken []string
	// Of a full compile with good builds (or a clean analysis): the
	// functions and lines changed since the last full compile in those
	// builds, and the files whose text changed.
	Focus   []string
	Targets []engine.Target
	Changed []string
	// Moved are the files whose text changed: the state moved the
	// findings and notes on them.
	Moved []string
}

// Stages are what the front end shows of an editor's run and where it
// hands its campaigns over, in the order Run calls them; the project's
// State is session's.
type Stages interface {
	// Compiling is called before the full compiles (StageDirect,
	// StageSuites); release, when not nil, is called once the compile
	// returned. An error (the context's) stops the compile.
	Compiling(ctx context.Context, at Stage) (release func(), err error)
	// Applied shows a compile (its diagnostics) once applied to the
	// State (st: what changed; Superseded: nothing was).
	Applied(at Stage, builds []*solc.Build, st Applied)
	// Settle is called once the run's last compile is applied.
	Settle()
	// Rechecked shows what a replay of the stored findings on the new
	// builds changed of the record (State, recheck).
	Rechecked(r Replayed)
	// Fuzzing is called once the run's builds are ready to fuzz, with
	// whether suites run beside the direct campaign: the campaign this
	// run replaces stops.
	Fuzzing(suites bool)
	// SuitesReady is called once the suites compiled, were applied and
	// their findings replayed: an older run whose suites fuzzed on until
	// these were ready stops.
	SuitesReady()
}

// Focus is what an editor's run aims at.
type Focus struct {
	// File is the file that started the run ("" for the project).
	File string
	// Functions is a command's focus ("Fuzz this function"); nil: the
	// functions a save changed.
	Functions []string
	// WholeFile fuzzes every function of File's contracts, and only
	// those ("Fuzz this file").
	WholeFile bool
	// Saved says a save started the run: it aims at what changed, and a
	// save whose file broke with nothing else changed fuzzes nothing.
	Saved bool
	// Untargeted fuzzes every function of the contracts (the setting).
	Untargeted bool
}

// A Stop says why a run ended before its campaigns (Result.Stop).
type Stop int

const (
	Ran               Stop = iota
	StopCancelled          // the context ended, or StopFuzz closed
	StopCompileErrors      // nothing that compiles to fuzz
	StopNotFuzzed          // the aim found nothing to fuzz: Result.Why
	StopCompileFailed      // the compiler failed to run: Run's error
)

// Aimed is what the direct campaign of an editor's run fuzzes (Sink):
// the aim (AimFor), the contracts of other files the saved file is
// fuzzed in (Via: dependents), the builds fuzzed directly, how many
// suites run beside it and those carried (Carry).
type Aimed struct {
	Aim
	Via     []string
	Builds  []*solc.Build
	Suites  int
	Carried []Carried
}

// staged is the editor's half of Run before the campaigns: plan, the
// two compiles, aim. It returns the request the campaigns run and the
// stop, if any; res carries what the front end reads after.
func staged(ctx, fctx context.Context, req Request, res *Result) (Request, error) {
	f := req.Focus
	cp, full := ForEditor(req.Project, req.Mode, f.File, req.Files, req.Overlay)
	var deps []string
	if f.File != "" && req.Mode == Save && !f.WholeFile {
		deps = Dependents(req.Project, f.File, req.Overlay, req.Files)
		full = append(slices.Clip(full), deps...)
	}
	st, stop, err := compileStages(ctx, req, full)
	res.Applied = st
	if err != nil || stop != Ran {
		res.Stop = stop
		return req, err
	}
	if len(cp.Suites) == 0 {
		req.Stages.Settle()
	}
	if f.Saved && slices.Contains(st.Broken, f.File) && len(st.Changed) == 0 {
		res.Stop = StopCompileErrors // nothing that compiles changed
		return req, nil
	}
	if fctx.Err() != nil {
		res.Stop = StopCancelled
		return req, nil
	}
	a := Aim{Focus: st.Focus, Targets: st.Targets}
	switch {
	case f.WholeFile:
		a = Aim{}
	case f.Functions != nil:
		a = Aim{Focus: f.Functions}
	case f.Untargeted:
		a = Aim{}
	}
	recheck(fctx, req, len(st.Changed) > 0, false)
	builds := Without(st.Good, cp.Suites)
	only, changed := "", st.Changed
	if f.WholeFile {
		only = f.File
	}
	if !f.Saved {
		changed = nil
	}
	a, why := cp.AimFor(req.Project, builds, a, only, f.Functions != nil, changed)
	res.Aimed = Aimed{Aim: a, Via: throughDependents(st.Good, deps), Builds: builds}
	if why != "" {
		res.Stop, res.Why = StopNotFuzzed, why
		return req, nil
	}
	req.Stages.Fuzzing(len(cp.Suites) > 0)
	if fctx.Err() != nil {
		res.Stop = StopCancelled
		return req, nil
	}
	req.Options.Contracts = a.Contracts
	req.Options.Focus = focusThrough(a.Focus, res.Aimed.Via)
	// The changed lines are lookahead targets; lines without code
	// (comments, blank lines) are dropped rather than failing the
	// campaign.
	req.Options.Targets, req.Options.SkipEmptyTargets = a.Targets, true
	req.Builds, req.Suites = builds, len(cp.Suites)
	req.Later = suitesLater(req, cp.Suites, st.Changed)
	req.SuiteTexts = Texts(req.Project, cp.Suites, req.Overlay)
	req.carried = req.Gen.s.carry(cp.Suites, st.Good)
	res.Aimed.Suites, res.Aimed.Carried = req.Suites, req.carried
	return req, nil
}

// compileStages runs the two compiles of an editor's run: an
// analysis-only compile of the open files whose diagnostics are
// published at once (a fraction of a full compile), then, if it is
// clean, the full compile the direct campaign needs. Both read the same
// snapshot of the buffers, so the full one normally sees the text the
// analysis already published.
func compileStages(ctx context.Context, req Request, full []string) (Applied, Stop, error) {
	var st Applied
	for _, at := range []Stage{StageAnalysis, StageDirect} {
		files, mode := req.Files, solc.Diagnostics
		if at == StageDirect {
			files, mode = full, solc.Full
			release, err := req.Stages.Compiling(ctx, at)
			if err != nil {
				return st, StopCancelled, nil
			}
			if release != nil {
				defer release()
			}
		}
		builds, err := req.Toolchain.Compile(ctx, req.Project, solc.Request{Files: files, Overlay: req.Overlay, Mode: mode})
		if ctx.Err() != nil {
			return st, StopCancelled, nil
		}
		if err != nil {
			return st, StopCompileFailed, &CompileError{Err: err}
		}
		st = req.Gen.apply(at, builds)
		req.Stages.Applied(at, builds, st)
		if st.Superseded {
			return st, StopCancelled, nil
		}
		// With errors, the full compile still builds the files whose
		// imports compile (solc's partial build), which needs two files.
		if !st.Clean && (at == StageDirect && len(st.Good) == 0 || len(req.Files) < 2) {
			req.Stages.Settle() // no compile of this run follows
			return st, StopCompileErrors, nil
		}
	}
	return st, Ran, nil
}

// suitesLater is the second stage of an editor's run (RunStaged): once
// the direct campaign has started on the saved file's own compile, the
// invariant suites are compiled together in the background; applied,
// their findings rechecked on the new code, and each suite is fuzzed as
// when compiled alone (FromBuilds). nil when the run has no suite.
func suitesLater(req Request, paths, changed []string) Later {
	if len(paths) == 0 {
		return nil
	}
	return func(ctx context.Context) ([]Suite, error) {
		release, err := req.Stages.Compiling(ctx, StageSuites)
		if err != nil {
			return nil, err
		}
		builds, err := req.Toolchain.Compile(ctx, req.Project, solc.Request{Files: paths, Overlay: req.Overlay, Mode: solc.Full, Background: true})
		if release != nil {
			release()
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			return nil, &CompileError{Err: err}
		}
		st := req.Gen.apply(StageSuites, builds)
		req.Stages.Applied(StageSuites, builds, st)
		suites := FromBuilds(goodOf(builds), paths)
		if !st.Superseded {
			req.Stages.Settle()
			// Their findings replay on them, the next save carries
			// their set-ups.
			req.Gen.s.keepSuites(suites)
			recheck(ctx, req, len(changed)+len(st.Changed) > 0, true)
		}
		req.Stages.SuitesReady()
		return suites, nil
	}
}

// recheck replays the project's stored findings on the run's new builds
// when it changed code or an edit dropped some (Gen.recheck), and shows
// what that changed (Stages.Rechecked).
func recheck(ctx context.Context, req Request, changed, suites bool) {
	if r, ok := req.Gen.recheck(ctx, req.Options.Oracles, changed, suites); ok {
		req.Stages.Rechecked(r)
	}
}

// goodOf returns the builds without errors.
func goodOf(builds []*solc.Build) []*solc.Build {
	return slices.DeleteFunc(slices.Clone(builds), (*solc.Build).HasErrors)
}

// throughDependents lists the concrete contracts of deps that builds
// compiled: the contracts of other files the saved file is fuzzed in.
func throughDependents(builds []*solc.Build, deps []string) []string {
	var via []string
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		for _, unit := range b.Roots {
			u := b.Units[unit]
			if u == nil || !slices.Contains(deps, u.Path) {
				continue
			}
			for _, d := range solc.ScanContracts(u.Content) {
				if _, ok := b.Output.Contracts[unit][d.Name]; ok && d.Kind == "contract" {
					via = append(via, d.Name)
				}
			}
		}
	}
	slices.Sort(via)
	return slices.Compact(via)
}

// focusThrough is the focus for the engine: with dependents, a changed
// function ("Base.f") is also named by itself ("f"), since it is called
// on the contracts that inherit it or on the proxy, whose names differ.
func focusThrough(focus, via []string) []string {
	if len(via) == 0 {
		return focus
	}
	out := slices.Clone(focus)
	for _, fn := range focus {
		if _, name, ok := strings.Cut(fn, "."); ok && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}
