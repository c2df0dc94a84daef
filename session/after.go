package session

import (
	"context"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/behaviour"
	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/solc"
)

// This file is what follows an editor save's campaigns (Request.After,
// docs/diff.md and docs/mutants.md, "In the editor"): the behaviour
// check of the changed functions, then, unless the campaign was stopped,
// the mutants of the changed lines, a moment later. Both run in the
// background once the campaigns ended, so they never delay a finding,
// and a newer save's replace them (Checks); what they found reaches the
// Sink as a Check.

// BehaviourBudget is how many generated sequences end in each changed
// function on a save: a check of seconds, after the campaign.
const BehaviourBudget = 24

// maxBehaviourInputs bounds the corpus inputs a save's check runs first.
const maxBehaviourInputs = 64

// MutantsDelay is how long after a campaign the mutants wait before their
// first compile: a save in that time cancels them for nothing spent.
const MutantsDelay = time.Second

// AfterSave asks Run for the checks that follow a save's campaigns.
type AfterSave struct {
	// Checks are the project's checks in flight, which these replace.
	Checks *Checks
	// Old are the previous full compile's builds: the behaviour check's
	// old side (none: no check).
	Old  []*solc.Build
	Seed uint64
	// Mutants configures the mutants of the changed lines; nil: off.
	Mutants *MutantOptions
}

// Checks are a project's background checks in flight: a newer save's
// replace them. One per project, made by NewChecks.
type Checks struct {
	ctx   context.Context
	spawn func(name string, fn func())
	mu    sync.Mutex
	// The cancels of the behaviour check and the mutants in flight.
	behaviour, mutants context.CancelFunc
}

// NewChecks returns a project's checks, bounded by ctx (the front end's
// lifetime: they outlive the run that started them) and started by
// spawn (the front end's background goroutines, whose panics it
// recovers and whose end its shutdown waits for).
func NewChecks(ctx context.Context, spawn func(name string, fn func())) *Checks {
	return &Checks{ctx: ctx, spawn: spawn}
}

// StopMutants cancels the mutants in flight (a new save: their lines are
// no longer the changed ones).
func (c *Checks) StopMutants() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.mutants != nil {
		c.mutants()
		c.mutants = nil
	}
}

// replace makes ctx's cancel the one in flight at *slot, cancelling the
// one it replaces, and returns the check's context.
func (c *Checks) replace(slot *context.CancelFunc) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(c.ctx)
	c.mu.Lock()
	if *slot != nil {
		(*slot)()
	}
	*slot = cancel
	c.mu.Unlock()
	return ctx, cancel
}

// A Check is what one check after a save did (Sink.Checked):
// BehaviourChecked, MutantsStarting or MutantsChecked.
type Check interface{ check() }

// BehaviourChecked is the comparison of a save's changed functions
// between the previous full build (Old) and the new one, on inputs of
// Seed (Err: why it failed; never sent once cancelled).
type BehaviourChecked struct {
	Comparison
	Err error
}

// MutantsStarting says the mutants of Files are about to start, before
// Run returns: the front end notes the texts they are made of.
type MutantsStarting struct{ Files []string }

// MutantsChecked is what the mutants of Files did with Options (Err: why
// they failed; never sent once cancelled).
type MutantsChecked struct {
	Run     *MutantRun
	Files   []string
	Options MutantOptions
	Took    time.Duration
	Err     error
}

func (BehaviourChecked) check() {}
func (MutantsStarting) check()  {}
func (MutantsChecked) check()   {}

// afterSave starts the checks of a save whose campaigns ended (ctx: the
// campaigns', ended when they were stopped): the behaviour check, then,
// unless the campaigns were stopped, the mutants.
func afterSave(ctx context.Context, req Request, res Result, sink Sink) {
	a := req.After
	if a == nil || a.Checks == nil || !req.Focus.Saved {
		return
	}
	checkBehaviour(a, req.Corpus, res.Applied, sink)
	if ctx.Err() == nil && a.Mutants != nil {
		checkMutants(a, req.Project, req.Toolchain, res.Applied.Targets, sink)
	}
}

// checkBehaviour starts the comparison of the changed functions between
// the previous full build and the new one.
func checkBehaviour(a *AfterSave, cr CorpusRequest, st Applied, sink Sink) {
	old, new, focus := a.Old, st.Good, st.Focus
	if len(old) == 0 || len(new) == 0 || len(focus) == 0 {
		return
	}
	seed := max(a.Seed, 1)
	ctx, cancel := a.Checks.replace(&a.Checks.behaviour)
	a.Checks.spawn("behaviour", func() {
		defer cancel()
		opts := behaviour.Options{Seed: seed, Budget: BehaviourBudget, Names: focus, Inputs: corpusSequences(cr, focus, sink)}
		rep, err := behaviour.Compare(ctx, old, new, opts)
		if ctx.Err() != nil {
			return // a newer save's check says what changed
		}
		sink.Checked(BehaviourChecked{Comparison: Comparison{Report: rep, Old: old, New: new, Seed: seed}, Err: err})
	})
}

// corpusSequences are the project corpus's inputs whose contracts hold a
// changed function, as sequences (the campaign's saved inputs reach the
// changed code first).
func corpusSequences(cr CorpusRequest, focus []string, sink Sink) []behaviour.Sequence {
	if cr.Path == "" {
		return nil
	}
	var contracts []string
	for _, f := range focus {
		c, _, _ := strings.Cut(f, ".")
		contracts = append(contracts, c)
	}
	c, l, err := LoadCorpus(cr.Path, cr.Root, contracts)
	sink.CorpusLoaded(c, l, err)
	if err != nil {
		return nil
	}
	var out []behaviour.Sequence
	for _, in := range l.Seeds {
		if seq, ok := behaviour.FromCorpus(in); ok && len(out) < maxBehaviourInputs {
			out = append(out, seq)
		}
	}
	return out
}

// checkMutants starts, a moment later, the mutants of the lines a save
// changed.
func checkMutants(a *AfterSave, proj *solc.Project, tc *solc.Toolchain, targets []engine.Target, sink Sink) {
	lines := changedLines(proj, targets)
	if len(lines) == 0 {
		return
	}
	files := slices.Sorted(maps.Keys(lines))
	opts := *a.Mutants
	opts.Seed = max(opts.Seed, 1)
	if opts.Execs == 0 {
		opts.Execs = DefaultMutantExecs
	}
	sink.Checked(MutantsStarting{Files: files})
	ctx, cancel := a.Checks.replace(&a.Checks.mutants)
	a.Checks.spawn("mutants", func() {
		defer cancel()
		delay := time.NewTimer(MutantsDelay)
		defer delay.Stop()
		select {
		case <-ctx.Done():
			return
		case <-delay.C:
		}
		start := time.Now()
		run, err := Mutants(ctx, tc, proj, files, lines, opts)
		if ctx.Err() != nil {
			return // the next save's mutants say
		}
		sink.Checked(MutantsChecked{Run: run, Files: files, Options: opts, Took: time.Since(start), Err: err})
	})
}

// changedLines are a save's changed lines by file, outside test code and
// dependencies (what judges the mutants is never mutated).
func changedLines(proj *solc.Project, targets []engine.Target) map[string]mutant.Lines {
	out := map[string]mutant.Lines{}
	for _, tg := range targets {
		if tg.FromLine <= 0 || tg.ToLine < tg.FromLine || proj.IsTestOrScript(tg.Path) || proj.InDependency(tg.Path) {
			continue
		}
		out[tg.Path] = append(out[tg.Path], mutant.Range{From: tg.FromLine, To: tg.ToLine})
	}
	return out
}
