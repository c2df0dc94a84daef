package lsp

import (
	"fmt"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"go.uber.org/zap"
)

// The editor's side of session.Stream: what a run's campaigns find and
// do while they run, shown as it comes (findings published at once, the
// progress with its countdown, each campaign's line in the client's
// log).

// Found publishes a streamed finding at once (addFindingOf); a carried
// suite's is dropped once the suites compiled (addFindingOf).
func (k *editorSink) Found(f report.Finding, from session.Campaign) {
	k.s.addFindingOf(k.req.r, f, k.fallback, from.Source == session.FromCarried)
}

// Progress reports a campaign's progress: the direct campaign's with a
// percentage of its budget, a suite's with the run's time left.
func (k *editorSink) Progress(pr engine.Progress, from session.Campaign) {
	if from.Source == session.FromDirect {
		k.req.prog.report(fmt.Sprintf("fuzzing %s: %s, %s%s", k.what, plural(int(pr.Execs), "exec"), plural(pr.Findings, "finding"), k.clock.suffix(pr.Elapsed)), k.percent(pr.Execs))
		return
	}
	k.req.prog.report(fmt.Sprintf("fuzzing %s: %s, %s%s", k.suiteWhat, plural(int(pr.Execs), "exec"), plural(pr.Findings, "finding"), k.suiteClock.suffix(pr.Elapsed)), nil)
}

// SetUp records the direct campaign's deployment, known before its first
// finding streams in, so a finding can be replayed or exported while its
// campaign still runs.
func (k *editorSink) SetUp(setup report.Setup) {
	if setup.SetUp != "" {
		k.req.prog.report("fuzzing from "+setup.SetUp+".setUp()", k.percent(0))
	}
	k.req.p.state.SetUp(k.seed, setup)
}

// Began names the suite campaign that starts in the progress. The first
// suite's countdown is its share, none later (Start): each suite after
// it has one share fewer to come.
func (k *editorSink) Began(from session.Campaign) {
	k.suiteWhat = "from " + from.Contract + ".setUp()"
	if k.suiteClock.total > 0 {
		k.suiteClock.later = k.suiteClock.share * time.Duration(k.req.nSuites-k.suitesBegun-1)
	}
	k.suitesBegun++
	k.req.prog.report("fuzzing "+k.suiteWhat, nil)
}

// Ended logs the direct campaign, noting whether a newer save's stopped
// it (takeOver), and a carried suite's.
func (k *editorSink) Ended(from session.Campaign, rep *engine.Report, err error) {
	s, root := k.s, k.req.p.root
	switch from.Source {
	case session.FromDirect:
		select {
		case <-k.req.r.stopDirect:
			k.cut = true
		default:
		}
		s.logCampaign(root, "directly: "+k.what, rep)
	case session.FromCarried:
		if err != nil {
			s.log.Warn("carried set-up", zap.String("suite", from.File), zap.Error(err))
			return
		}
		s.logCampaign(root, "from "+from.Contract+"'s setUp() on the saved code, before the suite's compile (set-up carried)", rep)
	}
}
