package session

import (
	"context"
	"errors"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/solc"
)

// observe runs the campaigns of builds (the original's, m nil, or a
// mutant's) as a check of the files would, with the suites beside the
// direct campaign, one worker each, and returns what they found and, for
// a mutant, how often its file's lines ran. A mutant's campaigns focus on
// its function and aim at its line, and start from the original's
// corpus; the original's corpus is kept for them.
func (r *mutantRunner) observe(ctx context.Context, builds []*solc.Build, m *mutant.Mutant) (mutant.Observed, error) {
	direct := Without(builds, r.cp.Suites)
	suites := FromBuilds(builds, r.cp.Suites)
	var aim Aim
	if m != nil {
		if m.Function != "" {
			aim.Focus = []string{m.Function}
		}
		to := m.Line
		if m.Removes {
			to++ // the removed code's line may hold none now
		}
		aim.Targets = []engine.Target{{Path: m.Path, FromLine: m.Line, ToLine: to}}
	}
	a, _ := r.cp.AimFor(r.proj, direct, aim, "", false, nil)
	if len(a.Contracts) == 0 {
		direct = nil
	}
	if len(direct) == 0 && len(suites) == 0 {
		return mutant.Observed{}, nil
	}
	opts := engine.Options{
		Settings: engine.Settings{Seed: r.o.Seed, Execs: r.o.Execs, Workers: 1, Contracts: a.Contracts, Focus: a.Focus},
		Oracles:  r.o.Oracles, Targets: a.Targets, SkipEmptyTargets: true, Seeds: r.seeds,
	}
	hopts := Split(&opts, len(suites))
	hopts.Targets, hopts.SkipEmptyTargets, hopts.Seeds = a.Targets, true, r.suiteSeeds
	var rep *engine.Report
	var runs []SuiteRun
	var err error
	if len(suites) == 0 {
		rep, err = Direct(ctx, direct, opts, false)
	} else {
		rep, runs, err = RunAll(ctx, direct, opts, suites, hopts, Hooks{})
	}
	if errors.Is(err, engine.ErrNoTargets) {
		return mutant.Observed{}, nil
	}
	if err != nil {
		return mutant.Observed{}, err
	}
	if m == nil {
		r.seeds = rep.Inputs
		for _, run := range runs {
			if run.Report != nil {
				r.suiteSeeds = append(r.suiteSeeds, run.Report.Inputs...)
			}
		}
	}
	got := mutant.Observed{Findings: rep.Findings, Execs: rep.Execs}
	for _, run := range runs {
		if run.NotFuzzed != "" {
			// "setUp failed: setUp() reverted: ...": the contract's set-up
			// and the reason, once.
			why := strings.TrimPrefix(strings.TrimPrefix(run.NotFuzzed, "setUp failed: "), "setUp() ")
			got.SetUpFailed = append(got.SetUpFailed, run.Contract+".setUp() "+why)
		}
	}
	if m != nil {
		got.Lines = map[int]mutant.Reach{}
		addReach(got.Lines, rep, m.Path)
		for _, run := range runs {
			addReach(got.Lines, run.Report, m.Path)
		}
	}
	return got, nil
}

// addReach adds a campaign's line coverage of path to lines.
func addReach(lines map[int]mutant.Reach, rep *engine.Report, path string) {
	if rep == nil || rep.Coverage[path] == nil {
		return
	}
	fc := rep.Coverage[path]
	for l := range fc.Missed {
		r := lines[l]
		r.Code = true
		lines[l] = r
	}
	for l := range fc.Covered {
		r := lines[l]
		r.Code, r.Ran = true, true
		r.Hits += fc.Hits[l]
		lines[l] = r
	}
}
