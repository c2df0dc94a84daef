package session

import (
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
)

// A Stream receives what a run's campaigns find and do while they run,
// as typed values (Sink). The engine's workers call it: a method must
// not block long.
type Stream interface {
	// Found is a finding as found; a suite's names its suite (Harness).
	Found(f report.Finding, from Campaign)
	// Progress is a campaign's progress.
	Progress(pr engine.Progress, from Campaign)
	// SetUp is the direct campaign's deployment, known before its first
	// finding.
	SetUp(report.Setup)
	// Began is a suite's campaign starting (from names it).
	Began(from Campaign)
	// Ended is the direct campaign's report once it ended, before the
	// suites' are added to it, or a carried suite's (err: why it could
	// not run) once it ended on its own.
	Ended(from Campaign, rep *engine.Report, err error)
}

// A Source is which of a run's campaigns a streamed value comes from.
type Source int

const (
	// FromDirect is the direct campaign on the code named or saved.
	FromDirect Source = iota
	// FromSuite is an invariant suite's campaign, from its set-up.
	FromSuite
	// FromCarried is a suite fuzzed on the saved code from its last
	// compile while its own compile runs (Carry): its findings are
	// replayed once the suite is compiled.
	FromCarried
)

// A Campaign names the campaign a streamed value comes from: a suite's
// by its test file and contract (a carried suite's contracts,
// comma-separated); the direct one by neither.
type Campaign struct {
	Source         Source
	File, Contract string
}

// streamTo points the campaigns' callbacks (opts' for the direct
// campaign, h's for the suites and carried set-ups) at sink's stream,
// before the front end opens what may wrap them (Request.Open).
func streamTo(opts *engine.Options, h *Hooks, sink Stream) {
	direct := Campaign{}
	opts.OnSetup = sink.SetUp
	opts.OnFinding = func(f report.Finding) { sink.Found(f, direct) }
	opts.OnProgress = func(pr engine.Progress) { sink.Progress(pr, direct) }
	h.OnDirect = func(rep *engine.Report) { sink.Ended(direct, rep, nil) }
	h.OnStart = func(file, contract string) { sink.Began(Campaign{Source: FromSuite, File: file, Contract: contract}) }
	h.OnFinding = func(f report.Finding) { sink.Found(f, suiteOf(f, FromSuite)) }
	h.OnProgress = func(pr engine.Progress) { sink.Progress(pr, Campaign{Source: FromSuite}) }
	h.OnCarriedFinding = func(f report.Finding) { sink.Found(f, suiteOf(f, FromCarried)) }
	h.OnCarried = func(su Suite, rep *engine.Report, err error) {
		sink.Ended(Campaign{Source: FromCarried, File: su.Path, Contract: strings.Join(su.Contracts, ", ")}, rep, err)
	}
}

// suiteOf names the suite campaign a finding came from.
func suiteOf(f report.Finding, src Source) Campaign {
	c := Campaign{Source: src}
	if f.Harness != nil {
		c.File, c.Contract = f.Harness.File, f.Harness.Contract
	}
	return c
}

// Discard is a Sink that shows nothing: a front end embeds it and
// defines only what it shows (the command line prints a run once it
// ended and streams nothing; the editor names no paths, so nothing
// compiled reaches it), so that neither lists the events it ignores.
type Discard struct{}

func (Discard) Found(report.Finding, Campaign)        {}
func (Discard) Progress(engine.Progress, Campaign)    {}
func (Discard) SetUp(report.Setup)                    {}
func (Discard) Began(Campaign)                        {}
func (Discard) Ended(Campaign, *engine.Report, error) {}
func (Discard) Compiled(Compiled) error               { return nil }
func (Discard) Foundry(FoundryApplied)                {}
func (Discard) Forked(Forks, error)                   {}
func (Discard) ForksDone(Forks)                       {}
func (Discard) CorpusLoaded(*Corpus, Loaded, error)   {}
func (Discard) CorpusSaved(Saved, error)              {}
func (Discard) Aimed(Aimed)                           {}
func (Discard) Start(direct, suite engine.Options)    {}
func (Discard) Checked(Check)                         {}

var _ Sink = Discard{}
