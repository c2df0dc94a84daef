package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"go.lsp.dev/protocol"
)

// behaviourVault reads a case of engine/testdata/behaviour.
func behaviourVault(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "engine", "testdata", "behaviour", name, "Vault.sol"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// awaitLens waits, on the client's events (each publish), until a lens
// on line of path has a title holding want, and returns it.
func (f *fakeClient) awaitLens(path string, line uint32, want string) string {
	f.t.Helper()
	deadline := time.NewTimer(awaitTimeout)
	defer deadline.Stop()
	var seen []string
	for {
		f.mu.Lock()
		ch := f.changed
		f.mu.Unlock()
		var lenses []protocol.CodeLens
		if err := f.call(protocol.MethodTextDocumentCodeLens, protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(path)}}, &lenses); err != nil {
			f.t.Fatal(err)
		}
		seen = seen[:0]
		for _, l := range lenses {
			if l.Command != nil && l.Range.Start.Line == line {
				seen = append(seen, l.Command.Title)
				if strings.Contains(l.Command.Title, want) {
					return l.Command.Title
				}
			}
		}
		select {
		case <-ch:
		case <-deadline.C:
			f.t.Fatalf("timed out waiting for a lens %q on line %d; it has %q", want, line+1, seen)
		}
	}
}

// behaviourDiags are the behaviour differences published for path (lock
// held).
func (f *fakeClient) behaviourDiagsLocked(path string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range f.diags[path] {
		if d.Source == sourceBehaviour {
			out = append(out, d)
		}
	}
	return out
}

// TestBehaviourOnSave saves a refactor of a vault, then a change of its
// fee's rounding: the refactor's deposit gets the lens "behaviour
// unchanged over N inputs" and no difference; the rounding change an
// Information diagnostic on deposit naming the input, with the actions
// to accept it (it goes) and to replay it on both builds.
func TestBehaviourOnSave(t *testing.T) {
	root := t.TempDir()
	vault := writeFile(t, root, "Vault.sol", behaviourVault(t, "base"))
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 2_000), folders: []string{root}})
	f.open(vault)
	f.awaitFuzzedEnd("the campaign after opening the vault")

	f.replace(vault, behaviourVault(t, "base"), behaviourVault(t, "refactor"))
	f.save(vault)
	deposit := lineOf(t, vault, "function deposit(")
	got := f.awaitLens(vault, deposit, "behaviour unchanged over ")
	if !strings.HasSuffix(got, " inputs") || strings.HasPrefix(got, "behaviour unchanged over 0 ") {
		t.Errorf("deposit's lens %q, want the inputs compared", got)
	}
	f.mu.Lock()
	if ds := f.behaviourDiagsLocked(vault); len(ds) > 0 {
		t.Errorf("a refactor shows behaviour differences: %+v", ds)
	}
	f.mu.Unlock()

	f.replace(vault, behaviourVault(t, "refactor"), behaviourVault(t, "rounding"))
	f.save(vault)
	deposit = lineOf(t, vault, "function deposit(")
	var diag protocol.Diagnostic
	f.Await("the rounding change's behaviour difference", func() bool {
		ds := f.behaviourDiagsLocked(vault)
		if len(ds) == 1 {
			diag = ds[0]
		}
		return len(ds) == 1
	})
	if diag.Severity != protocol.DiagnosticSeverityInformation || diag.Range.Start.Line != deposit ||
		!strings.Contains(diag.Message, "`deposit(") || !strings.Contains(diag.Message, "before returned ") {
		t.Fatalf("difference %+v, want an Information on deposit (line %d) naming the input and both results", diag, deposit+1)
	}
	f.awaitLens(vault, deposit, "behaviour changed")

	var actions []protocol.CodeAction
	if err := f.call(protocol.MethodTextDocumentCodeAction, protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(vault)},
		Range: diag.Range, Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{diag}}}, &actions); err != nil {
		t.Fatal(err)
	}
	cmds := map[string]*protocol.Command{}
	for _, a := range actions {
		cmds[a.Command.Command] = a.Command
	}
	if cmds[cmdReplayBehaviour] == nil || cmds[cmdAcceptBehaviour] == nil || cmds[cmdExportBehaviour] == nil {
		t.Fatalf("actions %+v, want replay, export and accept", actions)
	}
	var trace string
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdReplayBehaviour, Arguments: cmds[cmdReplayBehaviour].Arguments}, &trace); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(trace, "<- differs (return") {
		t.Errorf("replay on both builds:\n%s", trace)
	}
	var exported string
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdExportBehaviour, Arguments: cmds[cmdExportBehaviour].Arguments}, &exported); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(exported); err != nil || filepath.Dir(exported) != filepath.Join(root, "test") ||
		!strings.Contains(string(data), "function test_deposit_behaviour()") || !strings.Contains(string(data), `assertEq(ret, hex"`) {
		t.Errorf("export at %s (%v):\n%s", exported, err, data)
	}
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdAcceptBehaviour, Arguments: cmds[cmdAcceptBehaviour].Arguments}, nil); err != nil {
		t.Fatal(err)
	}
	f.Await("the accepted difference gone", func() bool { return len(f.behaviourDiagsLocked(vault)) == 0 })
	f.shutdown()
}
