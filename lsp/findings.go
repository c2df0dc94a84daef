package lsp

import (
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// The editor's findings are session's record (session.Findings, in byte
// offsets of the texts they were found on); this file is how they show:
// diagnostics, related information, hover text.

// diagnosticData travels with a finding's diagnostic to code actions.
type diagnosticData struct {
	Finding string `json:"finding"`
}

// diagnosticOf renders a finding: its kind as the code, related entries
// for where it failed inside a dependency, then one per transaction of
// the sequence.
func diagnosticOf(f *session.Finding) protocol.Diagnostic {
	r := rangeIn(f.Text, f.Found.Start, f.Found.End)
	d := protocol.Diagnostic{
		Range:    r,
		Severity: severityOf(f.Found.Severity),
		Code:     f.Found.Kind,
		Source:   sourceFindings,
		Message:  f.Found.Message,
		Data:     diagnosticData{Finding: f.ID},
	}
	if f.Found.Mock {
		// In a mock or test helper: labelled, below the project's own.
		d.Severity, d.Message = protocol.DiagnosticSeverityInformation, "(mock) "+d.Message
	}
	if f.State.Status == engine.Stale {
		// No longer applies: faded, below the findings that do.
		d.Severity, d.Tags = protocol.DiagnosticSeverityInformation, []protocol.DiagnosticTag{protocol.DiagnosticTagUnnecessary}
	}
	d.Message = f.State.Label() + d.Message
	for _, v := range f.Via {
		d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: uriOf(v.Path), Range: rangeIn(v.Text, v.Start, v.End)},
			Message:  v.Message,
		})
	}
	loc := protocol.Location{URI: uriOf(f.Path), Range: r}
	for i, c := range f.Found.Calls {
		d.RelatedInformation = append(d.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: loc,
			Message:  callLine(i, c),
		})
	}
	return d
}

// callLine renders one transaction: "1. from user 1: C.f(42)", the
// sender named as every output names it (render.SenderName).
func callLine(i int, c report.Call) string {
	s := fmt.Sprintf("%d. from %s: %s", i+1, render.SenderName(c), c.String())
	if c.Blocks != 0 || c.Seconds != 0 {
		s += fmt.Sprintf(" (after +%d blocks, +%ds)", c.Blocks, c.Seconds)
	}
	return s
}

// sequenceText is a finding's whole sequence, one call per line.
func sequenceText(f *session.Finding) string {
	var b strings.Builder
	for i, c := range f.Found.Calls {
		b.WriteString(callLine(i, c))
		b.WriteByte('\n')
	}
	return b.String()
}

func severityOf(s string) protocol.DiagnosticSeverity {
	switch s {
	case "error":
		return protocol.DiagnosticSeverityError
	case "warning":
		return protocol.DiagnosticSeverityWarning
	}
	return protocol.DiagnosticSeverityInformation
}

// findingByIDLocked looks a finding up in every project.
func (s *server) findingByIDLocked(id string) (*project, *session.Finding) {
	for _, p := range s.projects {
		if f := p.state.ByID(id); f != nil {
			return p, f
		}
	}
	return nil, nil
}

// findingsAtLocked returns the findings of a file.
func (s *server) findingsAtLocked(path string) []*session.Finding {
	var out []*session.Finding
	for _, p := range s.projects {
		out = append(out, p.state.In(path)...)
	}
	return out
}
