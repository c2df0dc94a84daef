package session

import (
	"bytes"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/engine/mutant"
)

// TestMutantState: a save's mutants are kept on the text they were made
// of, invalid and equivalent ones not at all; a mutant whose file
// changed before its run ended is not kept; the file's next mutants
// replace its verdicts, and an edit hides them until then.
func TestMutantState(t *testing.T) {
	const path = "/p/src/A.sol"
	first := NewText([]byte("contract A { function f(uint x) public { require(x > 0); } }\n"))
	s := NewState()
	s.files[path] = &File{Unit: "src/A.sol", Text: first}
	at := func(text *Text, id, original string, st mutant.Status) mutant.Result {
		i := bytes.Index(text.Content(), []byte(original))
		return mutant.Result{Mutant: mutant.Mutant{ID: id, Path: path, Line: 1, Start: i, End: i + len(original), Original: original}, Status: st}
	}
	srcs := s.mutantSources([]string{path})
	run := &MutantRun{Suites: []string{"/p/test/A.t.sol"}, Results: []mutant.Result{
		at(first, "m1", "x > 0", mutant.Survived),
		at(first, "m2", "require(x > 0);", mutant.NotReached),
		at(first, "m3", "x", mutant.Invalid),
		at(first, "m4", "public", mutant.Equivalent),
		{Mutant: mutant.Mutant{ID: "m5", Path: path, Start: 0, End: 3, Original: "zzz"}, Status: mutant.Survived}, // not the text's
	}}
	if got := s.applyMutants(run, srcs); !slices.Equal(got, []string{path}) {
		t.Errorf("paths %v, want %s", got, path)
	}
	ids := func(ms []*ShownMutant) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.ID)
		}
		return out
	}
	if got := ids(s.MutantsOn(path)); !slices.Equal(got, []string{"m2", "m1"}) {
		t.Errorf("shown %v, want m2, m1 (in order of place)", got)
	}
	if got := s.MutantSuites(); !slices.Equal(got, run.Suites) {
		t.Errorf("suites %v", got)
	}

	// An edit: the verdicts are not on the text now, but kept until the
	// file's next mutants.
	second := NewText([]byte("contract A { function f(uint x) public { require(x >= 0); } }\n"))
	s.files[path] = &File{Unit: "src/A.sol", Text: second}
	if got := s.MutantsOn(path); len(got) != 0 {
		t.Errorf("shown on the edited text: %v", ids(got))
	}
	if got := len(s.MutantsIn(path)); got != 2 {
		t.Errorf("kept %d, want 2 until the next mutants", got)
	}

	// Mutants made of the edited text whose file changed again before
	// they ended: the old verdicts go, the new are not kept.
	srcs = s.mutantSources([]string{path})
	s.files[path] = &File{Unit: "src/A.sol", Text: NewText([]byte("contract A {}\n"))}
	run = &MutantRun{Results: []mutant.Result{at(second, "n1", "x >= 0", mutant.Survived)}}
	if got := s.applyMutants(run, srcs); !slices.Equal(got, []string{path}) {
		t.Errorf("paths %v, want %s (the old verdicts dropped)", got, path)
	}
	if got := len(s.MutantsIn(path)); got != 0 {
		t.Errorf("kept %d, want none", got)
	}
}
