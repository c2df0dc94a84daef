package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
)

// budget is a small reproducible campaign: TwoObjectives' two assertion
// failures take about 13 and 27,000 executions with seed 9.
var budget = map[string]any{"fuzzExecs": 40_000, "fuzzBudgetSeconds": 0, "seed": 9, "workers": 1}

func with(base map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range base {
		out[k] = v
	}
	for i := 0; i+1 < len(kv); i += 2 {
		out[kv[i].(string)] = kv[i+1]
	}
	return out
}

// copyShared copies a shared example contract into a fresh directory.
func copyShared(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(fixtures.Example(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, t.TempDir(), name, string(data))
}

// awaitFindingLines waits until a file's foresight diagnostics start on
// exactly the given zero-based lines.
func (f *fakeClient) awaitFindingLines(path string, want ...uint32) {
	f.t.Helper()
	f.Await(fmt.Sprintf("findings on lines %v", want), func() bool {
		got := lines(f.findingsLocked(path))
		return reflect.DeepEqual(got, want) || len(got) == 0 && len(want) == 0
	})
}

// TestFindings saves TwoObjectives and follows a finding through the
// editor: streamed diagnostics on the two failing assertions, related
// information per call, hover, code lenses, code actions, replay and the
// Foundry test export.
func TestFindings(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	f := newFake(t, fakeOptions{settings: budget})
	f.open(path)
	f.save(path)
	f.awaitFindingLines(path, 10, 13)

	f.mu.Lock()
	ds := f.findingsLocked(path)
	f.mu.Unlock()
	d := ds[0]
	if d.Range.Start.Line != 10 {
		d = ds[1]
	}
	if d.Code != "assert-failure" || d.Severity != protocol.DiagnosticSeverityError || !strings.Contains(d.Message, "Assertion failed") {
		t.Errorf("finding diagnostic = %+v", d)
	}
	if d.Range.Start.Character != 12 || d.Range.End.Line != 10 {
		t.Errorf("finding range = %+v, want line 10 from column 12 (the assert)", d.Range)
	}
	if len(d.RelatedInformation) == 0 || !strings.HasPrefix(d.RelatedInformation[0].Message, "1. from user ") ||
		!strings.Contains(d.RelatedInformation[0].Message, "TwoObjectives.foo(") || d.RelatedInformation[0].Location.Range != d.Range {
		t.Errorf("related information = %+v", d.RelatedInformation)
	}

	// Hover on the assert.
	var hover protocol.Hover
	if err := f.call(protocol.MethodTextDocumentHover, protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}, Position: protocol.Position{Line: 10, Character: 14},
	}}, &hover); err != nil {
		t.Fatal(err)
	}
	if v := hover.Contents.Value; !strings.Contains(v, "assertion failed") || !strings.Contains(v, "```text\n1. from user ") || !strings.Contains(v, "**What to do.**") {
		t.Errorf("hover = %q", v)
	}

	// Code lenses: "Fuzz" and, after the campaign, a summary.
	f.Await("the campaign's end", func() bool {
		for _, tok := range f.tokens {
			if msg, ok := f.endedLocked(tok); ok && strings.Contains(msg, "execs") {
				return true
			}
		}
		return false
	})
	var lenses []protocol.CodeLens
	if err := f.call(protocol.MethodTextDocumentCodeLens, protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}}, &lenses); err != nil {
		t.Fatal(err)
	}
	var titles []string
	for _, l := range lenses {
		titles = append(titles, l.Command.Title)
		if l.Range.Start.Line != 6 {
			t.Errorf("lens %q on line %d, want 6 (foo)", l.Command.Title, l.Range.Start.Line)
		}
	}
	// foo's own figures: a pure function with an assert is called.
	if len(titles) != 2 || titles[0] != "Fuzz" || !ownFigures.MatchString(titles[1]) || !strings.HasSuffix(titles[1], ", 2 findings") {
		t.Errorf("lenses = %q", titles)
	}

	// Code actions on the diagnostic.
	var actions []protocol.CodeAction
	if err := f.call(protocol.MethodTextDocumentCodeAction, protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)},
		Range:        d.Range,
		Context:      protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	byCommand := map[string]protocol.CodeAction{}
	for _, a := range actions {
		if a.Kind != protocol.QuickFix || len(a.Diagnostics) != 1 || a.Command == nil {
			t.Errorf("action %+v: want a quickfix with its diagnostic and a command", a)
			continue
		}
		byCommand[a.Command.Command] = a
	}
	if len(actions) != 3 || byCommand[cmdReplay].Title != "Replay failing sequence" ||
		byCommand[cmdExportTest].Title != "Export as Foundry test" || byCommand[cmdFuzzFunc].Title != "Fuzz TwoObjectives.foo for 60 s" {
		t.Fatalf("actions = %+v", actions)
	}

	// Replay: the trace is the result, and is shown.
	var trace string
	replay := byCommand[cmdReplay].Command
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: replay.Command, Arguments: replay.Arguments}, &trace); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(trace, "assertion failed") || !strings.Contains(trace, "TwoObjectives.foo(") {
		t.Errorf("replay trace = %q", trace)
	}
	f.Await("the replay shown and logged", func() bool {
		shown := false
		for _, m := range f.shown {
			shown = shown || strings.Contains(m.Message, "reproduced")
		}
		logged := false
		for _, m := range f.logged {
			logged = logged || strings.Contains(m.Message, "assertion failed")
		}
		return shown && logged
	})

	// Export: a CreateFile and an insert of a test that compiles.
	var testPath string
	export := byCommand[cmdExportTest].Command
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: export.Command, Arguments: export.Arguments}, &testPath); err != nil {
		t.Fatal(err)
	}
	wantPath := filepath.Join(filepath.Dir(path), "test", "Foresight_TwoObjectives_assert-failure.t.sol")
	if testPath != wantPath {
		t.Errorf("export result = %q, want %q", testPath, wantPath)
	}
	f.mu.Lock()
	if len(f.edits) != 1 {
		f.mu.Unlock()
		t.Fatalf("applyEdit calls = %d, want 1", len(f.edits))
	}
	var edit struct {
		Edit struct {
			DocumentChanges []struct {
				Kind         string `json:"kind"`
				URI          string `json:"uri"`
				TextDocument struct {
					URI     string `json:"uri"`
					Version *int32 `json:"version"`
				} `json:"textDocument"`
				Edits []protocol.TextEdit `json:"edits"`
			} `json:"documentChanges"`
		} `json:"edit"`
	}
	err := json.Unmarshal(f.edits[0], &edit)
	f.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	changes := edit.Edit.DocumentChanges
	if len(changes) != 2 || changes[0].Kind != "create" || changes[0].URI != string(uriOf(wantPath)) ||
		changes[1].TextDocument.URI != string(uriOf(wantPath)) || len(changes[1].Edits) != 1 {
		t.Fatalf("workspace edit = %+v", edit)
	}
	compileFoundryTest(t, path, changes[1].Edits[0].NewText)
	f.shutdown()
}

