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

// A finding is an engine finding as the editor sees it: its byte range
// refers to src, the compiled text of its file, and moves with that text
// across saves until an edit touches it.
type finding struct {
	id   string
	path string
	src  *session.Text
	f    report.Finding // Start, End, Line and Column follow src
	// via are the finding's places in code the user does not own (a
	// library or dependency it called), as ranges of their compiled text.
	via   []protocol.DiagnosticRelatedInformation
	state session.FindingState // what the last replay on edited code made of it (findingstate.go)
	// carried: found by a carried suite (session.Carry), on builds the
	// server does not keep, until its replay on the suite's own compile.
	carried bool
}

// key identifies a finding across campaigns: the same kind at the same
// place is the same bug.
func (f *finding) key() string {
	return fmt.Sprintf("%s@%s:%d:%d", f.f.Kind, f.path, f.f.Start, f.f.End)
}

// diagnosticData travels with a finding's diagnostic to code actions.
type diagnosticData struct {
	Finding string `json:"finding"`
}

// diagnostic renders a finding: its kind as the code, related entries for
// where it failed inside a dependency, then one per transaction of the
// sequence.
func (f *finding) diagnostic() protocol.Diagnostic {
	r := rangeIn(f.src, f.f.Start, f.f.End)
	d := protocol.Diagnostic{
		Range:    r,
		Severity: severityOf(f.f.Severity),
		Code:     f.f.Kind,
		Source:   sourceFindings,
		Message:  f.f.Message,
		Data:     diagnosticData{Finding: f.id},
	}
	if f.f.Mock {
		// In a mock or test helper: labelled, below the project's own.
		d.Severity, d.Message = protocol.DiagnosticSeverityInformation, "(mock) "+d.Message
	}
	if f.state.Status == engine.Stale {
		// No longer applies: faded, below the findings that do.
		d.Severity, d.Tags = protocol.DiagnosticSeverityInformation, []protocol.DiagnosticTag{protocol.DiagnosticTagUnnecessary}
	}
	d.Message = f.state.Label() + d.Message
	d.RelatedInformation = append(d.RelatedInformation, f.via...)
	loc := protocol.Location{URI: uriOf(f.path), Range: r}
	for i, c := range f.f.Calls {
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

// sequenceText is the whole sequence, one call per line.
func (f *finding) sequenceText() string {
	var b strings.Builder
	for i, c := range f.f.Calls {
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

// moveFindings carries a file's findings from its old compiled text to the
// new one by session.Move's rule: a finding leaves the list (dropped) when
// the edit touched its lines or the function around it, until the full
// build's replay (recheckFindings) or a new campaign confirms it; the
// others move with their lines.
func (s *server) moveFindings(fs []*finding, old, nf *fileState, hunks []session.Hunk) (kept, dropped []*finding) {
	for _, f := range fs {
		if f.src != old.src {
			continue // from an older text: cannot be placed
		}
		start, end, line, col, ok := session.Move(old.src.Mapper(), nf.src.Mapper(), old.functions, hunks, f.f.Start, f.f.End)
		if !ok {
			dropped = append(dropped, f)
			continue
		}
		moved := *f
		moved.src = nf.src
		moved.f.Start, moved.f.End = start, end
		if line > 0 {
			moved.f.Line, moved.f.Column = line, col
		}
		kept = append(kept, &moved)
	}
	return kept, dropped
}

// findingByIDLocked looks a finding up in every project.
func (s *server) findingByIDLocked(id string) (*project, *finding) {
	for _, p := range s.projects {
		for _, fs := range p.findings {
			for _, f := range fs {
				if f.id == id {
					return p, f
				}
			}
		}
	}
	return nil, nil
}

// findingsAtLocked returns the findings of a file.
func (s *server) findingsAtLocked(path string) []*finding {
	var out []*finding
	for _, p := range s.projects {
		out = append(out, p.findings[path]...)
	}
	return out
}
