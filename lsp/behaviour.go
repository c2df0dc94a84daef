package lsp

import (
	"fmt"

	"github.com/foresight-sol/foresight/session"
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

// behaviourChecked shows a save's behaviour check (session.AfterSave
// orders it and applies it to the project's State), unless a newer save
// started: its check says what changed.
func (s *server) behaviourChecked(p *project, c session.BehaviourChecked) {
	if c.Err != nil {
		s.log.Info("behaviour check", zap.String("root", p.root), zap.Error(c.Err))
		return
	}
	rep := c.Report
	s.log.Info("behaviour check", zap.String("root", p.root), zap.Int("functions", len(rep.Compared)), zap.Int("differences", len(rep.Differences)))
	if c.Superseded {
		return
	}
	s.publish(c.Paths...)
	s.refreshCodeLenses()
}

// behaviourDiagnosticsLocked are the differences shown on path's current
// compiled text.
func (s *server) behaviourDiagnosticsLocked(path string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, p := range s.projects {
		diffs, _ := p.state.BehaviourOn(path)
		for _, d := range diffs {
			out = append(out, behaviourDiagnostic(d))
		}
	}
	return out
}

func behaviourDiagnostic(d *session.BehaviourDiff) protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    rangeIn(d.Text, d.Start, d.End),
		Severity: protocol.DiagnosticSeverityInformation,
		Source:   sourceBehaviour,
		Code:     codeBehaviour,
		Message:  "behaviour changed: " + d.Difference.Message,
		Data:     map[string]any{"behaviour": d.ID},
	}
}

// behaviourLensesLocked puts "behaviour unchanged over N inputs" or
// "behaviour changed" on the functions of a file the checks compared.
func (s *server) behaviourLensesLocked(p *project, path string, fs *session.File, v *view) []protocol.CodeLens {
	diffs, unchanged := p.state.BehaviourOn(path)
	changed := map[string]bool{}
	for _, d := range diffs {
		if d.Text == fs.Text {
			changed[d.Function] = true
		}
	}
	var out []protocol.CodeLens
	for _, fn := range fs.Functions {
		if !session.Callable(fn) {
			continue
		}
		name := fn.Contract + "." + fn.Name
		title := ""
		switch n, ok := unchanged[name]; {
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
