package lsp

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// fuzzRequest is what one run needs: the project and run it belongs
// to, its files, buffers and toolchain, why it runs, with which
// settings, and where progress goes; once aimed (editorSink.Aimed), the
// builds fuzzed directly, what they fuzz and the suites beside them.
type fuzzRequest struct {
	p        *project
	r        *run
	proj     *solc.Project
	files    []string
	overlay  solc.Overlay
	versions map[string]int32
	tc       *solc.Toolchain
	t        trigger
	st       Settings
	prog     *progress
	// fuzzCtx ends when the run does or the client cancels its
	// progress: it stops the campaigns, not the compiles.
	fuzzCtx context.Context
	// old is the project's last full build: a save's behaviour check
	// compares it with the new one (session.AfterSave).
	old []*solc.Build
	// Set by editorSink.Aimed.
	builds  []*solc.Build
	c       campaign
	nSuites int
	carried []session.Carried
}

// fuzz is one run of the editor: session.Run orders it (the compiles,
// the aim, Foundry's configuration, the project's corpus and fork, the
// budget split, the suites beside the direct campaign), as the command
// line's, and applies its compiles, replays and findings to the
// project's session.State (r.gen); editorStages shows each compile and
// editorSink streams what the run says to the client. It returns the
// run's end message.
func (s *server) fuzz(ctx context.Context, req fuzzRequest) (string, session.Result) {
	p, r, t, st := req.p, req.r, req.t, req.st
	opts := st.options(t.budget)
	opts.SetUps = s.setUps // a set-up's state kept across saves (engine.SetUpCache)
	fallback := t.file
	if fallback == "" {
		fallback = req.files[0]
	}
	// What the run finds and does streams to the client (editorSink's
	// session.Stream: runstream.go).
	sink := &editorSink{s: s, req: req, fallback: fallback}
	// An editor may send every setting with its default (VS Code does):
	// Foundry's configuration fills those.
	given := session.Given{Seed: st.Seed != 0, Depth: st.MaxSequenceLength != 0 && st.MaxSequenceLength != engine.DefaultMaxSeqLen}
	focus := session.Focus{File: t.file, Functions: t.focus, WholeFile: t.wholeFile, Saved: t.reason == "save", Untargeted: !st.targeted()}
	res, err := session.Run(ctx, session.Request{Mode: editorMode(t), Project: req.proj, Files: req.files, Overlay: req.overlay, Toolchain: req.tc, Focus: focus,
		Stages: &editorStages{s: s, p: p, r: r, versions: req.versions}, Gen: r.gen, StopFuzz: req.fuzzCtx.Done(),
		Options: opts, Given: given, StopDirect: r.stopDirect,
		Corpus: session.CorpusRequest{Path: session.ProjectCorpus(p.root), Root: p.root, Keep: maxSavedInputs},
		Fork:   session.ForkRequest{URL: st.ForkURL, Block: st.ForkBlock, Trusted: s.isTrusted()},
		After:  s.afterSave(p, req.old, st)}, sink)
	if res.Stop != session.Ran {
		return s.stopped(p, res, err), res
	}
	req = sink.req // aimed
	var oe *session.OpenError
	if errors.As(err, &oe) {
		if req.fuzzCtx.Err() != nil {
			return "cancelled", res
		}
		return "not fuzzed: the fork failed (" + forkKind(err) + ")", res
	}
	result := s.fuzzEnded(req.fuzzCtx, req, res.Report, res.Suites, err)
	if sink.cut && req.fuzzCtx.Err() == nil && err == nil {
		result += "; the direct campaign was stopped by the next save's"
	}
	return result, res
}

// afterSave asks for the checks after a save's campaign: the behaviour
// check against old and the mutants of the settings.
func (s *server) afterSave(p *project, old []*solc.Build, st Settings) *session.AfterSave {
	s.mu.Lock()
	defer s.mu.Unlock()
	return &session.AfterSave{Checks: s.checksLocked(p), Old: old, Seed: st.Seed, Mutants: st.mutantOptions()}
}

// stopped is the end message of a run that ended before its campaigns.
func (s *server) stopped(p *project, res session.Result, err error) string {
	switch res.Stop {
	case session.StopCompileErrors:
		return "compile errors"
	case session.StopNotFuzzed:
		s.log.Info("not fuzzed", zap.String("root", p.root), zap.String("why", res.Why))
		return "not fuzzed: " + res.Why
	case session.StopCompileFailed:
		msg := errors.Unwrap(err).Error()
		s.showMessage(protocol.MessageTypeError, "foresight: compile: "+msg)
		return "failed: " + msg
	}
	return "cancelled"
}

// fuzzEnded logs a run's campaigns, saves what the direct one learnt
// and returns the run's end message.
func (s *server) fuzzEnded(ctx context.Context, req fuzzRequest, rep *engine.Report, runs []session.SuiteRun, err error) string {
	p := req.p
	for _, run := range runs {
		if run.Report != nil {
			s.logCampaign(p.root, "from "+suiteName(run)+"'s setUp()", run.Report)
		}
	}
	if rep != nil {
		s.log.Info("campaign ended", zap.String("root", p.root), zap.Uint64("execs", rep.Execs), zap.Int("findings", len(rep.Findings)),
			zap.Int("seedsUsed", rep.SeedsUsed), zap.Int("inputs", len(rep.Inputs)), zap.Bool("cancelled", ctx.Err() != nil))
		for _, sk := range rep.Skipped {
			// Nothing is skipped silently (a failed Foundry setUp(), a
			// constructor that always reverts): said once per reason.
			s.notifyOnce(protocol.MessageTypeWarning, "foresight: skipped "+sk.Contract+": "+sk.Reason)
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			return "cancelled"
		}
		var ce *session.CompileError
		if errors.As(err, &ce) { // the suites' compile
			s.showMessage(protocol.MessageTypeError, "foresight: compile: "+ce.Err.Error())
		}
		if _, ok := session.ForkFailure(err); ok {
			s.forkFailed(err, "the campaign stopped there: it did not run on the fork past that point")
			return "stopped: the fork failed (" + forkKind(err) + ")"
		}
		s.log.Warn("campaign", zap.Error(err))
		s.notifyOnce(protocol.MessageTypeWarning, "foresight: campaign: "+err.Error())
		return "not fuzzed: " + err.Error()
	}
	return s.campaignEnded(ctx, req, rep, runs)
}

