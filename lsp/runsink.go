package lsp

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/internal/redact"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// editorSink is a save's (or a command's) side of session.Run: how it
// shows what the run did (the project's corpus read and saved, the fork,
// trusted workspaces only): a bounded
// invariant.depth as a warning, the budgets as the progress' countdown.
type editorSink struct {
	// An editor's run names no paths (its compiles are staged:
	// editorStages): Compiled is Discard's.
	session.Discard
	s    *server
	req  fuzzRequest
	what string // what the progress says is fuzzed
	// fallback is where a finding without a place is shown (the file
	// saved or the first open file).
	fallback string
	// The suites' progress: which set-up runs, how many began (Began).
	suiteWhat   string
	suitesBegun int
	// cut says a newer save's direct campaign stopped this one's
	// (takeOver; set by Ended).
	cut bool
	// Set by Start: the direct campaign's countdown and seed and its
	// execution budget, the first suite's countdown.
	clock, suiteClock countdown
	seed, execs       uint64
	// mutantSrcs are the texts the save's mutants are made of (Checked).
	mutantSrcs map[string]*session.Text
}

// Checked shows what a check after the save's campaign did.
func (k *editorSink) Checked(c session.Check) {
	p := k.req.p
	switch c := c.(type) {
	case session.BehaviourChecked:
		k.s.behaviourChecked(p, k.req.r, c)
	case session.MutantsStarting:
		k.mutantSrcs = k.s.mutantsStarting(p, c.Files)
	case session.MutantsChecked:
		k.s.mutantsChecked(p, c, k.mutantSrcs)
	}
}

// CorpusLoaded says what was read of the project's corpus.
func (k *editorSink) CorpusLoaded(c *session.Corpus, l session.Loaded, err error) {
	k.s.corpusLoaded(session.ProjectCorpus(k.req.p.root), c, l, err)
}

// CorpusSaved says what saving the campaign's inputs deleted, or that
// the project's corpus cannot be written.
func (k *editorSink) CorpusSaved(saved session.Saved, err error) {
	k.s.corpusSaved(k.req.p.root, saved, err)
}

// Forked warns that an untrusted workspace's forkUrl was ignored, or
// says the fork failed: the campaign did not run, on it nor without it.
func (k *editorSink) Forked(_ session.Forks, err error) {
	switch {
	case err == nil:
	case errors.Is(err, session.ErrForkUntrusted):
		k.s.notifyOnce(protocol.MessageTypeWarning, "foresight: the workspace is not trusted: ignoring forkUrl (a forked campaign makes network requests to the URL it names); fuzzing without the fork")
	case k.req.fuzzCtx.Err() == nil:
		// Fork errors carry no credentials; redacting keeps it so.
		k.s.forkFailed(redact.Error(err), "the campaign did not run on the fork, nor without it (fix forkUrl, or clear it to fuzz without a fork)")
	}
}

// ForksDone logs what the forks fetched and writes their disk caches.
func (k *editorSink) ForksDone(f session.Forks) {
	k.s.closeFork(f)
	if f.SetUp != nil {
		k.s.closeSetUpForks(f.SetUp)
	}
}

// Foundry warns when invariant.depth asked for more than either front
// end runs, said as the command line says it, and logs the rest.
func (k *editorSink) Foundry(fa session.FoundryApplied) {
	if fa.Clamped {
		k.s.notifyOnce(protocol.MessageTypeWarning, session.FoundryNote(fa.Applied))
	}
	for _, n := range fa.Notes {
		k.s.log.Debug("foundry fuzz config", zap.String("note", n))
	}
	if fa.Loaded {
		l := fa.Forge
		for _, p := range l.Problems {
			k.s.log.Warn("forge corpus", zap.Error(p))
		}
		if l.Len() > 0 {
			k.s.log.Info("forge corpus", zap.Int("sequences", l.Len()), zap.Strings("suites", l.Suites()), zap.Int("failures", l.Failures), zap.Int("entries", l.Entries))
		}
	}
}

// Start fixes the progress' countdown: reports carry a percentage with a
// budget in executions and the run's time left with a time budget.
func (k *editorSink) Start(direct, suite engine.Options) {
	n := k.req.nSuites
	k.seed, k.execs = direct.Seed, direct.Execs
	k.clock = newCountdown(direct.Duration, suite.Duration, n)
	if n > 0 && k.clock.total > 0 {
		k.clock.deadline = time.Now().Add(max(direct.Duration, suite.Duration*time.Duration(n))) // side by side (session.RunStaged)
	}
	k.suiteClock = countdown{total: k.clock.total, share: suite.Duration, deadline: k.clock.deadline}
	seeds := len(direct.Seeds)
	if seeds > 0 {
		k.req.prog.report(fmt.Sprintf("fuzzing %s (%s)", k.what, plural(seeds, "saved input")), k.percent(0))
	} else {
		k.req.prog.report("fuzzing "+k.what, k.percent(0))
	}
	k.s.log.Info("campaign", zap.String("root", k.req.p.root), zap.Strings("contracts", direct.Contracts), zap.Strings("focus", k.req.c.focus), zap.Uint64("seed", direct.Seed),
		zap.Uint64("execs", direct.Execs), zap.Duration("duration", direct.Duration), zap.Int("seeds", seeds))
	if len(k.req.carried) > 0 {
		k.req.prog.report("fuzzing "+k.what+" and from "+strings.Join(k.req.carried[0].Suite.Contracts, ", ")+".setUp() (carried)", k.percent(0))
	}
}

// percent is the direct campaign's progress after execs.
func (k *editorSink) percent(execs uint64) *uint32 { return k.clock.of(execs, k.execs) }

// Aimed records what the run fuzzes directly, for the progress, the
// corpus and the end message.
func (k *editorSink) Aimed(a session.Aimed) {
	k.req.builds, k.req.nSuites, k.req.carried = a.Builds, a.Suites, a.Carried
	k.req.c = campaign{contracts: a.Contracts, focus: a.Focus, targets: a.Targets, via: a.Via}
	k.what = fuzzedWhat(k.req.c, k.req.t)
}
