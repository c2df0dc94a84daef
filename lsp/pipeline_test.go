package lsp

import (
	"context"
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// gate holds the full compiles of a server (fakeOptions.beforeFullCompile)
// while it is closed: a held run waits until the gate opens or the run is
// cancelled.
type gate struct {
	ch atomic.Pointer[chan struct{}]
}

func (g *gate) hook(ctx context.Context) {
	if ch := g.ch.Load(); ch != nil {
		select {
		case <-*ch:
		case <-ctx.Done():
		}
	}
}

// close holds the next full compiles.
func (g *gate) close() {
	ch := make(chan struct{})
	g.ch.Store(&ch)
}

// open lets held and later full compiles through.
func (g *gate) open() {
	if ch := g.ch.Swap(nil); ch != nil {
		close(*ch)
	}
}

// journalLen is where the journal ends now, to read what follows.
func (f *fakeClient) journalLen() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.journal)
}

// runReport returns the first progress report since journal entry from
// that starts with prefix, and its token.
func (f *fakeClient) runReportLocked(from int, prefix string) (string, string) {
	for _, e := range f.journal[from:] {
		if e.method == protocol.MethodProgress && e.event.Kind == "report" && strings.HasPrefix(e.event.Message, prefix) {
			return e.token, e.event.Message
		}
	}
	return "", ""
}

// awaitReport waits for a progress report since journal entry from that
// starts with prefix, and returns its message without the count of saved
// inputs ("fuzzing C.f (12 saved inputs)" is "fuzzing C.f").
func (f *fakeClient) awaitReport(from int, prefix string) string {
	f.t.Helper()
	var msg string
	f.Await("a progress report "+prefix+"...", func() bool {
		_, msg = f.runReportLocked(from, prefix)
		return msg != ""
	})
	return strings.SplitN(msg, " (", 2)[0]
}

// awaitEnd waits for a progress end since journal entry from and returns
// its message.
func (f *fakeClient) awaitEnd(from int) string {
	f.t.Helper()
	var msg string
	f.Await("a run's end", func() bool {
		for _, e := range f.journal[from:] {
			if e.method == protocol.MethodProgress && e.event.Kind == "end" {
				msg = e.event.Message
				return true
			}
		}
		return false
	})
	return msg
}

// hasUnusedWarning reports whether diagnostics hold solc's warning about
// an unused local variable.
func hasUnusedWarning(ds []protocol.Diagnostic) bool {
	for _, d := range ds {
		if d.Source == sourceSolc && d.Code == "2072" && d.Severity == protocol.DiagnosticSeverityWarning {
			return true
		}
	}
	return false
}

