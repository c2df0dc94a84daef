package lsp

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"go.lsp.dev/protocol"
)

// vaultProject copies testdata/vault, issue 45's Foundry project (a vault
// whose withdraw never lowers totalDeposits, and a test whose set-up
// targets a handler that calls only deposit and withdraw), with the
// forge-std stand-in, to a new folder, and returns it.
func vaultProject(tb testing.TB) string {
	tb.Helper()
	root := tb.TempDir()
	src := filepath.Join("testdata", "vault")
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		writeFile(tb, root, rel, string(data))
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		data, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), name))
		if err != nil {
			tb.Fatal(err)
		}
		writeFile(tb, root, "lib/forge-std/src/"+name, string(data))
	}
	return root
}

// lineOf is the zero-based line of the first line of file holding s.
func lineOf(tb testing.TB, file, s string) uint32 {
	tb.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		tb.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, s) {
			return uint32(i)
		}
	}
	tb.Fatalf("%s holds no %q", file, s)
	return 0
}

// TestSaveFuzzesBesideSetUp is issue 45's scenario: saving src/Vault.sol
// of a Foundry project whose test's set-up reaches the vault but calls
// only deposit and withdraw ran only the campaign from that set-up and
// ended "0 findings". The save runs the direct campaign on the vault as
// well, as 'foresight check' does, and finds checkSolvency's assert; with
// the test open too, and with only the vault open.
func TestSaveFuzzesBesideSetUp(t *testing.T) {
	for _, openTest := range []bool{false, true} {
		name := "vault open"
		if openTest {
			name = "vault and test open"
		}
		t.Run(name, func(t *testing.T) {
			root := vaultProject(t)
			vault := filepath.Join(root, "src", "Vault.sol")
			assertLn := lineOf(t, vault, "assert(")
			f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 4_000), folders: []string{root}})
			opened := 1
			if openTest {
				f.open(filepath.Join(root, "test", "Vault.t.sol"))
				// Its run ends before the vault opens: two opens at once
				// are one run (the second supersedes the first's before it
				// begins), so counting two ends could wait forever.
				f.awaitRunEnd(1)
				opened++
			}
			f.open(vault)
			f.awaitRunEnd(opened) // each open starts a run
			mark := f.journalLen()
			f.save(vault)
			if end := f.awaitRunAfter(mark); !fuzzed(end) {
				t.Errorf("the save's run ended with %q", end)
			}
			f.awaitFindingLines(vault, assertLn)
			f.shutdown()
		})
	}
}

// ownFigures is a lens with a function's own figures (fuzzStats.title).
var ownFigures = regexp.MustCompile(`^(1 call|[1-9]\d* calls): \d+ completed, \d+ reverted( \(mostly .+\))?(, \d+/\d+ lines)?, (1 finding|\d+ findings)$`)

// lensTitles returns the figures lens of each function of path, by the
// function's line.
func (f *fakeClient) lensTitles(path string) map[uint32]string {
	f.t.Helper()
	var lenses []protocol.CodeLens
	if err := f.call(protocol.MethodTextDocumentCodeLens, protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}}, &lenses); err != nil {
		f.t.Fatal(err)
	}
	out := map[uint32]string{}
	for _, l := range lenses {
		if l.Command != nil && l.Command.Title != "Fuzz" {
			out[l.Range.Start.Line] = l.Command.Title
		}
	}
	return out
}

// TestLensOwnFigures: after the save of issue 45's vault, each function's
// lens shows its own calls (checkSolvency, a view function with an
// assert, is called), not the campaign's total on every function. The
// direct campaign's compile holds the vault alone, as 'foresight check
// src/Vault.sol' compiles it: with seed 9 both find the assert in 8,000
// executions (half of them the direct campaign's), neither in 4,000.
func TestLensOwnFigures(t *testing.T) {
	root := vaultProject(t)
	vault := filepath.Join(root, "src", "Vault.sol")
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 8_000), folders: []string{root}})
	f.open(vault)
	f.awaitFuzzedEnd("the campaign after opening the vault")
	titles := f.lensTitles(vault)
	fns := map[string]uint32{}
	for _, name := range []string{"deposit", "withdraw", "checkSolvency"} {
		fns[name] = lineOf(t, vault, "function "+name+"(")
	}
	seen := map[string]bool{}
	for name, line := range fns {
		title := titles[line]
		if !ownFigures.MatchString(title) {
			t.Errorf("%s's lens %q, want its own calls", name, title)
		}
		seen[strings.SplitN(title, ":", 2)[0]] = true
	}
	if len(seen) < 2 {
		t.Errorf("every function's lens has the same count: %v", titles)
	}
	if !strings.HasSuffix(titles[fns["checkSolvency"]], ", 1 finding") {
		t.Errorf("checkSolvency's lens %q, want its finding", titles[fns["checkSolvency"]])
	}

	// The test open too: its invariant says how many calls it held for.
	test := filepath.Join(root, "test", "Vault.t.sol")
	f.open(test)
	f.awaitRunEnd(2)
	inv := lineOf(t, test, "function invariant_balanceWithinDeposits(")
	if got := f.lensTitles(test)[inv]; !regexp.MustCompile(`^held for [1-9]\d* calls?$`).MatchString(got) {
		t.Errorf("the invariant's lens %q, want how many calls it held for (all: %v)", got, f.lensTitles(test))
	}
	f.shutdown()
}

// TestLensNotCalled: a function no input called says so.
func TestLensNotCalled(t *testing.T) {
	if got := (&fuzzStats{}).title(0); got != "not called, 0 findings" {
		t.Errorf("title %q", got)
	}
	st := &fuzzStats{completed: 3, reverted: 1, topRevert: `"vault: balance"`, reached: 2, lines: 4}
	if got := st.title(1); got != `4 calls: 3 completed, 1 reverted (mostly "vault: balance"), 2/4 lines, 1 finding` {
		t.Errorf("title %q", got)
	}
}
