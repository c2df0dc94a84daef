package lsp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// This file shows the mutants of a save's changed lines (docs/mutants.md,
// "In the editor") with the setting mutants on: once the save's campaign
// has ended, and a moment later (a burst of saves starts none), session.Run
// fuzzes them as `foresight mutants` does (session.AfterSave); the next
// save cancels them. A line
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

// mutantState is what the mutants of a project's saves found.
type mutantState struct {
	shown  map[string]*shownMutant // by mutant id: the verdicts still on their text
	suites []string                // of the last run: where a property skeleton goes
	seed   uint64                  // of the last run
	execs  uint64                  // per mutant, of the last run
}

// shownMutant is a fuzzed mutant's verdict on the compiled text it was
// made from (Start and End are offsets in src).
type shownMutant struct {
	mutant.Result
	src *session.Text
}

func (p *project) mutantsLocked() *mutantState {
	if p.mutants == nil {
		p.mutants = &mutantState{shown: map[string]*shownMutant{}}
	}
	return p.mutants
}

// checksLocked are the project's checks after a save (session.Checks).
func (s *server) checksLocked(p *project) *session.Checks {
	if p.checks == nil {
		p.checks = session.NewChecks(s.ctx, s.goSafe)
	}
	return p.checks
}

// mutantOptions are the mutants a save's settings ask for after its
// campaign (session.AfterSave), nil when off.
func (st Settings) mutantOptions() *session.MutantOptions {
	if !st.Mutants {
		return nil
	}
	return &session.MutantOptions{Seed: st.Seed, Execs: st.MutantExecs, Oracles: st.Oracles}
}

// mutantsStarting notes the texts a save's mutants are made of (the
// last full compile's): their verdicts are shown on those only.
func (s *server) mutantsStarting(p *project, files []string) map[string]*session.Text {
	s.mu.Lock()
	defer s.mu.Unlock()
	srcs := map[string]*session.Text{}
	for _, path := range files {
		if fs := p.state.File(path); fs != nil {
			srcs[path] = fs.Text
		}
	}
	return srcs
}

// mutantsChecked shows what a save's mutants did (session.AfterSave
// orders them): a hint per line, a lens per function, a message.
func (s *server) mutantsChecked(p *project, c session.MutantsChecked, srcs map[string]*session.Text) {
	files, opts, run := c.Files, c.Options, c.Run
	if c.Err != nil {
		s.log.Info("mutants", zap.String("root", p.root), zap.Error(c.Err))
		s.logMessage(protocol.MessageTypeWarning, "foresight: mutants of "+baseNames(files)+": "+c.Err.Error())
		return
	}
	s.mu.Lock()
	paths := p.absorbMutantsLocked(run, srcs, opts)
	s.mu.Unlock()
	n := mutantCounts(run.Results)
	s.log.Info("mutants", zap.String("root", p.root), zap.Int("mutants", len(run.Results)), zap.Int("survived", n.survived),
		zap.Int("notReached", n.notReached), zap.Duration("took", c.Took))
	msg := fmt.Sprintf("foresight: mutants of %s: %s (%d executions each, seed %d)", baseNames(files), n.words(), opts.Execs, opts.Seed)
	if len(run.Failing) > 0 {
		// As the command line says: these kill no mutant.
		msg += "; failing on the code as saved, so killing none: " + strings.Join(run.Failing, ", ")
	}
	s.logMessage(protocol.MessageTypeInfo, msg)
	s.publish(paths...)
	s.refreshCodeLenses()
}

// absorbMutantsLocked records a run's verdicts on the texts they were
// made of, replacing those of its files and of texts that changed since,
// and returns the files to publish.
func (p *project) absorbMutantsLocked(run *session.MutantRun, srcs map[string]*session.Text, o session.MutantOptions) []string {
	st := p.mutantsLocked()
	st.suites, st.seed, st.execs = run.Suites, o.Seed, o.Execs
	paths := map[string]bool{}
	for id, m := range st.shown {
		_, redone := srcs[m.Path]
		if fs := p.state.File(m.Path); redone || fs == nil || fs.Text != m.src {
			paths[m.Path] = true
			delete(st.shown, id)
		}
	}
	for _, r := range run.Results {
		src := srcs[r.Path]
		if fs := p.state.File(r.Path); src == nil || fs == nil || fs.Text != src {
			continue // the file changed since: its next save's mutants say
		}
		if r.Status == mutant.Invalid || r.Status == mutant.Equivalent || r.End > len(src.Content()) || string(src.Content()[r.Start:r.End]) != r.Original {
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
		fs := p.state.File(path)
		if p.mutants == nil || fs == nil {
			continue
		}
		var out []*shownMutant
		for _, m := range p.mutants.shown {
			if m.Path == path && m.src == fs.Text {
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
	lm := m.src.Mapper()
	start, end := lm.LineRange(min(m.Line-1, lm.Lines()-1))
	for start < end && (m.src.Content()[start] == ' ' || m.src.Content()[start] == '\t') {
		start++
	}
	ids := make([]string, len(ms))
	for i, x := range ms {
		ids[i] = x.ID
	}
	d := protocol.Diagnostic{
		Range:    rangeIn(m.src, start, end),
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
func (s *server) mutantLensesLocked(path string, fs *session.File, v *view) []protocol.CodeLens {
	_, ms := s.shownAtLocked(path)
	byFn := map[string][]mutant.Result{}
	for _, m := range ms {
		byFn[m.Function] = append(byFn[m.Function], m.Result)
	}
	var out []protocol.CodeLens
	for _, fn := range fs.Functions {
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
		out = append(out, protocol.CodeLens{Range: rangeIn(v.cur, start, start), Command: &protocol.Command{Title: "mutants: " + mutantCounts(rs).words()}})
	}
	return out
}