// TestAnalysisFirst checks that a save publishes the compiler's
// diagnostics and moves or drops findings from the analysis-only compile,
// while the full compile is held; that the full compile does not publish
// them again; and that the focus of a campaign covers every edit since the
// last full compile, also when a save cancelled a run between its two
// compiles; and that the edit of foo ends with the warning and foo's
// behaviour difference, no finding.
func TestAnalysisFirst(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	g := &gate{}
	f := newFake(t, fakeOptions{settings: budget, beforeFullCompile: g.hook})
	f.open(path)
	f.awaitFindingLines(path, 10, 13)
	f.awaitRunEnd(1)

	// A new function with an unused variable above foo: with the full
	// compile held, the warning appears and foo's findings move two lines
	// down. No oracle may find them again.
	f.configure(with(budget, "oracles", map[string]bool{"assert-failure": false}))
	g.close()
	mark := f.journalLen()
	f.replace(path, "contract TwoObjectives {\n", "contract TwoObjectives {\n    function bar() public pure { uint256 unused; }\n\n")
	f.save(path)
	f.Await("the warning and the moved findings, from the analysis", func() bool {
		return hasUnusedWarning(f.diags[path]) && slices.Equal(lines(f.findingsLocked(path)), []uint32{12, 15})
	})
	f.mu.Lock()
	tok, _ := f.runReportLocked(mark, "fuzzing")
	f.mu.Unlock()
	if tok != "" {
		t.Fatal("the campaign started while the full compile was held")
	}
	g.open()
	if msg := f.awaitReport(mark, "fuzzing"); msg != "fuzzing TwoObjectives.bar" {
		t.Errorf("campaign after adding bar: %q, want it focused on bar", msg)
	}
	if end := f.awaitEnd(mark); !fuzzed(end) {
		t.Fatalf("run after adding bar ended with %q", end)
	}
	f.mu.Lock()
	var publishes [][]protocol.Diagnostic
	for _, e := range f.journal[mark:] {
		if e.method == protocol.MethodTextDocumentPublishDiagnostics && e.path == path {
			publishes = append(publishes, e.diags)
		}
	}
	f.mu.Unlock()
	if len(publishes) != 1 {
		t.Errorf("%d publishes of the saved file, want 1 (the full compile found the same diagnostics): %+v", len(publishes), publishes)
	}

	// An edit inside foo makes both findings stale at once; a second save
	// while the first run's full compile is held cancels that run, and
	// the next campaign still focuses on foo, whose edit no full compile
	// has seen.
	g.close()
	mark = f.journalLen()
	f.replace(path, "y == 10010", "y == 10011")
	f.save(path)
	f.awaitFindingLines(path)
	f.replace(path, "    function bar()", "    // bar does nothing.\n    function bar()")
	f.save(path)
	if end := f.awaitEnd(mark); end != "cancelled" {
		t.Errorf("the held run ended with %q, want cancelled", end)
	}
	g.open()
	if msg := f.awaitReport(mark, "fuzzing"); msg != "fuzzing TwoObjectives.foo" {
		t.Errorf("campaign after editing foo, then a comment: %q, want it focused on foo", msg)
	}
	f.awaitRunEnd(4)
	// The behaviour check after that campaign runs the stored inputs on
	// both builds: the one with y == 10010 reverted on the old build and
	// succeeds now, a true difference on foo that arrives after the run's
	// end. Wait for it, then no finding may remain.
	f.Await("foo's behaviour difference", func() bool { return len(f.behaviourDiagsLocked(path)) > 0 })
	f.mu.Lock()
	ds := f.diags[path]
	f.mu.Unlock()
	var other []protocol.Diagnostic
	for _, d := range ds {
		if d.Source == sourceBehaviour {
			if d.Range.Start.Line != 9 || !strings.Contains(d.Message, "before reverted") {
				t.Errorf("behaviour difference %+v, want one on foo (line 10) that reverted before", d)
			}
			continue
		}
		other = append(other, d)
	}
	if !hasUnusedWarning(other) || len(other) != 1 {
		t.Errorf("diagnostics at the end = %+v, want the warning and foo's behaviour difference only", ds)
	}
	f.shutdown()
}