// compileFoundryTest compiles a generated test beside a copy of the
// contract, against a stub of forge-std (the cheatcodes it uses, with
// forge-std's signatures, at the real cheatcode address).
func compileFoundryTest(t *testing.T, contract, test string) {
	t.Helper()
	root := t.TempDir()
	data, err := os.ReadFile(contract)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, root, filepath.Base(contract), string(data))
	writeFile(t, root, "remappings.txt", "forge-std/=lib/forge-std/src/\n")
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		stub, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), name))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, root, "lib/forge-std/src/"+name, string(stub))
	}
	testFile := writeFile(t, root, "test/Foresight.t.sol", test)
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	builds, err := testToolchain().Compile(context.Background(), proj, solc.Request{Files: []string{testFile}, Mode: solc.Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range builds {
		if b.Err != nil {
			t.Error(b.Err)
		}
		for _, d := range b.Diagnostics {
			if d.Severity == solc.SeverityError {
				t.Errorf("generated test: %s %s: %s", d.Unit, d.Type, d.Message)
			}
		}
	}
	if t.Failed() {
		t.Logf("generated test:\n%s", test)
	}
}

// TestFindingsFollowEdits checks staleness: findings in untouched code
// move with their lines across saves, findings in an edited function
// disappear until a campaign confirms them.
func TestFindingsFollowEdits(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	f := newFake(t, fakeOptions{settings: budget})
	f.open(path)
	f.awaitFindingLines(path, 10, 13)

	// A new function above foo: foo is untouched, so its findings persist,
	// two lines lower. No oracle may re-find them.
	f.configure(with(budget, "oracles", map[string]bool{"assert-failure": false}))
	f.replace(path, "contract TwoObjectives {\n", "contract TwoObjectives {\n    function bar() public pure {}\n\n")
	f.save(path)
	f.awaitFindingLines(path, 12, 15)
	f.awaitRunEnd(2)

	// An edit inside foo: both findings are stale.
	f.replace(path, "y == 10010", "y == 10011")
	f.save(path)
	f.awaitFindingLines(path)
	f.awaitRunEnd(3)

	// The next campaign confirms the finding that still exists.
	f.configure(budget)
	f.save(path)
	f.awaitFindingLines(path, 12)
	f.shutdown()
}

// fuzzedEnd is the end message of a run whose campaign used its budget,
// followed by what it did not fuzz, if anything.
var fuzzedEnd = regexp.MustCompile(`^(1 exec|\d+ execs), (1 finding|\d+ findings)( \(in [^)]+\))?(; not fuzzed( \(compile errors\))?: .+)?$`)

// fuzzed reports whether a progress end message is that of a campaign
// that ran to its end.
func fuzzed(msg string) bool { return fuzzedEnd.MatchString(msg) }

// awaitFuzzedEnd waits for a campaign that ran to its end.
func (f *fakeClient) awaitFuzzedEnd(what string) {
	f.t.Helper()
	f.Await(what, func() bool {
		for _, tok := range f.tokens {
			if msg, ok := f.endedLocked(tok); ok && fuzzed(msg) {
				return true
			}
		}
		return false
	})
}

// awaitRunEnd waits until n progress tokens have ended.
func (f *fakeClient) awaitRunEnd(n int) {
	f.t.Helper()
	f.Await("run end", func() bool {
		ended := 0
		for _, tok := range f.tokens {
			if _, ok := f.endedLocked(tok); ok {
				ended++
			}
		}
		return ended >= n
	})
}

// TestSaveCancelsCampaign saves twice: the first campaign (unbounded) is
// cancelled by the second save, and only the second content's findings
// remain.
func TestSaveCancelsCampaign(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 0, "fuzzBudgetSeconds", 600)})
	f.open(path)
	var first string
	f.Await("the first campaign fuzzing", func() bool {
		first, _ = f.runReportLocked(0, "fuzzing")
		return first != ""
	})
	// Replay while the campaign still runs: its deployment is known from
	// OnSetup, not from the campaign's report.
	f.Await("a first finding", func() bool { return len(f.findingsLocked(path)) > 0 })
	f.mu.Lock()
	id := findingIDOf(f.findingsLocked(path)[0])
	f.mu.Unlock()
	var trace string
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdReplay, Arguments: []any{findingArg{URI: uriOf(path), Finding: id}},
	}, &trace); err != nil || !strings.Contains(trace, "assertion failed") {
		t.Errorf("replay during the campaign: %v, %q", err, trace)
	}

	f.configure(budget)
	f.replace(path, "y == 10010", "y == 10011") // line 14's branch becomes unreachable
	f.save(path)
	f.Await("the first campaign cancelled", func() bool {
		msg, ok := f.endedLocked(first)
		return ok && strings.HasPrefix(msg, "cancelled")
	})
	f.Await("the second campaign done", func() bool {
		for _, tok := range f.tokens {
			if msg, ok := f.endedLocked(tok); ok && tok != first && fuzzed(msg) {
				return true
			}
		}
		return false
	})
	f.awaitFindingLines(path, 10)
	f.shutdown()
}

