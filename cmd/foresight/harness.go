package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// This file runs a Foundry project's invariant suites as forge would,
// beside the direct campaign on its code, when check or fuzz is given a
// directory: each test contract of a suite (harness.Find, the rule the
// editor uses too) gets a campaign of its own that starts from its
// setUp(), as when its file is named. The budget is split evenly between
// the direct campaign and the suites' (the direct one takes the
// remainder), so a fixed seed and --execs repeat the whole run. Each
// finding of a suite carries it (report.Finding.Harness), so that replay
// and export start from the same set-up.

// harnessFile is an invariant suite found in a project.
type harnessFile struct {
	path string
	proj *solc.Project
}

// harnessBuild is a suite compiled alone, or why it did not compile.
type harnessBuild struct {
	path      string
	builds    []*solc.Build
	contracts []string // its test contracts to start from, in order
	err       string
}

// harnessRun is what the report says of one suite's campaign.
type harnessRun struct {
	File      string `json:"file"`
	Contract  string `json:"contract,omitempty"`
	Execs     uint64 `json:"execs"`
	Findings  int    `json:"findings"`
	Contracts int    `json:"contracts"`
	Functions int    `json:"functions"`
	// NotFuzzed says why the suite was not fuzzed (its setUp() failed,
	// it did not compile); "" when it was.
	NotFuzzed string `json:"notFuzzed,omitempty"`
}

