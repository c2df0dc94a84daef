package lsp

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"go.lsp.dev/protocol"
)

// TestStagedSave: a save compiles the saved file's own code first and
// starts the direct campaign on it at once; the invariant test whose
// set-up reaches it (never opened, with a warning, importing forge-std)
// is compiled beside that campaign: the campaign's start comes before
// the test's diagnostics, and the suite's campaign follows and finds the
// bug only its set-up reaches. The test's diagnostics are right and
// published once: a later save that leaves the test as it is never
// clears them to publish them again (no flicker).
func TestStagedSave(t *testing.T) {
	root := t.TempDir()
	vault := foundrySetUpProject(t, root, false)
	suite := writeFile(t, root, "test/VaultInvariant.t.sol", strings.Replace(setUpTest, "    function setUp()",
		"    function idle() public {\n        uint256 unused = 1;\n    }\n\n    function setUp()", 1))
	if filepath.Base(suite) != "VaultInvariant.t.sol" {
		t.Fatal(suite)
	}
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 3_000)})
	f.open(vault)
	f.awaitFuzzedEnd("the campaign after opening the vault")
	f.mu.Lock()
	started, warned := -1, -1
	for i, e := range f.journal {
		if started < 0 && e.method == protocol.MethodProgress && e.event.Kind == "report" && strings.HasPrefix(e.event.Message, "fuzzing") {
			started = i
		}
		if warned < 0 && e.method == protocol.MethodTextDocumentPublishDiagnostics && e.path == suite && hasMessage(e.diags, "Unused local variable") {
			warned = i
		}
	}
	f.mu.Unlock()
	switch {
	case warned < 0:
		t.Fatalf("the test's warning was never published:\n%s", f.describe())
	case started < 0 || started > warned:
		t.Errorf("the direct campaign started (journal entry %d) after the test's compile was published (%d): the save waited for the suite's compile", started, warned)
	}

	mark := f.journalLen()
	f.saveEdit(vault, plantedAt, plantedBug)
	f.awaitFindingLines(vault, plantedLn)
	if end := f.awaitRunAfter(mark); !fuzzed(end) {
		t.Errorf("the save's run ended with %q", end)
	}
	if msg := f.awaitReport(mark, "fuzzing from"); msg != "fuzzing from VaultInvariantTest.setUp()" {
		t.Errorf("report %q, want the suite's campaign", msg)
	}
	f.mu.Lock()
	for _, e := range f.journal[mark:] {
		if e.method == protocol.MethodTextDocumentPublishDiagnostics && e.path == suite && !hasMessage(e.diags, "Unused local variable") {
			t.Errorf("the unchanged test's diagnostics were published without its warning (%d diagnostics) after the save", len(e.diags))
		}
	}
	f.mu.Unlock()
	f.shutdown()
}

// hasMessage reports whether a diagnostic's message contains text.
func hasMessage(ds []protocol.Diagnostic, text string) bool {
	for _, d := range ds {
		if strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}

// TestSuitesFuzzOnWhileNextSaveCompiles: a save (A) whose suite is
// compiling when the next save (B) has its direct campaign ready keeps
// its suite: A's direct campaign gives way to B's, A's suite compiles,
// fuzzes the text A saved and A's run ends on its own, not cancelled,
// while B's suite waits for its compile (held here until A has ended).
func TestSuitesFuzzOnWhileNextSaveCompiles(t *testing.T) {
	root := t.TempDir()
	vault := foundrySetUpProject(t, root, false)
	var calls atomic.Int32
	aCompiling, bStarted, release := make(chan struct{}), make(chan struct{}), make(chan struct{})
	hook := func(ctx context.Context) {
		switch calls.Add(1) {
		case 1: // the open's run
		case 2: // A's suites: compiled once B's direct campaign runs
			close(aCompiling)
			select {
			case <-bStarted:
			case <-ctx.Done():
			}
		default: // B's and later: held until A has ended
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
	}
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 3_000), beforeSuitesCompile: hook})
	f.open(vault)
	f.awaitFuzzedEnd("the campaign after opening the vault")
	f.mu.Lock()
	from := len(f.tokens)
	f.mu.Unlock()
	f.saveEdit(vault, plantedAt, plantedBug)
	a := f.awaitFuzzing(from)
	<-aCompiling
	f.saveEdit(vault, "// SPDX", "// B\n// SPDX")
	f.Await("B's direct campaign", func() bool {
		for _, tok := range f.tokens[from:] {
			if tok == a {
				continue
			}
			for _, e := range f.progress[tok] {
				if e.Kind == "report" && strings.HasPrefix(e.Message, "fuzzing") {
					return true
				}
			}
		}
		return false
	})
	close(bStarted)
	var end string
	f.Await("A's run end", func() bool {
		var ok bool
		end, ok = f.endedLocked(a)
		return ok
	})
	close(release)
	if !fuzzed(end) || strings.HasPrefix(end, "cancelled") {
		t.Errorf("A's run ended with %q, want its suite fuzzed to the end", end)
	}
	f.mu.Lock()
	suite := false
	for _, e := range f.progress[a] {
		suite = suite || e.Kind == "report" && strings.HasPrefix(e.Message, "fuzzing from VaultInvariantTest.setUp()")
	}
	f.mu.Unlock()
	if !suite {
		t.Errorf("A's run never fuzzed from the suite's set-up")
	}
	f.awaitRunEnd(3)
	f.shutdown()
}