// TestTestCodeNotFuzzed opens a Foundry layout with a contract, a test
// and a script, each with a reachable assertion failure: only the
// contract is fuzzed; the test and script get no findings, no lenses and
// no commands, and a save that changes only test code runs no campaign.
func TestTestCodeNotFuzzed(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	vault := writeFile(t, root, "src/Vault.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Vault {
    uint256 public total;

    function deposit(uint256 amount) public {
        total += amount;
        assert(total != 4242);
    }
}
`)
	test := writeFile(t, root, "test/Vault.t.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract VaultTest {
    function testDeposit(uint256 x) public pure {
        assert(x != 1234);
    }
}
`)
	script := writeFile(t, root, "script/Deploy.s.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Deploy {
    function run(uint256 x) public pure {
        assert(x != 99);
    }
}
`)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 20_000)})
	for _, p := range []string{vault, test, script} {
		f.open(p)
	}
	f.awaitFuzzedEnd("a campaign that ran to its end")
	f.awaitFindingLines(vault, 8)
	f.mu.Lock()
	inTest, inScript := f.findingsLocked(test), f.findingsLocked(script)
	f.mu.Unlock()
	if len(inTest) != 0 || len(inScript) != 0 {
		t.Errorf("findings in test code: %+v, %+v", inTest, inScript)
	}
	if !strings.Contains(f.logs.String(), `"contracts": ["Vault"]`) {
		t.Errorf("the campaign's contracts are not [Vault]")
	}

	var lenses []protocol.CodeLens
	if err := f.call(protocol.MethodTextDocumentCodeLens, protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(test)}}, &lenses); err != nil {
		t.Fatal(err)
	}
	if len(lenses) != 0 {
		t.Errorf("code lenses on the test file: %+v", lenses)
	}
	for _, c := range []protocol.ExecuteCommandParams{
		{Command: cmdFuzzFunc, Arguments: []any{functionArg{URI: uriOf(test), Position: &protocol.Position{Line: 5, Character: 8}}}},
		{Command: cmdFuzzFunc, Arguments: []any{functionArg{URI: uriOf(script), Function: "Deploy.run"}}},
		{Command: cmdFuzzFile, Arguments: []any{fileArg{URI: uriOf(test)}}},
	} {
		err := f.call(protocol.MethodWorkspaceExecuteCommand, c, nil)
		var rpcErr *jsonrpc2.Error
		if !errors.As(err, &rpcErr) || rpcErr.Code != jsonrpc2.InvalidParams || !strings.Contains(err.Error(), "test") {
			t.Errorf("%s %+v: %v, want InvalidParams about test code", c.Command, c.Arguments[0], err)
		}
	}

	// A save that changes only the test: no campaign.
	mark := f.journalLen()
	f.replace(test, "1234", "4321")
	f.save(test)
	if end := f.awaitEnd(mark); end != "not fuzzed: only test files changed" {
		t.Errorf("run after saving the test: %q", end)
	}
	// A save that changes the test and the contract: the focus is the
	// contract's function alone.
	mark = f.journalLen()
	f.replace(test, "4321", "1111")
	f.replace(vault, "4242", "4243")
	f.save(vault)
	if msg := f.awaitReport(mark, "fuzzing"); msg != "fuzzing Vault.deposit" {
		t.Errorf("campaign after editing the test and the contract: %q", msg)
	}
	f.awaitEnd(mark)
	f.shutdown()
}

// TestFuzzCommands runs foresight.fuzzFile on one of two open files and
// foresight.fuzzFunction at a position.
func TestFuzzCommands(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "A.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract A {
    uint256 public n;

    function bump(uint256 x) public {
        n += helper(x);
    }

    function helper(uint256 x) internal pure returns (uint256) {
        return x % 7;
    }
}
`)
	b := writeFile(t, dir, "B.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract B {
    function noop(uint256) public pure {}
}
`)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 2_000)})
	f.open(a)
	f.open(b)
	f.awaitFuzzedEnd("a campaign of A and B")

	mark := f.journalLen()
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdFuzzFile, Arguments: []any{fileArg{URI: uriOf(a)}},
	}, nil); err != nil {
		t.Fatal(err)
	}
	if msg := f.awaitReport(mark, "fuzzing"); msg != "fuzzing A.sol" {
		t.Errorf("fuzzFile: %q, want fuzzing A.sol", msg)
	}
	if end := f.awaitEnd(mark); !fuzzed(end) {
		t.Errorf("fuzzFile run ended with %q", end)
	}
	if !strings.Contains(f.logs.String(), `"contracts": ["A"], "focus": []`) {
		t.Errorf("the fuzzFile campaign did not target A alone")
	}

	// The cursor on line 8 (n += helper(x)) is in bump.
	mark = f.journalLen()
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdFuzzFunc, Arguments: []any{functionArg{URI: uriOf(a), Position: &protocol.Position{Line: 7, Character: 10}}},
	}, nil); err != nil {
		t.Fatal(err)
	}
	if msg := f.awaitReport(mark, "fuzzing"); msg != "fuzzing A.bump" {
		t.Errorf("fuzzFunction at a position: %q, want fuzzing A.bump", msg)
	}
	f.awaitEnd(mark)

	// Internal functions and lines outside functions are refused.
	for _, tt := range []struct {
		pos  protocol.Position
		want string
	}{
		{protocol.Position{Line: 11, Character: 10}, "A.helper is not a public or external function"},
		{protocol.Position{Line: 4, Character: 0}, "no function at A.sol:5"},
	} {
		err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
			Command: cmdFuzzFunc, Arguments: []any{functionArg{URI: uriOf(a), Position: &tt.pos}},
		}, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("fuzzFunction at %+v: %v, want %q", tt.pos, err, tt.want)
		}
	}
	// Names are checked before a campaign starts: one that is no
	// identifier (half a megabyte of it) or that the file does not define is
	// refused, and the refusal quotes little of it.
	mark = f.journalLen()
	for _, tt := range []struct{ name, want string }{
		{strings.Repeat("x", 1<<19), "is not a function name"},
		{"bump(uint256)", "is not a function name"},
		{"missing", "no public or external function missing in A.sol"},
		{"B.bump", "no public or external function B.bump in A.sol"},
		{"helper", "no public or external function helper in A.sol"},
	} {
		err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
			Command: cmdFuzzFunc, Arguments: []any{functionArg{URI: uriOf(a), Function: tt.name}},
		}, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) || len(err.Error()) > 512 {
			t.Errorf("fuzzFunction %.40q: %.200v, want %q", tt.name, err, tt.want)
		}
	}
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdFuzzFunc, Arguments: []any{functionArg{URI: uriOf(a), Function: "A.bump"}},
	}, nil); err != nil {
		t.Errorf("fuzzFunction A.bump: %v", err)
	}
	if msg := f.awaitReport(mark, "fuzzing"); msg != "fuzzing A.bump" {
		t.Errorf("fuzzFunction A.bump: %q, want fuzzing A.bump (and no campaign for the refused names)", msg)
	}
	f.awaitEnd(mark)
	f.shutdown()
}

// TestProgressCancel cancels a campaign through its progress
// (window/workDoneProgress/cancel), then checks the percentages of a
// campaign with an execution budget.
func TestProgressCancel(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 0, "fuzzBudgetSeconds", 600)})
	f.open(path)
	var tok string
	f.Await("the unbounded campaign's first executions", func() bool {
		tok, _ = f.runReportLocked(0, "fuzzing all functions: ")
		return tok != ""
	})
	f.mu.Lock()
	begin := f.progress[tok][0]
	var pcts []*uint32
	for _, e := range f.progress[tok] {
		if e.Kind == "report" {
			pcts = append(pcts, e.Percentage)
		}
	}
	f.mu.Unlock()
	if begin.Kind != "begin" || !begin.Cancellable {
		t.Errorf("begin = %+v, want a cancellable begin", begin)
	}
	for _, p := range pcts {
		if p != nil {
			t.Errorf("a report of a campaign with a time budget has a percentage (%d)", *p)
		}
	}
	f.notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": tok})
	f.Await("the campaign cancelled", func() bool {
		msg, ok := f.endedLocked(tok)
		return ok && strings.HasPrefix(msg, "cancelled after ")
	})

	// A budget in executions: reports carry a rising percentage.
	f.configure(budget)
	mark := f.journalLen()
	f.save(path)
	if end := f.awaitEnd(mark); !fuzzed(end) {
		t.Fatalf("second run ended with %q", end)
	}
	f.mu.Lock()
	var got []uint32
	for _, e := range f.journal[mark:] {
		if e.method == protocol.MethodProgress && e.event.Kind == "report" && strings.HasPrefix(e.event.Message, "fuzzing") {
			if e.event.Percentage == nil {
				t.Errorf("report %q without a percentage", e.event.Message)
				continue
			}
			got = append(got, *e.event.Percentage)
		}
	}
	f.mu.Unlock()
	if len(got) == 0 || got[0] != 0 || !slices.IsSorted(got) || got[len(got)-1] > 100 {
		t.Errorf("percentages %v, want rising from 0 to at most 100", got)
	}
	f.shutdown()
}

// TestReplayStructured asks for replay results as JSON through
// initializationOptions, quietly, and overrides both per call.
func TestReplayStructured(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	f := newFake(t, fakeOptions{settings: budget, initOptions: map[string]any{"replay": map[string]any{"structured": true, "quiet": true}}})
	f.open(path)
	f.awaitFindingLines(path, 10, 13)
	f.mu.Lock()
	d := f.findingsLocked(path)[0]
	f.mu.Unlock()
	id := findingIDOf(d)

	var res replayResult
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdReplay, Arguments: []any{findingArg{URI: uriOf(path), Finding: id}},
	}, &res); err != nil {
		t.Fatal(err)
	}
	if res.Kind != "assert-failure" || res.Path != path || res.Line != int(d.Range.Start.Line)+1 || !res.Reproduced ||
		res.Title == "" || !strings.Contains(res.Trace, "TwoObjectives.foo(") {
		t.Errorf("structured replay = %+v", res)
	}

	// The defaults overridden: the text, and a summary shown. The quiet
	// replay before it showed nothing (messages arrive in order).
	var text string
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdReplay, Arguments: []any{map[string]any{"uri": uriOf(path), "finding": id, "structured": false, "quiet": false}},
	}, &text); err != nil {
		t.Fatal(err)
	}
	if text != res.Trace {
		t.Errorf("text replay = %q, want the structured replay's trace", text)
	}
	f.mu.Lock()
	var shown []string
	for _, m := range f.shown {
		if strings.Contains(m.Message, "reproduced at "+filepath.Base(path)) {
			shown = append(shown, m.Message)
		}
	}
	f.mu.Unlock()
	if len(shown) != 1 {
		t.Errorf("replay summaries shown: %q, want one (from the replay that was not quiet)", shown)
	}
	f.shutdown()
}

// TestIsTestLocked: the editor's test-code rule is the command line's
// (solc.Project.IsTestOrScript), with the default folders before the
// project's configuration was read and foundry.toml's after.
func TestIsTestLocked(t *testing.T) {
	root := filepath.FromSlash("/p")
	p := newProject(root)
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"/p/src/Vault.sol", false},
		{"/p/Vault.sol", false},
		{"/p/test/Vault.t.sol", true},
		{"/p/test/utils/Helpers.sol", true},
		{"/p/src/test/Old.sol", true},
		{"/p/src/Vault.t.sol", true},
		{"/p/script/Deploy.s.sol", true},
		{"/p/script/Helper.sol", true},
		{"/p/src/testing/Util.sol", false},
		{"/p/contracts/Latest.sol", false},
	} {
		if got := p.isTestLocked(filepath.FromSlash(tt.path)); got != tt.want {
			t.Errorf("isTestLocked(%s) = %v, want %v", tt.path, got, tt.want)
		}
	}

	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"contracts\"\ntest = \"spec\"\nscript = \"deploy\"\n")
	proj, err := solc.LoadProject(dir)
	if err != nil {
		t.Fatal(err)
	}
	p = newProject(dir)
	p.layout = proj
	for rel, want := range map[string]bool{
		"contracts/Vault.sol": false,
		"spec/VaultSpec.sol":  true,
		"deploy/Deploy.sol":   true,
		"script/Other.sol":    false, // foundry.toml moved the scripts
	} {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		if got := p.isTestLocked(path); got != want || proj.IsTestOrScript(path) != want {
			t.Errorf("isTestLocked(%s) = %v, want %v as the command line", rel, got, want)
		}
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 findings", 1: "1 finding", 2: "2 findings"} {
		if got := plural(n, "finding"); got != want {
			t.Errorf("plural(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestParseReplayOptions(t *testing.T) {
	for _, tt := range []struct {
		in      any
		want    replayOptions
		wantErr bool
	}{
		{nil, replayOptions{}, false},
		{map[string]any{"foresight": map[string]any{"seed": 1}}, replayOptions{}, false},
		{map[string]any{"replay": map[string]any{"structured": true, "quiet": true}}, replayOptions{Structured: true, Quiet: true}, false},
		{map[string]any{"replay": "yes"}, replayOptions{}, true},
		{[]any{1}, replayOptions{}, false},
	} {
		got, err := parseReplayOptions(tt.in)
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("parseReplayOptions(%v) = %+v, %v; want %+v, error %v", tt.in, got, err, tt.want, tt.wantErr)
		}
	}
}