// projectSuites returns the invariant suites of proj whose imports reach
// files, when the project was walked as a directory.
func projectSuites(proj *solc.Project, files []string, walked bool) []harnessFile {
	if !walked {
		return nil
	}
	var out []harnessFile
	for _, p := range harness.Suites(harness.Find(proj, files, nil)) {
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

// compileHarnesses compiles each suite alone, as when its file is named;
// a suite that does not compile has its errors printed to stderr and is
// kept with the reason.
func compileHarnesses(ctx context.Context, tc *solc.Toolchain, suites []harnessFile, stderr io.Writer) ([]harnessBuild, error) {
	var out []harnessBuild
	for _, s := range suites {
		bs, err := tc.Compile(ctx, s.proj, solc.Request{Files: []string{s.path}, Mode: solc.Full})
		if err != nil {
			return nil, err
		}
		hb := harnessBuild{path: s.path, builds: bs}
		for _, b := range bs {
			if b.HasErrors() {
				printErrors(stderr, b)
				hb.err = "does not compile"
			}
		}
		if hb.err == "" {
			hb.contracts = suiteContracts(bs, s.path)
		}
		if hb.err == "" && len(hb.contracts) == 0 {
			hb.err = "no deployable test contract with a setUp()"
		}
		out = append(out, hb)
	}
	return out, nil
}

// suiteContracts lists the deployable contracts of file with a setUp():
// those with invariant functions, by name, or, when none has any (a suite
// of target selectors only), all of them.
func suiteContracts(builds []*solc.Build, file string) []string {
	var inv, all []string
	for _, b := range builds {
		for _, unit := range b.Roots {
			if u := b.Units[unit]; u == nil || u.Path != file {
				continue
			}
			for name, c := range b.Output.Contracts[unit] {
				var abi []struct {
					Type, Name string
					Inputs     []json.RawMessage
				}
				if c.EVM.Bytecode.Object == "" || json.Unmarshal(c.ABI, &abi) != nil {
					continue
				}
				setUp, invariant := false, false
				for _, m := range abi {
					setUp = setUp || m.Type == "function" && m.Name == "setUp" && len(m.Inputs) == 0
					invariant = invariant || m.Type == "function" && strings.HasPrefix(m.Name, "invariant") && len(m.Inputs) == 0
				}
				if setUp {
					all = append(all, name)
				}
				if setUp && invariant {
					inv = append(inv, name)
				}
			}
		}
	}
	if len(inv) > 0 {
		all = inv
	}
	slices.Sort(all)
	return slices.Compact(all)
}

// harnessCount is the number of suite campaigns to run.
func harnessCount(hs []harnessBuild) int {
	n := 0
	for _, h := range hs {
		n += len(h.contracts)
	}
	return n
}

// splitBudget gives the direct campaign its share of opts's budget
// (executions and time) when n suite campaigns run beside it, and returns
// the options of each suite's campaign: the same seed and settings, an
// equal share, none of the direct campaign's corpus, targets or hooks.
func splitBudget(opts *engine.Options, n int) engine.Options {
	h := engine.Options{Settings: opts.Settings, Oracles: opts.Oracles, Fork: opts.Fork}
	if n == 0 {
		return h
	}
	parts := uint64(n) + 1
	h.Execs = opts.Execs / parts
	opts.Execs -= h.Execs * uint64(n)
	h.Duration = opts.Duration / time.Duration(parts)
	opts.Duration -= h.Duration * time.Duration(n)
	h.Contracts = nil
	return h
}

// runHarnesses runs each suite's campaigns with opts and adds their
// findings and counts to rep; it returns what the report says of each.
func runHarnesses(ctx context.Context, hs []harnessBuild, opts engine.Options, rep *engine.Report) ([]harnessRun, error) {
	var runs []harnessRun
	for _, h := range hs {
		if h.err != "" {
			runs = append(runs, harnessRun{File: h.path, NotFuzzed: h.err})
			continue
		}
		for _, name := range h.contracts {
			o := opts
			o.SetUp = name
			hr, err := engine.Fuzz(ctx, h.builds, o)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", h.path, err)
			}
			runs = append(runs, mergeHarness(rep, hr, h.path, name))
		}
	}
	return runs, nil
}

// mergeHarness adds a suite campaign's findings, each naming the suite,
// and its counts to rep.
func mergeHarness(rep, hr *engine.Report, file, name string) harnessRun {
	run := harnessRun{File: file, Contract: name, Execs: hr.Execs, Findings: len(hr.Findings), Contracts: hr.Contracts, Functions: hr.Functions}
	if hr.Execs == 0 {
		run.NotFuzzed = notFuzzedWhy(hr)
	}
	for _, f := range hr.Findings {
		f.Harness = &report.Harness{File: file, Contract: name, Setup: hr.Setup}
		rep.Findings = append(rep.Findings, f)
	}
	report.MocksLast(rep.Findings) // the project's own first, suites' included
	rep.Execs += hr.Execs
	rep.ShrinkExecs += hr.ShrinkExecs
	rep.Txs += hr.Txs
	rep.OracleTxs += hr.OracleTxs
	rep.DeployExecs += hr.DeployExecs
	rep.Timeouts += hr.Timeouts
	rep.Predictions += hr.Predictions
	rep.PredictionHits += hr.PredictionHits
	rep.Elapsed += hr.Elapsed
	if s := rep.Elapsed.Seconds(); s > 0 {
		rep.TxRate = float64(rep.Txs) / s
	}
	return run
}

// notFuzzedWhy is why a suite campaign ran nothing: its set-up's failure
// (the decoded reason), else the report's note.
func notFuzzedWhy(hr *engine.Report) string {
	for _, sk := range hr.Skipped {
		if sk.Contract == hr.Setup.SetUp || hr.Setup.SetUp == "" {
			if why := strings.TrimPrefix(strings.TrimPrefix(sk.Reason, "not fuzzed: "), sk.Contract+": "); why != "" {
				return why
			}
		}
	}
	return hr.NotFuzzed()
}

// printHarnesses names each suite the run used, for the summary.
func printHarnesses(w io.Writer, runs []harnessRun) {
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

// errNoDirect marks a direct campaign with nothing to call beside suites
// that ran.
var errNoDirect = errors.New("no contract outside test code has a function to call")

// fuzzAll runs the direct campaign on good (its corpus shared through
// sh, if any) and then each suite's, with the budget split between them.
func fuzzAll(ctx context.Context, good []*solc.Build, opts engine.Options, hs []harnessBuild, sh *share) (*engine.Report, []harnessRun, error) {
	hopts := splitBudget(&opts, harnessCount(hs))
	rep, err := fuzzDirect(ctx, good, opts, len(hs) > 0)
	if sh != nil {
		sh.finish(rep)
	}
	if err != nil {
		return nil, nil, err
	}
	runs, err := runHarnesses(ctx, hs, hopts, rep)
	return rep, runs, err
}

// fuzzDirect is the direct campaign; when suites run beside it, a
// project whose code outside the tests has nothing to call gives an
// empty report that says so instead of an error.
func fuzzDirect(ctx context.Context, good []*solc.Build, opts engine.Options, suites bool) (*engine.Report, error) {
	if len(good) == 0 && suites {
		return &engine.Report{Note: errNoDirect.Error()}, nil
	}
	rep, err := engine.Fuzz(ctx, good, opts)
	if suites && errors.Is(err, engine.ErrNoTargets) {
		return &engine.Report{Note: errNoDirect.Error()}, nil
	}
	return rep, err
}

// relHarnesses is runs with their files relative to root.
func relHarnesses(root string, runs []harnessRun) []harnessRun {
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
