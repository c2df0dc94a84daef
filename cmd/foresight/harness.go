package main

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// This file runs a Foundry project's invariant suites as forge would,
// beside the direct campaign on its code, as the planner (package session)
// decides for check and fuzz and the editor's saves alike: each test
// contract of a suite whose imports reach the fuzzed code gets a campaign
// of its own that starts from its setUp(), with the same seed and an
// equal share of the budget. Each finding of a suite carries it
// (report.Finding.Harness), so that replay and export start from the
// same set-up.

// harnessFile is an invariant suite found in a project.
type harnessFile struct {
	path string
	proj *solc.Project
}

// projectSuites returns the invariant suites of proj whose imports reach
// files, named on the command line (session.For in mode Named, the planner
// the editor's saves use too).
func projectSuites(proj *solc.Project, files []string, on bool) []harnessFile {
	if !on {
		return nil
	}
	var out []harnessFile
	for _, p := range session.For(proj, files, nil, session.Named).Suites {
		out = append(out, harnessFile{path: p, proj: proj})
	}
	return out
}

// notSuites returns the test files that are none of hs.
func notSuites(tests []string, hs []harnessFile) []string {
	return slices.DeleteFunc(tests, func(f string) bool {
		return slices.ContainsFunc(hs, func(h harnessFile) bool { return h.path == f })
	})
}

// compileHarnesses compiles each suite alone (session.CompileSuites); a
// suite that does not compile has its errors printed to stderr and is
// kept with the reason.
func compileHarnesses(ctx context.Context, tc *solc.Toolchain, suites []harnessFile, stderr io.Writer) ([]session.Suite, error) {
	var out []session.Suite
	for _, h := range suites {
		ss, err := session.CompileSuites(ctx, tc, h.proj, []string{h.path}, nil)
		if err != nil {
			return nil, err
		}
		for _, s := range ss {
			for _, b := range s.Builds {
				if b.HasErrors() {
					printErrors(stderr, b)
				}
			}
		}
		out = append(out, ss...)
	}
	return out, nil
}

// printHarnesses names each suite the run used, for the summary.
func printHarnesses(w io.Writer, runs []session.SuiteRun) {
	for _, r := range runs {
		name := displayPath(r.File, r.File)
		if r.Contract != "" {
			name += ":" + r.Contract
		}
		if r.NotFuzzed != "" {
			fmt.Fprintf(w, "foresight: invariant suite %s: not fuzzed: %s\n", name, r.NotFuzzed)
			continue
		}
		fmt.Fprintf(w, "foresight: invariant suite %s: %d finding(s); fuzzed %d contract(s), %d function(s) from its setUp(): %d executions\n",
			name, r.Findings, r.Contracts, r.Functions, r.Execs)
	}
}

// fuzzAll runs the direct campaign on good (its corpus shared through
// sh, if any) and each suite's side by side, with the budget split
// between them (session.Split, session.RunAll), as the editor's save does. Each
// campaign has the run's seed and a budget fixed before any starts, and
// shares no state with the others (the corpus and its sharing are the
// direct campaign's), so a seed and an execution budget give the same
// findings as running them in turn, with one worker each.
func fuzzAll(ctx context.Context, good []*solc.Build, opts engine.Options, hs []session.Suite, sh *share) (*engine.Report, []session.SuiteRun, error) {
	hopts := session.Split(&opts, len(hs))
	finished := false
	h := session.Hooks{OnDirect: func(rep *engine.Report) {
		finished = true // called in this goroutine, before RunAll returns
		if sh != nil {
			sh.finish(rep) // the direct campaign's inputs, before the suites' findings join its report
		}
	}}
	rep, runs, err := session.RunAll(ctx, good, opts, hs, hopts, h)
	if !finished && sh != nil {
		sh.finish(rep)
	}
	if err != nil {
		return nil, nil, err
	}
	return rep, runs, nil
}

// relHarnesses is runs with their files relative to root.
func relHarnesses(root string, runs []session.SuiteRun) []session.SuiteRun {
	out := slices.Clone(runs)
	for i := range out {
		if rel := relTo(root, out[i].File); rel != "" {
			out[i].File = rel
		}
	}
	return out
}

// findingSource gives each finding of a report the builds and setup it
// replays on: an invariant suite's finding its suite compiled alone (as
// its campaign was) and the suite's set-up, every other finding the
// report's.
type findingSource struct {
	ctx    context.Context
	tc     *solc.Toolchain
	cf     *compilerFlags
	builds []*solc.Build
	setup  report.Setup
	suites map[string][]*solc.Build
}

// of returns f's builds and setup.
func (s *findingSource) of(f report.Finding) ([]*solc.Build, report.Setup, error) {
	if f.Harness == nil {
		return s.builds, s.setup, nil
	}
	bs, ok := s.suites[f.Harness.File]
	if !ok {
		var err error
		if bs, err = s.cf.compile(s.ctx, s.tc, []string{f.Harness.File}); err != nil {
			return nil, report.Setup{}, fmt.Errorf("invariant suite %s: %w", f.Harness.File, err)
		}
		for _, b := range bs {
			if b.HasErrors() {
				return nil, report.Setup{}, fmt.Errorf("invariant suite %s does not compile", f.Harness.File)
			}
		}
		if s.suites == nil {
			s.suites = map[string][]*solc.Build{}
		}
		s.suites[f.Harness.File] = bs
	}
	return bs, f.Harness.Setup, nil
}

// suiteNote names the invariant suite of a finding under it, and has its
// senders named by the suite's set-up (by the report's, setUp, for the
// others).
func suiteNote(w io.Writer, f report.Finding, senders *senderNames, setUp string) {
	senders.setUp = setUp
	if h := f.Harness; h != nil {
		senders.setUp = h.Contract
		fmt.Fprintf(w, "    in invariant suite %s:%s, from its setUp()\n", displayPath(h.File, h.File), h.Contract)
	}
}
