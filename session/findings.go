package session

import (
	"fmt"
	"maps"
	"slices"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// This file is the editor's record of a project's findings between runs:
// each finding in byte offsets of the text it was found or moved on, the
// state its last replay left it in, and what replays it (its campaign's
// set-up, its suite's builds). The front end converts them to its own
// positions and messages; it guards a Findings with its own lock.

// A Finding is an engine finding as a project keeps it across saves: its
// byte range (Found.Start, End, Line, Column) refers to Text, the
// compiled text of Path, and moves with that text until an edit touches
// it (Findings.Move).
type Finding struct {
	ID    string // the front end's name for it (code actions refer to it)
	Path  string
	Text  *Text
	Found report.Finding
	// Via are the finding's places in code the user does not own (a
	// library or dependency it called), in their own compiled texts.
	Via     []Place
	State   FindingState // what the last replay on edited code made of it
	Carried bool         // found by a carried suite (Carry), on builds nobody keeps, until its replay on the suite's own compile
}

// A Place is a byte range of a compiled text, with what happened there.
type Place struct {
	Path       string
	Text       *Text
	Start, End int
	Message    string
}

// Key identifies a finding across campaigns: the same kind at the same
// place is the same bug.
func (f *Finding) Key() string {
	return fmt.Sprintf("%s@%s:%d:%d", f.Found.Kind, f.Path, f.Found.Start, f.Found.End)
}

// Findings are a project's findings by file, those an edit dropped until
// the next replay, the set-ups of its campaigns by seed (recorded once a
// campaign has deployed, so a finding can be replayed while its campaign
// runs) and the builds of its last invariant suites, each compiled alone,
// by file (their findings replay on them; the next save carries them).
type Findings struct {
	byPath   map[string][]*Finding
	unplaced []*Finding
	setups   map[uint64]report.Setup
	suites   map[string][]*solc.Build
}

// NewFindings is an empty record.
func NewFindings() *Findings {
	return &Findings{byPath: map[string][]*Finding{}, setups: map[uint64]report.Setup{}}
}

// In returns the findings of a file.
func (s *Findings) In(path string) []*Finding { return s.byPath[path] }

// ByID returns the finding of that ID, or nil.
func (s *Findings) ByID(id string) *Finding {
	for _, fs := range s.byPath {
		for _, f := range fs {
			if f.ID == id {
				return f
			}
		}
	}
	return nil
}

// Add records a finding in place of any with its key.
func (s *Findings) Add(f *Finding) {
	list := slices.DeleteFunc(s.byPath[f.Path], func(old *Finding) bool { return old.Key() == f.Key() })
	s.byPath[f.Path] = append(list, f)
}

// Move carries a file's findings from its old compiled text to the new
// one (functions fns of old, hunks from old to new) by Move's rule: those
// the edit touched leave the file until the next replay (Rechecks) or a
// campaign finds them again; findings of an older text than old, which
// cannot be placed, are forgotten.
func (s *Findings) Move(path string, old, new *Text, fns []solc.Function, hunks []Hunk) {
	var kept []*Finding
	for _, f := range s.byPath[path] {
		if f.Text != old {
			continue
		}
		if moved, ok := MoveFinding(f, old, new, fns, hunks); ok {
			kept = append(kept, moved)
		} else {
			s.unplaced = append(s.unplaced, f)
		}
	}
	s.byPath[path] = kept
}

// Streamed is a finding a run streamed, on path, as the record keeps it.
// Its offsets refer to the texts the run compiled (ran: a path's, nil if
// none; fns: the functions of path's): it is placed on path's text now
// (now, nil if none) as it was found while the file is unchanged, moved
// as an edit moves findings when a newer save changed the file but not
// the finding's function, and not at all (nil) otherwise. Its related
// places are kept only in files unchanged since the run compiled them.
func Streamed(f report.Finding, path string, fns []solc.Function, ran, now func(path string) *Text, carried bool) *Finding {
	text := ran(path)
	nf := &Finding{Path: path, Text: text, Found: f, Carried: carried}
	for _, rel := range f.Related {
		if rt := ran(rel.Path); rt != nil && now(rel.Path) == rt {
			nf.Via = append(nf.Via, Place{Path: rel.Path, Text: rt, Start: rel.Start, End: rel.End, Message: rel.Message})
		}
	}
	switch cur := now(path); cur {
	case nil:
		return nil
	case text:
		return nf
	default:
		moved, _ := MoveFinding(nf, text, cur, fns, DiffLines(text.Lines(), cur.Lines()))
		return moved
	}
}

// MoveFinding is a finding of old moved to new with its lines, or false
// when the edit touched its lines or the function around it (Move).
func MoveFinding(f *Finding, old, new *Text, fns []solc.Function, hunks []Hunk) (*Finding, bool) {
	start, end, line, col, ok := Move(old.Mapper(), new.Mapper(), fns, hunks, f.Found.Start, f.Found.End)
	if !ok {
		return nil, false
	}
	moved := *f
	moved.Text = new
	moved.Found.Start, moved.Found.End = start, end
	if line > 0 {
		moved.Found.Line, moved.Found.Column = line, col
	}
	return &moved, true
}

// SetUp records the deployment of the campaign of that seed and forgets
// those no finding refers to any more, so campaigns with seeds from the
// clock do not pile them up.
func (s *Findings) SetUp(seed uint64, setup report.Setup) {
	s.setups[seed] = setup
	used := map[uint64]bool{seed: true}
	for _, fs := range s.byPath {
		for _, f := range fs {
			used[f.Found.Seed] = true
		}
	}
	maps.DeleteFunc(s.setups, func(k uint64, _ report.Setup) bool { return !used[k] })
}

// SetUpOf is the deployment recorded for the campaign of that seed.
func (s *Findings) SetUpOf(seed uint64) (report.Setup, bool) {
	setup, ok := s.setups[seed]
	return setup, ok
}

// KeepSuites records the builds of a run's suites.
func (s *Findings) KeepSuites(suites []Suite) {
	s.suites = map[string][]*solc.Build{}
	for _, su := range suites {
		s.suites[su.Path] = su.Builds
	}
}

// Suites are the builds of the last suites kept, by file.
func (s *Findings) Suites() map[string][]*solc.Build { return maps.Clone(s.suites) }

// ReplayOn is what a finding replays on: its campaign's set-up and
// builds, direct's (the project's builds) or, for a suite's, that suite
// compiled alone; false when they are unknown.
func (s *Findings) ReplayOn(f *Finding, direct []*solc.Build) (report.Setup, []*solc.Build, bool) {
	if h := f.Found.Harness; h != nil {
		builds := s.suites[h.File]
		return h.Setup, builds, builds != nil
	}
	setup, ok := s.SetUpOf(f.Found.Seed)
	return setup, direct, ok
}
