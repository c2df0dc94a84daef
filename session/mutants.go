package session

import (
	"context"
	"errors"
	"slices"

	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/solc"
)

// This file runs the mutants of changed lines (docs/mutants.md): the
// files and the invariant suites that reach them are compiled together
// (as the editor's full compile, FromBuilds), the original fuzzed once
// (its failures kill no mutant; its corpus seeds every mutant's
// campaigns), then each mutant compiled with its edit as an overlay and,
// unless it does not compile or its code is the original's, fuzzed with
// the same seed and budget by the direct campaign and the suites, aimed
// at its line, and judged (mutant.Classify).

// ErrMutantsBroken says the original code does not compile: there is
// nothing to mutate (MutantRun.Broken holds the builds with the errors).
var ErrMutantsBroken = errors.New("the code to mutate does not compile")

// DefaultMutantExecs and DefaultMinHits are the budget per mutant and the
// runs of its line a survivor needs, unless set.
const (
	DefaultMutantExecs = 3000
	DefaultMinHits     = 10
)

// MutantOptions configure Mutants; zero values mean the defaults.
type MutantOptions struct {
	Seed    uint64
	Execs   uint64 // per mutant, and for the original's run
	MinHits uint64
	Oracles map[string]bool
	// OnStart is called before each mutant's compile, OnResult with its
	// verdict.
	OnStart  func(i, n int, m mutant.Mutant)
	OnResult func(mutant.Result)
}

// A MutantRun is what Mutants did.
type MutantRun struct {
	Results []mutant.Result
	// Suites are the invariant suites that ran beside the direct campaign.
	Suites []string
	// Original is what the campaigns of the unmutated code saw; its
	// property failures (Failing) kill no mutant.
	Original mutant.Observed
	Failing  []string
	// SuitesBroken are the suites left out because they do not compile.
	SuitesBroken []string
	// Broken holds the builds with errors when the original does not
	// compile (ErrMutantsBroken).
	Broken []*solc.Build
}

// Mutants generates the mutants of the changed lines of files (absolute
// paths of proj outside test code and dependencies; changed maps each to
// its lines) and fuzzes each.
func Mutants(ctx context.Context, tc *solc.Toolchain, proj *solc.Project, files []string, changed map[string]mutant.Lines, o MutantOptions) (*MutantRun, error) {
	if o.Execs == 0 {
		o.Execs = DefaultMutantExecs
	}
	if o.MinHits == 0 {
		o.MinHits = DefaultMinHits
	}
	lines := map[string]mutant.Lines{}
	for path, ls := range changed {
		if !proj.IsTestOrScript(path) && !proj.InDependency(path) {
			lines[path] = ls
		}
	}
	cp := For(proj, files, nil, Named)
	run := &MutantRun{}
	req, builds, err := compileOriginal(ctx, tc, proj, &cp, run)
	if err != nil {
		return run, err
	}
	ms, err := mutant.Generate(builds, lines)
	if err != nil {
		return nil, err
	}
	r := mutantRunner{proj: proj, cp: cp, o: o}
	if run.Original, err = r.observe(ctx, builds, nil); err != nil {
		return nil, err
	}
	for _, f := range run.Original.Findings {
		if mutant.IsProperty(f.Kind) && !f.Mock {
			run.Failing = append(run.Failing, f.Kind+" "+f.Check)
		}
	}
	for i, m := range ms {
		if ctx.Err() != nil {
			return run, ctx.Err()
		}
		if o.OnStart != nil {
			o.OnStart(i, len(ms), m)
		}
		res, err := r.judge(ctx, tc, req, builds, m, run.Original)
		if err != nil {
			return run, err
		}
		run.Results = append(run.Results, res)
		if o.OnResult != nil {
			o.OnResult(res)
		}
	}
	return run, nil
}

