package lsp

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
)

// mutantDiagsLocked are the mutants' hints published for path by line
// (one-based) and code (lock held).
func (f *fakeClient) mutantDiagsLocked(path string) map[int]map[string]protocol.Diagnostic {
	out := map[int]map[string]protocol.Diagnostic{}
	for _, d := range f.diags[path] {
		if d.Source != sourceMutants {
			continue
		}
		l := int(d.Range.Start.Line) + 1
		if out[l] == nil {
			out[l] = map[string]protocol.Diagnostic{}
		}
		out[l][d.Code.(string)] = d
	}
	return out
}

// TestMutantsOnSave saves an edit of the weak vault's withdraw (and a
// comment on rescue's tally) with the setting mutants on
// (session/testdata/mutants/weak, whose invariant checks only solvency):
// once the save's campaign ended, the changed lines with a mutant no
// property notices get a hint naming it and how often the line ran, the
// keeper's rescue a hint that its mutants were not reached, and each
// function a lens with the counts. The actions show a mutant as a diff
// and add an invariant stub on balanceOf to the suite, which compiles.
func TestMutantsOnSave(t *testing.T) {
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(filepath.Join(fixtures.RepoRoot(), "session", "testdata", "mutants", "weak"))); err != nil {
		t.Fatal(err)
	}
	vault := filepath.Join(root, "src", "Vault.sol")
	suite := filepath.Join(root, "test", "VaultWeak.t.sol")
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 2_000, "seed", 1, "mutants", true, "mutantExecs", 3_000), folders: []string{root}})
	f.open(vault)
	f.awaitFuzzedEnd("the campaign after opening the vault")

	f.replace(vault, `require(amount != 0, "zero");`, `require(amount > 0, "zero");`)
	f.replace(vault, "balanceOf[msg.sender] -= amount;", "balanceOf[msg.sender] -= amount; // the books first")
	f.replace(vault, "payable(msg.sender).transfer(amount);", "payable(msg.sender).transfer(amount); // then the ether")
	f.replace(vault, "rescued += amount;", "rescued += amount; // the keeper's tally")
	f.save(vault)
	guard, books, pay := lineOf(t, vault, "require(amount > 0")+1, lineOf(t, vault, "// the books first")+1, lineOf(t, vault, "// then the ether")+1
	tally := lineOf(t, vault, "// the keeper's tally") + 1
	var hints map[int]map[string]protocol.Diagnostic
	f.Await("the mutants' hints on withdraw and rescue", func() bool {
		hints = f.mutantDiagsLocked(vault)
		return len(hints[int(guard)]) > 0 && len(hints[int(tally)]) > 0
	})
	for l, ds := range hints {
		for _, d := range ds {
			t.Logf("line %d: %s", l, d.Message)
		}
	}
	want := map[uint32][]string{
		guard: {"no property notices if `require(amount > 0)` removed", " here: reached "},
		books: {"no property notices if `msg.sender` becomes `tx.origin` here: reached "},
		pay:   {"no property notices if `msg.sender` becomes `tx.origin` here: reached "},
	}
	for line, parts := range want {
		d, ok := hints[int(line)][codeSurvived]
		for _, part := range parts {
			if !ok || !strings.Contains(d.Message, part) || !strings.HasSuffix(d.Message, " times") || d.Severity != protocol.DiagnosticSeverityInformation {
				t.Errorf("line %d: hint %+v, want an Information holding %q", line, d, part)
			}
		}
	}
	if d := hints[int(books)][codeSurvived]; strings.Contains(d.Message, "`-=` becomes `+=`") {
		t.Errorf("the invariant kills `-=` becoming `+=`, yet line %d says %q", books, d.Message)
	}
	if d, ok := hints[int(tally)][codeNotReached]; !ok || !strings.Contains(d.Message, "`+=` becomes `-=`") || !strings.Contains(d.Message, "a gap in coverage") {
		t.Errorf("rescue's tally: hint %+v, want its mutants not reached, a coverage gap", d)
	}
	if len(hints) != 4 {
		t.Errorf("hints on lines %v, want %d, %d, %d and %d only", hints, guard, books, pay, tally)
	}
	f.awaitLens(vault, lineOf(t, vault, "function withdraw("), "mutants: 3 killed, 6 survived, 0 not reached")
	f.awaitLens(vault, lineOf(t, vault, "function rescue("), "mutants: 0 killed, 0 survived, 3 not reached")

	d := hints[int(guard)][codeSurvived]
	var actions []protocol.CodeAction
	if err := f.call(protocol.MethodTextDocumentCodeAction, protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(vault)},
		Range: d.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{d}}}, &actions); err != nil {
		t.Fatal(err)
	}
	cmds := map[string]*protocol.Command{}
	for _, a := range actions {
		cmds[a.Title] = a.Command
	}
	show, skeleton := cmds["Show mutant: `require(amount > 0)` removed"], cmds["Add a property skeleton for this line"]
	if show == nil || skeleton == nil {
		t.Fatalf("actions %+v, want Show mutant on the removed require and Add a property skeleton", actions)
	}
	var view mutantView
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: show.Command, Arguments: show.Arguments}, &view); err != nil {
		t.Fatal(err)
	}
	if view.Path != vault || view.Status != "survived" || !strings.Contains(view.Original, `require(amount > 0, "zero");`) ||
		strings.Contains(view.Mutated, `require(amount > 0, "zero");`) || !strings.Contains(view.Diff, "\n-        require(amount > 0, \"zero\");\n") {
		t.Errorf("show mutant: %+v", view)
	}
	checkSkeleton(t, f, skeleton, root, suite)
	f.shutdown()
}

