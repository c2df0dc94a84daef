package session

import (
	"reflect"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// TestFindingsMove: an edit moves a file's findings with their lines,
// takes those whose function it touched off the file until the next
// replay (Rechecks lists them, unplaced), and forgets those of an older
// text, which cannot be placed.
func TestFindingsMove(t *testing.T) {
	old := NewText([]byte("contract C {\n  function a() public { x; }\n  function b() public { y; }\n}\n"))
	new := NewText([]byte("// added\ncontract C {\n  function a() public { x; }\n  function b() public { z; }\n}\n"))
	older := NewText([]byte("contract C {}\n"))
	fns := []solc.Function{
		{Contract: "C", Name: "a", Kind: "function", Start: 15, End: 41, NameStart: -1},
		{Contract: "C", Name: "b", Kind: "function", Start: 44, End: 70, NameStart: -1},
	}
	at := func(id string, text *Text, start, end int) *Finding {
		return &Finding{ID: id, Path: "C.sol", Text: text, Found: report.Finding{Kind: "assert", Start: start, End: end}}
	}
	s := NewFindings()
	s.Add(at("in a", old, 37, 38))
	s.Add(at("in b", old, 66, 67))
	s.Add(at("older", older, 0, 1))
	s.Move("C.sol", old, new, fns, DiffLines(old.Lines(), new.Lines()))

	var got []string
	for _, f := range s.In("C.sol") {
		got = append(got, f.ID)
		if f.Text != new || f.Found.Start != 37+len("// added\n") || f.Found.Line != 3 {
			t.Errorf("%s moved to %d, line %d, on the new text %v; want %d, line 3", f.ID, f.Found.Start, f.Found.Line, f.Text == new, 37+len("// added\n"))
		}
	}
	if want := []string{"in a"}; !reflect.DeepEqual(got, want) {
		t.Errorf("after the edit the file holds %v, want %v", got, want)
	}
	if len(s.unplaced) != 1 || s.unplaced[0].ID != "in b" {
		t.Errorf("dropped until the replay: %v, want [in b]", s.unplaced)
	}
	// Without a set-up recorded nothing is replayed, but the dropped one
	// is taken off: it cannot come back.
	if jobs := s.Rechecks(nil, nil, true, false); len(jobs) != 0 || len(s.unplaced) != 0 {
		t.Errorf("rechecks without set-ups: %d jobs, %d still dropped", len(jobs), len(s.unplaced))
	}
}

// TestFindingsSetUps: a campaign's set-up is kept while a finding refers
// to its seed or it is the newest; a suite's finding replays on its
// suite's builds, and on nothing before they are kept.
func TestFindingsSetUps(t *testing.T) {
	s := NewFindings()
	s.SetUp(1, report.Setup{SetUp: "one"})
	s.Add(&Finding{ID: "f", Path: "C.sol", Found: report.Finding{Kind: "assert", Seed: 1}})
	s.SetUp(2, report.Setup{SetUp: "two"})
	s.SetUp(3, report.Setup{SetUp: "three"})
	for seed, want := range map[uint64]bool{1: true, 2: false, 3: true} {
		if _, ok := s.SetUpOf(seed); ok != want {
			t.Errorf("set-up of seed %d kept: %v, want %v", seed, ok, want)
		}
	}
	direct := []*solc.Build{{}}
	if setup, builds, ok := s.ReplayOn(s.ByID("f"), direct); !ok || setup.SetUp != "one" || len(builds) != 1 {
		t.Errorf("direct finding replays on %q, %d builds, %v", setup.SetUp, len(builds), ok)
	}
	suite := &Finding{Found: report.Finding{Harness: &report.Harness{File: "T.t.sol", Setup: report.Setup{SetUp: "T"}}}}
	if _, _, ok := s.ReplayOn(suite, direct); ok {
		t.Error("a suite's finding replays before its suite's builds are kept")
	}
	s.KeepSuites([]Suite{{Path: "T.t.sol", Builds: direct}})
	if setup, _, ok := s.ReplayOn(suite, nil); !ok || setup.SetUp != "T" {
		t.Errorf("suite finding replays on %q, %v", setup.SetUp, ok)
	}
}

// TestFindingsApply: the verdicts of a replay as the record keeps them:
// a fixed finding leaves and is named, a still failing one moves to where
// it failed on the new text keeping its ID, a stale one stays (at its
// line of the new text when the edit took it), and one stale twice
// leaves silently.
func TestFindingsApply(t *testing.T) {
	old := NewText([]byte("a\nbb\nccc\n"))
	now := NewText([]byte("a\nbb\nCCC\ndddd\n"))
	at := func(id string, start, end int, st FindingState) *Finding {
		return &Finding{ID: id, Path: "C.sol", Text: old, Found: report.Finding{Kind: id, Start: start, End: end}, State: st}
	}
	fixed := at("fixed", 0, 1, FindingState{})
	failing := at("failing", 2, 4, FindingState{})
	stale := at("stale", 5, 8, FindingState{}) // its line was edited: dropped, not placed
	twice := at("twice", 2, 3, FindingState{Status: engine.Stale, Reason: "gone"})
	s := NewFindings()
	s.Add(fixed)
	s.Add(failing)
	s.Add(twice)
	jobs := []Recheck{
		{Finding: fixed, placed: true, replayed: true, verdict: engine.Verdict{Status: engine.Fixed}},
		{Finding: failing, placed: true, replayed: true, verdict: engine.Verdict{Status: engine.StillFailing,
			Now: &report.Finding{Path: "C.sol", Start: 9, End: 13, Line: 4, Column: 1, Message: "now"}}},
		{Finding: stale, replayed: true, verdict: engine.Verdict{Status: engine.Stale, Reason: "function f is gone"}},
		{Finding: twice, placed: true, replayed: true, verdict: engine.Verdict{Status: engine.Stale, Reason: "gone"}},
	}
	gone, paths := s.Apply(jobs, func(string) *Text { return now })
	if len(gone) != 1 || gone[0] != fixed || len(paths) == 0 {
		t.Errorf("fixed %v, files %v; want [fixed] and C.sol", gone, paths)
	}
	got := map[string]*Finding{}
	for _, f := range s.In("C.sol") {
		got[f.ID] = f
	}
	if len(got) != 2 || got["fixed"] != nil || got["twice"] != nil {
		t.Errorf("kept %v, want failing and stale", got)
	}
	if f := got["failing"]; f == nil || f.Text != now || f.Found.Start != 9 || f.Found.Line != 4 || f.Found.Message != "now" || f.State.Status != engine.StillFailing {
		t.Errorf("still failing: %+v", f)
	}
	if f := got["stale"]; f == nil || f.Text != now || f.Found.Start != 5 || f.Found.End != 8 || f.Found.Line != 3 || f.State.Reason != "function f is gone" {
		t.Errorf("stale: %+v", f)
	}
}

// TestStreamed: a finding an older run streams after a newer save is
// placed on the text now: as found while its file is unchanged, moved
// when the file changed elsewhere, dropped when its file is gone; its
// related places stay only in files unchanged since.
func TestStreamed(t *testing.T) {
	ran := map[string]*Text{"C.sol": NewText([]byte("a\nb\n")), "L.sol": NewText([]byte("l\n")), "M.sol": NewText([]byte("m\n"))}
	f := report.Finding{Kind: "assert", Start: 2, End: 3, Line: 2, Column: 1, Related: []report.Related{
		{Path: "L.sol", Start: 0, End: 1, Message: "in L"}, {Path: "M.sol", Start: 0, End: 1, Message: "in M"}}}
	for _, tt := range []struct {
		name     string
		now      map[string]*Text
		start    int // -1: dropped
		via      int
		sameText bool
	}{
		{"unchanged", ran, 2, 2, true},
		{"moved", map[string]*Text{"C.sol": NewText([]byte("new\na\nb\n")), "L.sol": ran["L.sol"], "M.sol": NewText([]byte("m2\n"))}, 6, 1, false},
		{"gone", map[string]*Text{}, -1, 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			at := func(m map[string]*Text) func(string) *Text { return func(p string) *Text { return m[p] } }
			nf := Streamed(f, "C.sol", nil, at(ran), at(tt.now), false)
			if tt.start < 0 {
				if nf != nil {
					t.Fatalf("placed at %d, want dropped", nf.Found.Start)
				}
				return
			}
			if nf == nil || nf.Found.Start != tt.start || len(nf.Via) != tt.via || (nf.Text == ran["C.sol"]) != tt.sameText || nf.Text != tt.now["C.sol"] {
				t.Errorf("placed %+v; want start %d, %d related", nf, tt.start, tt.via)
			}
		})
	}
}
