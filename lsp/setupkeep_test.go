package lsp

import (
	"testing"
)

// TestSetUpKeptAcrossSaves: the editor keeps a Foundry set-up's state
// across saves (engine.SetUpCache): a save that changed no code the
// set-up runs resumes it, and a save that changed the code under test,
// which setUp() deploys, runs setUp() again and finds the planted bug.
func TestSetUpKeptAcrossSaves(t *testing.T) {
	vault := foundrySetUpProject(t, t.TempDir(), false)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 3_000)})
	counts := func() [2]uint64 {
		ran, reused := f.srv.setUps.Counts()
		return [2]uint64{ran, reused}
	}
	f.open(vault)
	f.awaitFuzzedEnd("the campaign after opening the vault")
	if got := counts(); got != [2]uint64{1, 0} {
		t.Fatalf("after the first campaign: set-up ran, reused %v; want [1 0]", got)
	}

	mark := f.journalLen()
	f.save(vault) // no change
	if end := f.awaitRunAfter(mark); !fuzzed(end) {
		t.Fatalf("the unchanged save's run ended with %q", end)
	}
	if got := counts(); got != [2]uint64{1, 1} {
		t.Errorf("after a save that changed nothing: set-up ran, reused %v; want [1 1]", got)
	}

	mark = f.journalLen()
	f.saveEdit(vault, plantedAt, plantedBug)
	f.awaitFindingLines(vault, plantedLn)
	if end := f.awaitRunAfter(mark); !fuzzed(end) {
		t.Fatalf("the edit's run ended with %q", end)
	}
	if got := counts(); got != [2]uint64{2, 1} {
		t.Errorf("after an edit of the code under test: set-up ran, reused %v; want [2 1]", got)
	}
	f.shutdown()
}