// checkSkeleton runs the skeleton action and checks its edit: an
// invariant on balanceOf at the end of the suite's test contract, which
// compiles.
func checkSkeleton(t *testing.T, f *fakeClient, cmd *protocol.Command, root, suite string) {
	t.Helper()
	var into string
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmd.Command, Arguments: cmd.Arguments}, &into); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	raw := f.edits[len(f.edits)-1]
	f.mu.Unlock()
	var edit struct {
		Edit struct {
			DocumentChanges []struct {
				TextDocument struct {
					URI protocol.DocumentURI `json:"uri"`
				} `json:"textDocument"`
				Edits []protocol.TextEdit `json:"edits"`
			} `json:"documentChanges"`
		} `json:"edit"`
	}
	if err := json.Unmarshal(raw, &edit); err != nil || len(edit.Edit.DocumentChanges) != 1 || len(edit.Edit.DocumentChanges[0].Edits) != 1 {
		t.Fatalf("skeleton edit %s (%v)", raw, err)
	}
	dc := edit.Edit.DocumentChanges[0]
	te := dc.Edits[0]
	if into != suite || dc.TextDocument.URI != uriOf(suite) || !strings.Contains(te.NewText, "function invariant_withdraw_balanceOf() public view {") ||
		!strings.Contains(te.NewText, "vault.balanceOf(...)") {
		t.Fatalf("skeleton into %s: %+v", into, dc)
	}
	data, err := os.ReadFile(suite)
	if err != nil {
		t.Fatal(err)
	}
	src := session.NewText(data)
	at, err := src.Mapper().Offset(int(te.Range.Start.Line), int(te.Range.Start.Character))
	if err != nil {
		t.Fatal(err)
	}
	edited := string(data[:at]) + te.NewText + string(data[at:])
	if !strings.Contains(edited, te.NewText+"\n}") {
		t.Errorf("the stub is not the test contract's last member:\n%s", edited)
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	builds, err := testToolchain().Compile(context.Background(), proj, solc.Request{Files: []string{suite}, Overlay: solc.Overlay{suite: []byte(edited)}, Mode: solc.Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range builds {
		if b.HasErrors() {
			t.Errorf("the suite with the stub does not compile: %+v\n%s", b.Diagnostics, edited)
		}
	}
}

// TestMutantHintWords checks a line's hint for each kind of line: one
// survivor (the example), several (the runs of the one the
// engine counts), and mutants not reached; the hint covers the line's
// code, not its indentation.
func TestMutantHintWords(t *testing.T) {
	src := session.NewText([]byte("contract C {\n    function f(uint x, uint y) public {\n        require(x >= y);\n    }\n}\n"))
	m := func(id, desc string, st mutant.Status, reached uint64, counted bool) *shownMutant {
		return &shownMutant{src: src, Result: mutant.Result{Mutant: mutant.Mutant{ID: id, Line: 3, Description: desc},
			Status: st, Reached: reached, Counted: counted, Execs: 3000}}
	}
	for _, c := range []struct {
		ms   []*shownMutant
		code string
		want string
	}{
		{[]*shownMutant{m("a", "`>=` becomes `>`", mutant.Survived, 4210, true)}, codeSurvived,
			"no property notices if `>=` becomes `>` here: reached 4,210 times"},
		{[]*shownMutant{m("a", "`require(x >= y)` removed", mutant.Survived, 1, false), m("b", "`>=` becomes `>`", mutant.Survived, 12, true), m("c", "`>=` becomes `<`", mutant.Survived, 9, true)}, codeSurvived,
			"no property notices if `require(x >= y)` removed, if `>=` becomes `>` or if `>=` becomes `<` here: reached 12 times"},
		{[]*shownMutant{m("a", "`require(x >= y)` removed", mutant.Survived, 1, false)}, codeSurvived,
			"no property notices if `require(x >= y)` removed here: reached (the engine does not count this line's runs)"},
		{[]*shownMutant{m("a", "`>=` becomes `>`", mutant.NotReached, 0, true), m("b", "`>=` becomes `<`", mutant.NotReached, 0, true)}, codeNotReached,
			"not reached: `>=` becomes `>` and `>=` becomes `<` here: never reached in 3,000 executions; a gap in coverage (the set-up or the fuzzer does not get here), not in the properties"},
	} {
		d := lineHint(c.ms)
		if d.Message != c.want || d.Code != c.code || d.Source != sourceMutants {
			t.Errorf("hint %q (%v, %s), want %q (%s)", d.Message, d.Code, d.Source, c.want, c.code)
		}
		if d.Range.Start.Line != 2 || d.Range.Start.Character != 8 || d.Range.End.Character != 24 {
			t.Errorf("hint range %+v, want line 3's code (characters 8-24)", d.Range)
		}
		if ids := mutantIDsOf(d); len(ids) != len(c.ms) || ids[0] != "a" {
			t.Errorf("hint ids %v", ids)
		}
	}
}

// TestSkeletonNewFile: with no suite beside the mutants, the skeleton is
// a test file of its own in the project's test folder, which imports the
// contract, deploys it in setUp() and compiles with the stub.
func TestSkeletonNewFile(t *testing.T) {
	root := t.TempDir()
	if err := os.CopyFS(root, os.DirFS(filepath.Join(fixtures.RepoRoot(), "session", "testdata", "mutants", "weak"))); err != nil {
		t.Fatal(err)
	}
	vault := filepath.Join(root, "src", "Vault.sol")
	data, err := os.ReadFile(vault)
	if err != nil {
		t.Fatal(err)
	}
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	m := &shownMutant{src: session.NewText(data), Result: mutant.Result{Mutant: mutant.Mutant{Path: vault, Unit: "src/Vault.sol", Line: 16, Description: "`require(amount != 0)` removed"}}}
	p := &project{root: root, layout: proj}
	sk := newSuite(p, m, "Vault", "invariant_withdraw_balanceOf", "No property noticed it.", "balanceOf")
	if sk.suite != "" || sk.rel != "test/VaultMutants.t.sol" || !strings.Contains(sk.text, `import {Vault} from "../src/Vault.sol";`) ||
		!strings.Contains(sk.text, "vault = new Vault();") || !strings.Contains(sk.text, "function invariant_withdraw_balanceOf() public view {") {
		t.Fatalf("skeleton %s:\n%s", sk.rel, sk.text)
	}
	file := filepath.Join(root, filepath.FromSlash(sk.rel))
	builds, err := testToolchain().Compile(context.Background(), proj, solc.Request{Files: []string{file}, Overlay: solc.Overlay{file: []byte(sk.text)}, Mode: solc.Diagnostics})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range builds {
		if b.HasErrors() {
			t.Errorf("the new test file does not compile: %+v\n%s", b.Diagnostics, sk.text)
		}
	}
}