// TestQuickSaves saves twice in a row while the first run is still
// compiling or fuzzing: the runs before the last are cancelled, and the
// diagnostics are those of the last content only.
func TestQuickSaves(t *testing.T) {
	path := copyShared(t, "TwoObjectives.sol")
	f := newFake(t, fakeOptions{settings: budget})
	f.open(path)
	f.replace(path, "y == 10010", "y == 10011") // no bug on line 14
	f.save(path)
	f.replace(path, "y == 10011", "y == 10010") // line 14 fails again...
	f.replace(path, "y == 110", "y == 111")     // ...but line 11 cannot
	f.save(path)
	var ends []string
	tokens := 0
	f.Await("a run that was not cancelled", func() bool {
		ends, tokens = ends[:0], len(f.tokens)
		done := false
		for _, tok := range f.tokens {
			if msg, ok := f.endedLocked(tok); ok {
				ends = append(ends, msg)
				done = done || fuzzed(msg)
			}
		}
		return done
	})
	if len(ends) != tokens || strings.HasPrefix(ends[len(ends)-1], "cancelled") {
		t.Errorf("run ends = %q, want every earlier run cancelled and the last one done", ends)
	}
	for _, msg := range ends[:len(ends)-1] {
		if !strings.HasPrefix(msg, "cancelled") {
			t.Errorf("an earlier run ended with %q, want cancelled", msg)
		}
	}
	f.mu.Lock()
	got := lines(f.findingsLocked(path))
	f.mu.Unlock()
	if !reflect.DeepEqual(got, []uint32{13}) {
		t.Errorf("findings on lines %v, want [13]", got)
	}
	f.shutdown()
}
