package lsp

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// This file runs the mutants of a save's changed lines (docs/mutants.md,
// "In the editor") with the setting mutants on: once the save's campaign
// has ended, and a moment later (a burst of saves starts none), session.Mutants
// fuzzes them as `foresight mutants` does; the next save cancels it. A line
// with a survivor gets an Information diagnostic, a line whose mutants were
// not reached another (a gap in coverage), and the function a lens with the
// counts (mutants_command.go has the actions).

// Diagnostic source and codes of the mutants' hints: not "foresight", so
// that no client counts them as findings.
const (
	sourceMutants  = "foresight-mutants"
	codeSurvived   = "mutant-survived"
	codeNotReached = "mutant-not-reached"
)

// mutantsDelay is how long after a campaign the mutants wait before their
// first compile: a save in that time cancels them for nothing spent.
const mutantsDelay = time.Second

// mutantState is what the mutants of a project's saves found.
type mutantState struct {
	cancel context.CancelFunc      // stops the run in flight
	shown  map[string]*shownMutant // by mutant id: the verdicts still on their text
	suites []string                // of the last run: where a property skeleton goes
	seed   uint64                  // of the last run
	execs  uint64                  // per mutant, of the last run
}

// shownMutant is a fuzzed mutant's verdict on the compiled text it was
// made from (Start and End are offsets in src).
type shownMutant struct {
	mutant.Result
	src *source
}

func (p *project) mutantsLocked() *mutantState {
	if p.mutants == nil {
		p.mutants = &mutantState{shown: map[string]*shownMutant{}}
	}
	return p.mutants
}

// stopMutantsLocked cancels the mutants in flight (a new save: their lines
// are no longer the changed ones).
func (p *project) stopMutantsLocked() {
	if p.mutants != nil && p.mutants.cancel != nil {
		p.mutants.cancel()
		p.mutants.cancel = nil
	}
}

// mutantsRequest is what the checks after a save's campaign need from
// its run.
type mutantsRequest struct {
	p        *project
	r        *run
	t        trigger
	proj     *solc.Project
	tc       *solc.Toolchain
	old, new []*solc.Build   // the previous full build and the run's
	focus    []string        // the save's changed functions
	targets  []engine.Target // the save's changed lines
	st       Settings
}

// afterCampaign starts the background checks of a run whose campaign
// ended: the behaviour check (behaviour.go) and, unless the campaign was
// stopped, the mutants.
func (s *server) afterCampaign(fuzzCtx context.Context, req mutantsRequest) {
	s.checkBehaviour(req.p, req.r, req.t, req.old, req.new, req.focus, req.st.Seed)
	if fuzzCtx.Err() == nil {
		s.checkMutants(req)
	}
}

