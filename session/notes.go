package session

import "bytes"

// This file is the editor's notes of a project: the contracts its last
// campaign did not fuzz, placed on their compiled texts (State), moved
// with them as findings are.

// A Note says, on a contract's constructor (or its name), that the last
// campaign did not fuzz it, why and what to do (Skips: the command
// line's words at the same place). Like a finding, its range refers to
// Text and moves with the text until an edit touches it.
type Note struct {
	Path       string
	Text       *Text
	Start, End int
	Contract   string
	Why        Why
	Reason     string // the engine's words
}

// SetNotes makes a finished campaign's skips (Skips) the project's notes,
// placed on their contracts in the compiled text now, unless a newer run
// began (ok false); a skip in a file whose text changed since is left
// out, its offsets would not fit. It returns the files whose notes
// changed.
func (g *Gen) SetNotes(skips []Status) (paths []string, ok bool) {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != g.n {
		return nil, false
	}
	notes := map[string][]Note{}
	for _, sk := range skips {
		f := s.files[sk.Path]
		if sk.Path == "" || f == nil || !bytes.Equal(f.Text.Content(), sk.Content) {
			continue
		}
		notes[sk.Path] = append(notes[sk.Path], Note{Path: sk.Path, Text: f.Text, Start: sk.Start, End: sk.End,
			Contract: sk.Name, Why: sk.Why, Reason: sk.Reason})
	}
	for path := range s.notes {
		paths = append(paths, path)
	}
	for path := range notes {
		if s.notes[path] == nil {
			paths = append(paths, path)
		}
	}
	s.notes = notes
	return paths, true
}

// Notes returns the notes of a file.
func (s *State) Notes(path string) []Note {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.notes[path]
}

// moveNotesLocked carries a file's notes from its old text to the new
// one, dropping those the edit touched.
func (s *State) moveNotesLocked(e edit) {
	ns := s.notes[e.Path]
	if ns == nil {
		return
	}
	var kept []Note
	for _, n := range ns {
		if n.Text != e.Old.Text {
			continue
		}
		start, end, ok := Relocate(e.Old.Text.Mapper(), e.New.Text.Mapper(), e.Hunks, n.Start, n.End)
		if !ok {
			continue
		}
		n.Text, n.Start, n.End = e.New.Text, start, end
		kept = append(kept, n)
	}
	s.notes[e.Path] = kept
}
