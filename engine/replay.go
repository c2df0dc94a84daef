package engine

import (
	"fmt"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// A Trace is a replayed finding, one step per transaction
// (engine/replay words it: FormatTrace).
type Trace = replay.Trace

// TraceStep is one replayed transaction.
type TraceStep = replay.TraceStep

// ErrReplay is wrapped by errors about a finding that cannot be replayed
// against the given builds (a contract or function no longer exists).
var ErrReplay = replay.ErrReplay

// FormatTrace renders a trace for people, with the source line of the
// failure (replay.Format).
func FormatTrace(t *Trace, builds []*solc.Build) string { return replay.Format(t, builds) }

// Replay re-executes a finding deterministically on builds, deploying with
// the recorded constructor arguments.
func Replay(builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	return ReplayOn(nil, builds, setup, f)
}

// ReplayOn is Replay on a fork, which a finding made on one needs
// (Setup.Fork); src may be nil for one that was not.
func ReplayOn(src *fork.Source, builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	return ReplayForked(src, nil, builds, setup, f)
}

// ReplayForked is ReplayOn whose set-up may select forks itself, through
// forks (fork.go).
func ReplayForked(src *fork.Source, forks *SetUpForks, builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	prog, err := replay.Program(builds)
	if err != nil {
		return nil, err
	}
	return replayProgram(prog, src, forks, builds, setup, f)
}

// replayProgram is ReplayForked on prog, the program of builds that the
// caller already made (Recheck judges staleness on it first).
func replayProgram(prog *program.Program, src *fork.Source, forks *SetUpForks, builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	var err error
	cc := chain.Config{EVMVersion: replay.ChainVersion(builds)}
	replay.ChainLimits(builds, &cc)
	if cc.Fork, err = replayFork(prog, src, forks, setup); err != nil {
		return nil, err
	}
	cc.Forks = forks.forker(builds)
	steps, err := replay.Steps(prog, cc, setup, f)
	if err != nil {
		return nil, err
	}
	tr := &Trace{}
	names := replay.SetupAddrs(setup)
	for i, s := range steps {
		ts := TraceStep{Call: f.Calls[i], GasUsed: s.GasUsed, Block: s.Block.Number, Time: s.Block.Time}
		ts.Outcome = replay.Outcome(s)
		if s.Passed != nil {
			pf := plainFinding(prog, s.Passed, setup.Seed, nil)
			ts.Outcome += fmt.Sprintf(" (and %s at %s:%d, passed over as the campaign did: reported on its own)", pf.Kind, filepath.Base(pf.Path), pf.Line)
		}
		for _, l := range s.Logs {
			ts.Events = append(ts.Events, replay.DescribeLog(prog, l.Topics, l.Data))
		}
		for _, c := range s.Inner {
			ts.Inner = append(ts.Inner, replay.DescribeInner(prog, names, c))
		}
		tr.Steps = append(tr.Steps, ts)
		if s.Finding != nil {
			rf := plainFinding(prog, s.Finding, setup.Seed, nil)
			// The message names the calls: rendered again with the
			// report's (the replayed finding carries no sequence).
			rf.Calls = f.Calls[:i+1]
			names := render.Principals(nil)
			rf.Message = render.Message(rf, nil, names)
			if fl := render.FlowOf(prog, setup, s.Finding.Flow); fl != nil {
				// The oracle's record of the replayed run's ether.
				rf.Message = render.Message(rf, fl, names)
			}
			tr.Finding = &rf
			tr.Reproduced = replay.SameSite(rf, f)
		}
	}
	return tr, nil
}
