package lsp

import (
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// This file is the behaviour check of a save (docs/diff.md, "In the
// editor"): after the save's campaign, each changed function that the
// previous build had runs on the previous build and the new one
// (engine/behaviour); a difference is an Information diagnostic on the
// function, no difference a lens "behaviour unchanged over N inputs".

// Diagnostic source and code of a behaviour difference: not "foresight",
// so that no client counts it as a finding.
const (
	sourceBehaviour = "foresight-behaviour"
	codeBehaviour   = "behaviour-change"
)

// behaviourState is what the last checks of a project found.
type behaviourState struct {
	diffs     map[string]*behaviourDiff // by id
	unchanged map[string]int            // "Contract.name" -> inputs compared, no difference
	accepted  map[string]string         // "Contract.name" -> its definition's text when accepted
	nextID    int
}

// behaviourDiff is a difference shown on a function of a compiled text.
type behaviourDiff struct {
	id         string
	fn         string                      // "Contract.name"
	d          session.BehaviourDifference // with the builds and seed that replay it
	path       string
	src        *session.Text // the compiled text start and end refer to
	start, end int           // the function's name
}

func (p *project) behaviourLocked() *behaviourState {
	if p.behaviour == nil {
		p.behaviour = &behaviourState{diffs: map[string]*behaviourDiff{}, unchanged: map[string]int{}, accepted: map[string]string{}}
	}
	return p.behaviour
}

// behaviourChecked shows a save's behaviour check (session.AfterSave
// orders it), unless a newer save started: its check says what changed.
func (s *server) behaviourChecked(p *project, r *run, c session.BehaviourChecked) {
	if c.Err != nil {
		s.log.Info("behaviour check", zap.String("root", p.root), zap.Error(c.Err))
		return
	}
	rep := c.Report
	s.log.Info("behaviour check", zap.String("root", p.root), zap.Int("functions", len(rep.Compared)), zap.Int("differences", len(rep.Differences)))
	s.mu.Lock()
	if !r.gen.Current() {
		s.mu.Unlock()
		return
	}
	paths := s.absorbBehaviourLocked(p, c.Comparison)
	s.mu.Unlock()
	s.publish(paths...)
	s.refreshCodeLenses()
}

// absorbBehaviourLocked records a check's result for the functions it
// compared and returns the files to publish.
func (s *server) absorbBehaviourLocked(p *project, c session.Comparison) []string {
	rep := c.Report
	st := p.behaviourLocked()
	touched := map[string]bool{}
	for _, c := range rep.Compared {
		name := c.Function.Contract + "." + strings.SplitN(c.Function.Signature, "(", 2)[0]
		touched[name] = true
		delete(st.unchanged, name)
	}
	paths := map[string]bool{}
	for id, d := range st.diffs {
		if touched[d.fn] {
			paths[d.path] = true
			delete(st.diffs, id)
		}
	}
	for _, c := range rep.Compared {
		if c.Differences == 0 {
			name := c.Function.Contract + "." + strings.SplitN(c.Function.Signature, "(", 2)[0]
			st.unchanged[name] += c.Inputs
		}
	}
	for _, d := range c.Differences() {
		name := d.Contract + "." + d.Name
		path, fs, fn, ok := p.functionLocked(d.Contract, d.Name)
		if !ok {
			continue
		}
		if text, ok := st.accepted[name]; ok && text == definitionOf(fs.Text, fn) {
			continue // accepted, and the function is as it was then
		}
		delete(st.accepted, name)
		st.nextID++
		bd := &behaviourDiff{id: fmt.Sprintf("b%d", st.nextID), fn: name, d: d, path: path, src: fs.Text}
		bd.start, bd.end = fn.Start, fn.Start
		if fn.NameStart >= 0 {
			bd.start, bd.end = fn.NameStart, fn.NameStart+len(fn.Name)
		}
		st.diffs[bd.id] = bd
		paths[path] = true
	}
	for name := range touched {
		if path, _, _, ok := p.functionLocked(strings.SplitN(name, ".", 2)[0], strings.SplitN(name, ".", 2)[1]); ok {
			paths[path] = true
		}
	}
	out := make([]string, 0, len(paths))
	for path := range paths {
		out = append(out, path)
	}
	return out
}

// functionLocked finds a public or external function's definition in the
// last compiled files.
func (p *project) functionLocked(contract, name string) (string, *session.File, solc.Function, bool) {
	for _, path := range p.state.Paths() {
		fs := p.state.File(path)
		for _, fn := range fs.Functions {
			if fn.Contract == contract && fn.Name == name && fuzzable(fn) {
				return path, fs, fn, true
			}
		}
	}
	return "", nil, solc.Function{}, false
}

// definitionOf is a function's text with white space collapsed.
func definitionOf(src *session.Text, fn solc.Function) string {
	if fn.Start < 0 || fn.End > len(src.Content()) || fn.Start > fn.End {
		return ""
	}
	return strings.Join(strings.Fields(string(src.Content()[fn.Start:fn.End])), " ")
}

// behaviourDiagnosticsLocked are the differences shown on path's current
// compiled text.
func (s *server) behaviourDiagnosticsLocked(path string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, p := range s.projects {
		fs := p.state.File(path)
		if p.behaviour == nil || fs == nil {
			continue
		}
		for _, d := range p.behaviour.diffs {
			if d.path == path && d.src == fs.Text {
				out = append(out, d.diagnostic())
			}
		}
	}
	return out
}

func (d *behaviourDiff) diagnostic() protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    rangeIn(d.src, d.start, d.end),
		Severity: protocol.DiagnosticSeverityInformation,
		Source:   sourceBehaviour,
		Code:     codeBehaviour,
		Message:  "behaviour changed: " + d.d.Message,
		Data:     map[string]any{"behaviour": d.id},
	}
}

// behaviourLensesLocked puts "behaviour unchanged over N inputs" or
// "behaviour changed" on the functions of a file the checks compared.
func (s *server) behaviourLensesLocked(p *project, path string, fs *session.File, v *view) []protocol.CodeLens {
	if p.behaviour == nil {
		return nil
	}
	changed := map[string]bool{}
	for _, d := range p.behaviour.diffs {
		if d.path == path && d.src == fs.Text {
			changed[d.fn] = true
		}
	}
	var out []protocol.CodeLens
	for _, fn := range fs.Functions {
		if !fuzzable(fn) {
			continue
		}
		name := fn.Contract + "." + fn.Name
		title := ""
		switch n, ok := p.behaviour.unchanged[name]; {
		case changed[name]:
			title = "behaviour changed since the last save"
		case ok:
			title = fmt.Sprintf("behaviour unchanged over %s", plural(n, "input"))
		default:
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
		out = append(out, protocol.CodeLens{Range: rangeIn(v.cur, start, start), Command: &protocol.Command{Title: title}})
	}
	return out
}
