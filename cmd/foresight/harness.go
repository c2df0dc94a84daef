package main

import (
	"context"
	"fmt"
	"io"
	"slices"

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

// printHarnessErrors prints the errors of the suites that did not
// compile (they are not fuzzed: printHarnesses says so).
func printHarnessErrors(suites []session.Suite, stderr io.Writer) {
	for _, s := range suites {
		for _, b := range s.Builds {
			if b.HasErrors() {
				printErrors(stderr, b)
			}
		}
	}
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