// compileOriginal compiles the files and the suites together. A suite
// that does not compile is left out (MutantRun.SuitesBroken), as a check
// leaves it out; the files not compiling is ErrMutantsBroken.
func compileOriginal(ctx context.Context, tc *solc.Toolchain, proj *solc.Project, cp *Campaigns, run *MutantRun) (solc.Request, []*solc.Build, error) {
	for {
		req := solc.Request{Files: append(slices.Clone(cp.Direct), cp.Suites...), Mode: solc.Full}
		builds, err := tc.Compile(ctx, proj, req)
		if err != nil {
			return req, nil, err
		}
		bad := broken(builds)
		if len(bad) == 0 {
			run.Suites = cp.Suites
			return req, builds, nil
		}
		var suites []string // the suites among the broken builds' files
		for _, b := range bad {
			for _, unit := range b.Roots {
				if u := b.Units[unit]; u != nil && slices.Contains(cp.Suites, u.Path) {
					suites = append(suites, u.Path)
				}
			}
		}
		if len(suites) == 0 {
			run.Broken = bad
			return req, nil, ErrMutantsBroken
		}
		run.SuitesBroken = append(run.SuitesBroken, suites...)
		cp.Suites = slices.DeleteFunc(cp.Suites, func(p string) bool { return slices.Contains(suites, p) })
	}
}

// broken are the builds that failed.
func broken(builds []*solc.Build) []*solc.Build {
	var out []*solc.Build
	for _, b := range builds {
		if b.HasErrors() {
			out = append(out, b)
		}
	}
	return out
}

// mutantRunner fuzzes the original and its mutants alike.
type mutantRunner struct {
	proj *solc.Project
	cp   Campaigns
	o    MutantOptions
	// seeds are the original's final corpora (direct, suites), which
	// every mutant's campaigns start from.
	seeds, suiteSeeds []corpus.Input
}

// judge compiles one mutant and, unless it does not compile or equals the
// original, fuzzes and classifies it.
func (r *mutantRunner) judge(ctx context.Context, tc *solc.Toolchain, req solc.Request, builds []*solc.Build, m mutant.Mutant, original mutant.Observed) (mutant.Result, error) {
	text, ok := unitText(builds, m.Path)
	if !ok {
		return mutant.Result{Mutant: m, Status: mutant.Invalid, Note: "the file is not in the compile"}, nil
	}
	edited, err := m.Apply(text)
	if err != nil {
		return mutant.Result{}, err
	}
	req.Overlay = solc.Overlay{m.Path: edited}
	mbuilds, err := tc.Compile(ctx, r.proj, req)
	if err != nil {
		return mutant.Result{}, err
	}
	if bad := broken(mbuilds); len(bad) > 0 {
		return mutant.Result{Mutant: m, Status: mutant.Invalid, Note: firstError(bad)}, nil
	}
	same, err := mutant.SameCode(builds, mbuilds)
	if err != nil {
		return mutant.Result{}, err
	}
	if same {
		if has, err := mutant.HasCode(builds, m.Unit, m.Start, m.End); err == nil && !has {
			// Nothing compiled runs the line (an abstract contract no
			// contract of the compile inherits): out of reach, never
			// "equivalent" to code there is none of.
			return mutant.Result{Mutant: m, Status: mutant.NotReached, Note: "no compiled contract runs this line (an abstract contract nothing here inherits)"}, nil
		}
		return mutant.Result{Mutant: m, Status: mutant.Equivalent}, nil
	}
	got, err := r.observe(ctx, mbuilds, &m)
	if err != nil {
		return mutant.Result{}, err
	}
	return mutant.Classify(m, original, got, r.o.MinHits), nil
}

// unitText is the text of path as builds compiled it.
func unitText(builds []*solc.Build, path string) ([]byte, bool) {
	for _, b := range builds {
		for _, u := range b.Units {
			if u.Path == path {
				return u.Content, true
			}
		}
	}
	return nil, false
}

// firstError is the first error a compile gave.
func firstError(builds []*solc.Build) string {
	for _, b := range builds {
		for _, d := range b.Diagnostics {
			if d.Severity == solc.SeverityError {
				return d.Message
			}
		}
		if b.Err != nil {
			return b.Err.Error()
		}
	}
	return "does not compile"
}
