package lsp

import (
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// codeNotFuzzed is the diagnostic code of a contract the last campaign
// did not fuzz (engine.Report.Skipped, or test code).
const codeNotFuzzed = "not-fuzzed"

// noteSeverity is how loud a note is: a contract that should have been
// fuzzed and could not be is a warning; one with nothing to fuzz, test
// code or another set-up's, information.
func noteSeverity(w session.Why) protocol.DiagnosticSeverity {
	switch w {
	case session.NoFunctions, session.OtherSetUp, session.TestCode:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityWarning
}

// noteDiagnostic renders a note (session.Note: a contract the last
// campaign did not fuzz, on its compiled text).
func noteDiagnostic(n session.Note) protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    rangeIn(n.Text, n.Start, n.End),
		Severity: noteSeverity(n.Why),
		Code:     codeNotFuzzed,
		Source:   sourceFindings,
		Message:  n.Contract + " was not fuzzed: " + n.Reason + ". " + n.Why.Advice(),
	}
}

// notesAtLocked returns the notes of a file.
func (s *server) notesAtLocked(path string) []session.Note {
	var out []session.Note
	for _, p := range s.projects {
		out = append(out, p.state.Notes(path)...)
	}
	return out
}