// checkMutants starts, in the background, the mutants of the lines a save
// changed. It is called once the save's campaign has ended, so it never
// delays a finding.
func (s *server) checkMutants(req mutantsRequest) {
	if !req.st.Mutants || req.t.reason != "save" {
		return
	}
	lines := changedLines(req.proj, req.targets)
	if len(lines) == 0 {
		return
	}
	files := make([]string, 0, len(lines))
	for path := range lines {
		files = append(files, path)
	}
	slices.Sort(files)
	opts := session.MutantOptions{Seed: max(req.st.Seed, 1), Execs: req.st.MutantExecs, Oracles: req.st.Oracles}
	if opts.Execs == 0 {
		opts.Execs = session.DefaultMutantExecs
	}
	p := req.p
	ctx, cancel := context.WithCancel(s.ctx)
	s.mu.Lock()
	srcs := map[string]*source{} // the texts the mutants are made of
	for _, path := range files {
		if fs := p.files[path]; fs != nil {
			srcs[path] = fs.src
		}
	}
	st := p.mutantsLocked()
	p.stopMutantsLocked()
	st.cancel = cancel
	s.mu.Unlock()
	s.goSafe("mutants", func() {
		defer cancel()
		delay := time.NewTimer(mutantsDelay)
		defer delay.Stop()
		select {
		case <-ctx.Done():
			return
		case <-delay.C:
		}
		start := time.Now()
		run, err := session.Mutants(ctx, req.tc, req.proj, files, lines, opts)
		s.mu.Lock()
		if err != nil || ctx.Err() != nil {
			s.mu.Unlock()
			if err != nil && ctx.Err() == nil {
				s.log.Info("mutants", zap.String("root", p.root), zap.Error(err))
				s.logMessage(protocol.MessageTypeWarning, "foresight: mutants of "+baseNames(files)+": "+err.Error())
			}
			return
		}
		paths := p.absorbMutantsLocked(run, srcs, opts)
		s.mu.Unlock()
		c := mutantCounts(run.Results)
		s.log.Info("mutants", zap.String("root", p.root), zap.Int("mutants", len(run.Results)), zap.Int("survived", c.survived),
			zap.Int("notReached", c.notReached), zap.Duration("took", time.Since(start)))
		msg := fmt.Sprintf("foresight: mutants of %s: %s (%d executions each, seed %d)", baseNames(files), c.words(), opts.Execs, opts.Seed)
		if len(run.Failing) > 0 {
			// As the command line says: these kill no mutant.
			msg += "; failing on the code as saved, so killing none: " + strings.Join(run.Failing, ", ")
		}
		s.logMessage(protocol.MessageTypeInfo, msg)
		s.publish(paths...)
		s.refreshCodeLenses()
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

// absorbMutantsLocked records a run's verdicts on the texts they were
// made of, replacing those of its files and of texts that changed since,
// and returns the files to publish.
func (p *project) absorbMutantsLocked(run *session.MutantRun, srcs map[string]*source, o session.MutantOptions) []string {
	st := p.mutantsLocked()
	st.suites, st.seed, st.execs = run.Suites, o.Seed, o.Execs
	paths := map[string]bool{}
	for id, m := range st.shown {
		_, redone := srcs[m.Path]
		if fs := p.files[m.Path]; redone || fs == nil || fs.src != m.src {
			paths[m.Path] = true
			delete(st.shown, id)
		}
	}
	for _, r := range run.Results {
		src := srcs[r.Path]
		if fs := p.files[r.Path]; src == nil || fs == nil || fs.src != src {
			continue // the file changed since: its next save's mutants say
		}
		if r.Status == mutant.Invalid || r.Status == mutant.Equivalent || r.End > len(src.content) || string(src.content[r.Start:r.End]) != r.Original {
			continue
		}
		st.shown[r.ID] = &shownMutant{Result: r, src: src}
		paths[r.Path] = true
	}
	out := make([]string, 0, len(paths))
	for path := range paths {
		out = append(out, path)
	}
	slices.Sort(out)
	return out
}

// counts are a run's verdicts.
type counts struct{ killed, survived, notReached int }

func mutantCounts(rs []mutant.Result) counts {
	var c counts
	for _, r := range rs {
		switch r.Status {
		case mutant.Killed:
			c.killed++
		case mutant.Survived:
			c.survived++
		case mutant.NotReached:
			c.notReached++
		}
	}
	return c
}

func (c counts) words() string {
	return fmt.Sprintf("%d killed, %d survived, %d not reached", c.killed, c.survived, c.notReached)
}

// shownAtLocked are the verdicts on path's current compiled text, in
// order of place.
func (s *server) shownAtLocked(path string) (*project, []*shownMutant) {
	for _, p := range s.projects {
		fs := p.files[path]
		if p.mutants == nil || fs == nil {
			continue
		}
		var out []*shownMutant
		for _, m := range p.mutants.shown {
			if m.Path == path && m.src == fs.src {
				out = append(out, m)
			}
		}
		if len(out) > 0 {
			slices.SortFunc(out, func(a, b *shownMutant) int { return a.Start - b.Start })
			return p, out
		}
	}
	return nil, nil
}

// mutantDiagnosticsLocked are path's hints: per line, one on its
// survivors and one on its mutants not reached.
func (s *server) mutantDiagnosticsLocked(path string) []protocol.Diagnostic {
	_, ms := s.shownAtLocked(path)
	var out []protocol.Diagnostic
	for _, status := range []mutant.Status{mutant.Survived, mutant.NotReached} {
		var line []*shownMutant
		for i, m := range ms {
			if m.Status == status {
				line = append(line, m)
			}
			last := i == len(ms)-1 || ms[i+1].Line != m.Line
			if last && len(line) > 0 {
				out = append(out, lineHint(line))
				line = nil
			}
		}
	}
	return out
}

// mutantsData is a mutants' hint's Data: the ids of its mutants.
type mutantsData struct {
	Mutants []string `json:"mutants"`
}

// lineHint is the hint on the mutants of one line with one verdict.
func lineHint(ms []*shownMutant) protocol.Diagnostic {
	m := ms[0]
	lm := m.src.mapper()
	start, end := lm.LineRange(min(m.Line-1, lm.Lines()-1))
	for start < end && (m.src.content[start] == ' ' || m.src.content[start] == '\t') {
		start++
	}
	ids := make([]string, len(ms))
	for i, x := range ms {
		ids[i] = x.ID
	}
	d := protocol.Diagnostic{
		Range:    m.src.toRange(start, end),
		Severity: protocol.DiagnosticSeverityInformation,
		Source:   sourceMutants,
		Code:     codeSurvived,
		Data:     mutantsData{Mutants: ids},
	}
	// The line's runs as the engine counted them, where it did (a
	// removed require's own line may hold no counted code).
	reach := m
	for _, x := range ms {
		if x.Counted && (!reach.Counted || x.Reached > reach.Reached) {
			reach = x
		}
	}
	if m.Status == mutant.NotReached {
		d.Code = codeNotReached
		d.Message = "not reached: " + descriptions(ms, "", "and") + " here: " + ranWords(reach) +
			"; " + mutant.CoverageGap
		return d
	}
	d.Message = "no property notices if " + descriptions(ms, "if ", "or") + " here: " + ranWords(reach)
	return d
}

// descriptions joins the mutants' edits, each after the first led by
// word and the last by last: "A", "A or if B", "A, if B or if C".
func descriptions(ms []*shownMutant, word, last string) string {
	out := ms[0].Description
	for i, m := range ms[1:] {
		sep := ", " + word
		if i == len(ms)-2 {
			sep = " " + last + " " + word
		}
		out += sep + m.Description
	}
	return out
}

// ranWords says how often a mutant's line ran in its campaigns.
func ranWords(m *shownMutant) string { return m.ReachWords() }

// mutantLensesLocked puts "mutants: K killed, S survived, U not reached"
// on each function of a file that has verdicts.
func (s *server) mutantLensesLocked(path string, fs *fileState, v *view) []protocol.CodeLens {
	_, ms := s.shownAtLocked(path)
	byFn := map[string][]mutant.Result{}
	for _, m := range ms {
		byFn[m.Function] = append(byFn[m.Function], m.Result)
	}
	var out []protocol.CodeLens
	for _, fn := range fs.functions {
		rs := byFn[fn.Contract+"."+fn.Name]
		if fn.Kind != "function" || len(rs) == 0 {
			continue
		}
		at := fn.NameStart
		if at < 0 {
			at = fn.Start
		}
		start, _, ok := v.place(at, at)
		if !ok {
			continue
		}
		out = append(out, protocol.CodeLens{Range: v.cur.toRange(start, start), Command: &protocol.Command{Title: "mutants: " + mutantCounts(rs).words()}})
	}
	return out
}
