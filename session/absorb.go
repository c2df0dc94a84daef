package session

import (
	"maps"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// This file applies one compile of an editor's run to its project's
// State: the files' new texts, the findings moved with them, the
// functions and lines the edit changed, unless a newer run began.

// An edit is a file whose compiled text an applied compile changed: Old
// to New by Hunks.
type edit struct {
	Path     string
	Old, New *File
	Hunks    []Hunk
}

// classify sorts a compile's builds: Clean, the Good ones, the entry
// files of the Broken ones, and the files only failed builds hold.
func classify(builds []*solc.Build) (st Applied, failedOnly map[string]bool) {
	st.Clean = true
	failedOnly = map[string]bool{}
	for _, b := range builds {
		ok := !b.HasErrors()
		st.Clean = st.Clean && ok
		if ok {
			st.Good = append(st.Good, b)
			continue
		}
		for _, u := range b.Units {
			failedOnly[u.Path] = true
		}
		for _, root := range b.Roots {
			if u := b.Units[root]; u != nil && u.Path != "" {
				st.Broken = append(st.Broken, u.Path)
			}
		}
	}
	slices.Sort(st.Broken)
	return st, failedOnly
}

// apply makes a compile of the run the project's state and says what
// changed, or that a newer run began (Superseded: nothing applied). An
// analysis is absorbed when clean; a full compile for its good builds,
// keeping the last compiled state of the files only the failed ones hold
// (their next clean compile diffs against it); the suites' compile keeps
// every file it does not hold and leaves the project's builds (the direct
// campaign's) as they are. A superseded suites' compile still adds its
// files to the run's texts: its suites fuzz the text they compiled.
func (g *Gen) apply(at Stage, builds []*solc.Build) Applied {
	st, keep := classify(builds)
	full := at != StageAnalysis
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gen != g.n {
		st.Superseded = true
		if at == StageSuites {
			g.addFiles(builds)
		}
		return st
	}
	if !st.Clean && (!full || len(st.Good) == 0) {
		return st
	}
	if at == StageSuites {
		for path := range s.files {
			keep[path] = true
		}
	}
	st.Focus, st.Targets, st.Changed, st.Moved = s.absorbLocked(st.Good, full, keep, at != StageSuites)
	if full {
		g.files = s.files // where the campaign's offsets point (absorb makes a new map)
	}
	return st
}

// addFiles adds the files of builds the run's texts lack, as compiled.
func (g *Gen) addFiles(builds []*solc.Build) {
	files := maps.Clone(g.files)
	if files == nil {
		files = map[string]*File{}
	}
	for _, b := range goodOf(builds) {
		for name, u := range b.Units {
			if _, ok := files[u.Path]; ok || u.Path == "" {
				continue
			}
			files[u.Path] = &File{Unit: name, Text: NewText(u.Content), Functions: b.Functions(name)}
		}
	}
	g.files = files
}

// absorbLocked makes builds the project's current compiled state: for
// each file compiled before, it diffs the old text against the new one,
// drops the findings the edit touched (their range, or the function
// around them) and moves the others to their new lines (Findings.Move),
// and the notes with them (moved lists those files).
//
// After an analysis-only compile (full false) that is all. After a full
// compile it also returns the functions changed since the last full
// compile of each file ("Contract.name"), the changed line ranges, which
// become the campaign's lookahead targets, and the files whose text
// changed. Files compiled for the first time add no focus: their whole
// contracts are new. Files in keep that builds lack keep their last
// compiled state. current says builds are the project's builds from now
// on (the direct campaign's, not the suites').
func (s *State) absorbLocked(builds []*solc.Build, full bool, keep map[string]bool, current bool) (focus []string, targets []engine.Target, changed, moved []string) {
	files := map[string]*File{}
	for _, b := range builds {
		for name, u := range b.Units {
			if u.Path == "" {
				continue
			}
			f := &File{Unit: name, Text: NewText(u.Content), Analysed: !full}
			if full {
				f.Functions = b.Functions(name)
			}
			files[u.Path] = f
		}
	}
	for _, path := range slices.Sorted(maps.Keys(files)) {
		nf := files[path]
		old := s.files[path]
		if old == nil {
			continue
		}
		base := old
		if old.Analysed {
			base = old.Base
		}
		var hunks []Hunk
		if string(old.Text.Content()) == string(nf.Text.Content()) {
			if !full {
				files[path] = old // nothing new to learn
				continue
			}
			nf.Text = old.Text // findings keep pointing at its text
		} else {
			hunks = DiffLines(old.Text.Lines(), nf.Text.Lines())
			s.findings.Move(path, old.Text, nf.Text, old.Functions, hunks)
			s.moveNotesLocked(edit{Path: path, Old: old, New: nf, Hunks: hunks})
			moved = append(moved, path)
			if !full {
				nf.Functions = ShiftFunctions(old.Functions, old.Text.Mapper(), nf.Text.Mapper(), hunks)
				nf.Base = base
				continue
			}
		}
		if base == nil || string(base.Text.Content()) == string(nf.Text.Content()) {
			continue
		}
		if base != old {
			hunks = DiffLines(base.Text.Lines(), nf.Text.Lines())
		}
		changed = append(changed, path)
		fo, tg := Changes(path, nf.Text.Mapper(), nf.Functions, hunks)
		focus, targets = append(focus, fo...), append(targets, tg...)
	}
	for path, old := range s.files {
		if _, ok := files[path]; !ok && keep[path] {
			files[path] = old
		}
	}
	s.files = files
	if full && current {
		s.builds = builds
	}
	slices.Sort(focus)
	return slices.Compact(focus), targets, changed, moved
}
