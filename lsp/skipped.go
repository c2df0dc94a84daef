package lsp

import (
	"bytes"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// codeNotFuzzed is the diagnostic code of a contract the last campaign
// did not fuzz (engine.Report.Skipped, or test code).
const codeNotFuzzed = "not-fuzzed"

// A note says, on a contract's constructor (or its name), that the last
// campaign did not fuzz it, why and what to do (session.Skips: the command
// line's words at the same place). Like a finding, its range refers to
// src and moves with the text until an edit touches it.
type note struct {
	path       string
	src        *session.Text
	start, end int
	contract   string
	why        session.Why
	reason     string // the engine's words
}

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

// diagnostic renders a note.
func (n *note) diagnostic() protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    rangeIn(n.src, n.start, n.end),
		Severity: noteSeverity(n.why),
		Code:     codeNotFuzzed,
		Source:   sourceFindings,
		Message:  n.contract + " was not fuzzed: " + n.reason + ". " + n.why.Advice(),
	}
}

// notesFor places skips on their contracts in the project's compiled text
// (lock held). A skip in a file whose text changed since is left out.
func notesFor(p *project, skips []session.Status) map[string][]*note {
	out := map[string][]*note{}
	for _, sk := range skips {
		fs := p.state.File(sk.Path)
		if sk.Path == "" || fs == nil || !bytes.Equal(fs.Text.Content(), sk.Content) {
			continue // the text changed since: the offsets would not fit
		}
		out[sk.Path] = append(out[sk.Path], &note{path: sk.Path, src: fs.Text, start: sk.Start, end: sk.End,
			contract: sk.Name, why: sk.Why, reason: sk.Reason})
	}
	return out
}

// setNotesLocked makes notes the project's and returns the files whose
// notes changed.
func (p *project) setNotesLocked(notes map[string][]*note) []string {
	var paths []string
	for path := range p.notes {
		paths = append(paths, path)
	}
	for path := range notes {
		if p.notes[path] == nil {
			paths = append(paths, path)
		}
	}
	p.notes = notes
	return paths
}

// moveNotes carries a file's notes to its new text, dropping those the
// edit touched.
func moveNotes(ns []*note, old, nf *session.File, hunks []session.Hunk) []*note {
	var kept []*note
	for _, n := range ns {
		if n.src != old.Text {
			continue
		}
		start, end, ok := session.Relocate(old.Text.Mapper(), nf.Text.Mapper(), hunks, n.start, n.end)
		if !ok {
			continue
		}
		moved := *n
		moved.src, moved.start, moved.end = nf.Text, start, end
		kept = append(kept, &moved)
	}
	return kept
}

// notesAtLocked returns the notes of a file.
func (s *server) notesAtLocked(path string) []*note {
	var out []*note
	for _, p := range s.projects {
		out = append(out, p.notes[path]...)
	}
	return out
}
