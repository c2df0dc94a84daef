package session

import (
	"maps"
	"slices"

	"github.com/foresight-sol/foresight/engine/mutant"
)

// This file is what the mutants of a project's saves found (after.go;
// docs/mutants.md, "In the editor"), kept in its State: each fuzzed
// mutant's verdict on the compiled text it was made from, until a newer
// run of its file's mutants or an edit of that text, and the suites that
// ran beside them (where a property skeleton goes). The front end reads
// the facts and shows them (a hint per line, a lens per function).

// A ShownMutant is a fuzzed mutant's verdict on the compiled text it was
// made from: its Start and End are offsets in Text.
type ShownMutant struct {
	mutant.Result
	Text *Text
}

// mutantRecord is what the mutants of a project's saves found.
type mutantRecord struct {
	shown  map[string]*ShownMutant // by mutant ID: the verdicts still on their text
	suites []string                // of the last run
}

// mutantSources are the compiled texts of files now, which a save's
// mutants are made of: their verdicts are shown on those only.
func (s *State) mutantSources(files []string) map[string]*Text {
	s.mu.Lock()
	defer s.mu.Unlock()
	srcs := map[string]*Text{}
	for _, path := range files {
		if t := s.textLocked(path); t != nil {
			srcs[path] = t
		}
	}
	return srcs
}

// applyMutants records a run's verdicts on the texts they were made of
// (srcs), replacing those of its files and of texts that changed since,
// and returns the files whose verdicts changed. Invalid and equivalent
// mutants are not kept: there is nothing to show of them.
func (s *State) applyMutants(run *MutantRun, srcs map[string]*Text) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := &s.mutants
	st.suites = run.Suites
	paths := map[string]bool{}
	for id, m := range st.shown {
		_, redone := srcs[m.Path]
		if cur := s.textLocked(m.Path); redone || cur == nil || cur != m.Text {
			paths[m.Path] = true
			delete(st.shown, id)
		}
	}
	for _, r := range run.Results {
		src := srcs[r.Path]
		if cur := s.textLocked(r.Path); src == nil || cur == nil || cur != src {
			continue // the file changed since: its next save's mutants say
		}
		if r.Status == mutant.Invalid || r.Status == mutant.Equivalent || r.End > len(src.Content()) || string(src.Content()[r.Start:r.End]) != r.Original {
			continue
		}
		st.shown[r.ID] = &ShownMutant{Result: r, Text: src}
		paths[r.Path] = true
	}
	return slices.Sorted(maps.Keys(paths))
}

// MutantsOn are the verdicts shown on path's current compiled text, in
// order of place.
func (s *State) MutantsOn(path string) []*ShownMutant {
	s.mu.Lock()
	defer s.mu.Unlock()
	cur := s.textLocked(path)
	if cur == nil {
		return nil
	}
	var out []*ShownMutant
	for _, m := range s.mutants.shown {
		if m.Path == path && m.Text == cur {
			out = append(out, m)
		}
	}
	slices.SortFunc(out, func(a, b *ShownMutant) int { return a.Start - b.Start })
	return out
}

// MutantsIn are every verdict kept of path, on its current text or an
// older one its next mutants replace.
func (s *State) MutantsIn(path string) []*ShownMutant {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*ShownMutant
	for _, m := range s.mutants.shown {
		if m.Path == path {
			out = append(out, m)
		}
	}
	return out
}

// MutantSuites are the invariant suites that ran beside the last
// mutants: where a property skeleton for a survivor goes.
func (s *State) MutantSuites() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.mutants.suites)
}