// campaignEnded records what a campaign that ran covered and skipped,
// and returns the run's end message.
func (s *server) campaignEnded(ctx context.Context, req fuzzRequest, rep *engine.Report, runs []session.SuiteRun) string {
	p := req.p
	s.mu.Lock()
	for _, path := range req.files {
		fs := p.state.File(path)
		if fs == nil {
			continue
		}
		var fns []solc.Function
		for _, fn := range fs.Functions {
			if fuzzable(fn) && slices.Contains(req.c.contracts, fn.Contract) {
				fns = append(fns, fn)
			}
		}
		// Each function's own figures, not the campaign's total.
		for key, st := range functionFigures(rep, runs, fns, fs.Text, path) {
			p.stats[key] = st
		}
		for key, st := range invariantFigures(runs, path, fs.Functions) {
			p.stats[key] = st
		}
	}
	s.mu.Unlock()
	s.refreshCodeLenses()
	if ctx.Err() != nil {
		return "cancelled after " + plural(int(rep.Execs), "exec")
	}
	skipped, fuzzedAny := s.recordSkipped(req, rep, runs)
	for _, run := range runs {
		fuzzedAny = fuzzedAny || run.Execs > 0 && run.NotFuzzed == ""
		if run.NotFuzzed != "" {
			// Nothing is skipped silently: a suite whose set-up failed.
			s.notifyOnce(protocol.MessageTypeWarning, "foresight: skipped "+suiteName(run)+": "+run.NotFuzzed)
		}
	}
	// Coverage is the run's: the direct campaign's merged with its suites'.
	s.coverageEnded(req, rep) // coverage.go
	for _, run := range runs {
		if run.Report != nil {
			s.coverageEnded(req, run.Report)
		}
	}
	s.mu.Lock()
	req.r.fuzzed, req.r.execs = fuzzedAny, rep.Execs
	s.mu.Unlock()
	result := fmt.Sprintf("%s, %s", plural(int(rep.Execs), "exec"), plural(len(rep.Findings), "finding"))
	if len(req.c.via) > 0 {
		result += " (in " + strings.Join(req.c.via, ", ") + ")"
	}
	if !fuzzedAny {
		// Never "0 findings" about contracts that were not fuzzed, nor
		// "not fuzzed: " without why (the budget ran out during set-up).
		if skipped == "" {
			skipped = rep.NotFuzzed()
		}
		return "not fuzzed: " + skipped
	}
	if skipped != "" {
		result += "; not fuzzed: " + skipped
	}
	return result
}

// recordSkipped publishes, on their contracts, what a finished campaign
// did not fuzz, and returns the progress line of it and whether anything
// was fuzzed at all.
func (s *server) recordSkipped(req fuzzRequest, rep *engine.Report, runs []session.SuiteRun) (string, bool) {
	// The command line's reasons at the same places (session.Skips), with a
	// suite's (its set-up failed) on its contracts.
	skips := session.Skips(req.builds, rep, req.c.contracts, runs)
	// rep.Contracts counts the targets that were deployed and sent
	// transactions.
	fuzzedAny := rep.Contracts > 0
	changed, ok := req.r.gen.SetNotes(skips)
	if !ok {
		return "", fuzzedAny
	}
	slices.Sort(changed)
	s.publish(slices.Compact(changed)...)
	return session.Summary(skips), fuzzedAny
}

// addFindingOf records a streamed finding of run r in the project's
// state (session.Gen.Record: its offsets refer to the text r compiled; a
// newer save that changed the file since moves it or drops it) and
// publishes its file at once. A carried suite's finding (session.Carry)
// is dropped once the run's suites are compiled, since the replay of the
// findings on that compile has started or ended and would not see it.
func (s *server) addFindingOf(r *run, f report.Finding, fallback string, carried bool) {
	s.mu.Lock()
	if carried && r.compiledSuites {
		s.mu.Unlock()
		return
	}
	nf, nowhere := r.gen.Record(f, fallback, carried, func() string {
		s.seq++
		return fmt.Sprintf("f%d", s.seq)
	})
	if nf != nil {
		r.found = append(r.found, nf)
	}
	s.mu.Unlock()
	switch {
	case nowhere:
		s.log.Warn("finding without a file", zap.String("kind", f.Kind), zap.String("contract", f.Contract))
	case nf != nil:
		s.publish(nf.Path)
	}
}

// suiteName names a suite campaign: "VaultTest (invariant suite
// Vault.t.sol)", or the file alone when none of its contracts ran.
func suiteName(run session.SuiteRun) string {
	if run.Contract == "" {
		return "invariant suite " + filepath.Base(run.File)
	}
	return run.Contract + " (invariant suite " + filepath.Base(run.File) + ")"
}

// fuzzedWhat names what a direct campaign fuzzes, for the progress.
func fuzzedWhat(c campaign, t trigger) string {
	what := "all functions"
	switch {
	case len(c.focus) > 0:
		what = strings.Join(c.focus, ", ")
	case t.wholeFile:
		what = filepath.Base(t.file)
	}
	if len(c.via) > 0 {
		what += " in " + strings.Join(c.via, ", ")
	}
	return what
}
