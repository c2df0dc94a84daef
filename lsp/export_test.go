package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"go.lsp.dev/protocol"
)

// TestExportStaysInWorkspace exports a finding as a Foundry test where
// test/ is a symbolic link out of the workspace (refused), then where the
// test's name is a link to a file outside (a new name, -2; the file is
// untouched): through workspace/applyEdit, and on disk for a client that
// cannot create files.
func TestExportStaysInWorkspace(t *testing.T) {
	for _, noCreate := range []bool{false, true} {
		name := "applyEdit"
		if noCreate {
			name = "disk"
		}
		t.Run(name, func(t *testing.T) { testExportStaysInWorkspace(t, noCreate) })
	}
}

func testExportStaysInWorkspace(t *testing.T, noCreate bool) {
	const testName = "Foresight_TwoObjectives_assert-failure.t.sol"
	ws := filepath.Dir(copyShared(t, "TwoObjectives.sol"))
	path := filepath.Join(ws, "TwoObjectives.sol")
	out := t.TempDir()
	precious := writeFile(t, out, testName, "precious\n")
	if err := os.Symlink(out, filepath.Join(ws, "test")); err != nil {
		t.Fatal(err)
	}
	f := newFake(t, fakeOptions{settings: budget, folders: []string{ws}, noCreate: noCreate})
	f.open(path)
	f.save(path)
	f.awaitFindingLines(path, 10, 13)
	f.mu.Lock()
	id := findingIDOf(f.findingsLocked(path)[0])
	f.mu.Unlock()
	export := func() (string, error) {
		var res string
		err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
			Command: cmdExportTest, Arguments: []any{findingArg{URI: uriOf(path), Finding: id}},
		}, &res)
		return res, err
	}
	untouched := func() {
		t.Helper()
		data, err := os.ReadFile(precious)
		if err != nil || string(data) != "precious\n" {
			t.Fatalf("the file outside the workspace = %q, %v", data, err)
		}
	}

	// test/ leads out of the workspace (refused by session.ExportPlace, as
	// `replay --export` refuses it).
	if res, err := export(); err == nil || !strings.Contains(err.Error(), "outside the project") {
		t.Errorf("export through a linked test/ = %q, %v; want an error", res, err)
	}
	untouched()
	f.mu.Lock()
	if len(f.edits) != 0 {
		t.Errorf("applyEdit sent for a path outside the workspace: %s", f.edits)
	}
	f.mu.Unlock()

	// test/ is real, the test's name a link out.
	if err := os.Remove(filepath.Join(ws, "test")); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(ws, "test", testName)
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(precious, link); err != nil {
		t.Fatal(err)
	}
	res, err := export()
	want := filepath.Join(ws, "test", "Foresight_TwoObjectives_assert-failure-2.t.sol")
	if err != nil || res != want {
		t.Fatalf("export = %q, %v; want %q", res, err, want)
	}
	untouched()
	if target, err := os.Readlink(link); err != nil || target != precious {
		t.Errorf("the link = %q, %v; want it unchanged", target, err)
	}
	if noCreate {
		data, err := os.ReadFile(want)
		if err != nil || !strings.Contains(string(data), "contract ") {
			t.Errorf("written test = %q, %v", data, err)
		}
		// A second export takes the next name.
		if res, err := export(); err != nil || !strings.HasSuffix(res, "-3.t.sol") {
			t.Errorf("second export = %q, %v; want a -3 name", res, err)
		}
		f.shutdown()
		return
	}
	f.mu.Lock()
	var edit struct {
		Edit struct {
			DocumentChanges []json.RawMessage `json:"documentChanges"`
		} `json:"edit"`
	}
	if len(f.edits) != 1 || json.Unmarshal(f.edits[0], &edit) != nil || len(edit.Edit.DocumentChanges) != 2 {
		t.Fatalf("edits = %s", f.edits)
	}
	f.mu.Unlock()
	var create createFile
	if err := json.Unmarshal(edit.Edit.DocumentChanges[0], &create); err != nil {
		t.Fatal(err)
	}
	if create.Kind != "create" || create.URI != uriOf(want) || create.Options == nil || !create.Options.IgnoreIfExists {
		t.Errorf("create = %s, want ignoreIfExists on %s", edit.Edit.DocumentChanges[0], uriOf(want))
	}
	f.shutdown()
}

// TestExportOutsideWorkspaceErrorCode: an export refused because test/
// leads out of the workspace is answered with RequestFailed (LSP 3.17,
// -32803) and a message that says where test/ leads, not with code 0.
func TestExportOutsideWorkspaceErrorCode(t *testing.T) {
	ws := filepath.Dir(copyShared(t, "TwoObjectives.sol"))
	path := filepath.Join(ws, "TwoObjectives.sol")
	out := t.TempDir()
	if err := os.Symlink(out, filepath.Join(ws, "test")); err != nil {
		t.Fatal(err)
	}
	f := newFake(t, fakeOptions{settings: budget, folders: []string{ws}})
	f.open(path)
	f.save(path)
	f.awaitFindingLines(path, 10, 13)
	f.mu.Lock()
	id := findingIDOf(f.findingsLocked(path)[0])
	f.mu.Unlock()
	var res string
	err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
		Command: cmdExportTest, Arguments: []any{findingArg{URI: uriOf(path), Finding: id}},
	}, &res)
	realOut, _ := filepath.EvalSymlinks(out)
	if rpcCode(err) != codeRequestFailed || !strings.Contains(err.Error(), "outside the project") || !strings.Contains(err.Error(), realOut) {
		t.Errorf("export through a linked test/ = %q, %v (code %d); want RequestFailed (%d) naming %s", res, err, rpcCode(err), codeRequestFailed, realOut)
	}
	f.shutdown()
}

// TestExportFromDependency: a finding in a package inside node_modules
// (with a package.json of its own, so the server takes it as the file's
// project) is exported as `replay --export` exports it
// (session.ExportPlace): into the test folder of the project holding
// node_modules, importing the package's file through it, never into
// node_modules. With the package itself as the workspace folder the
// holder lies outside the workspace: refused, and nothing is written.
func TestExportFromDependency(t *testing.T) {
	for _, whole := range []bool{true, false} {
		name := "app folder"
		if !whole {
			name = "package folder"
		}
		t.Run(name, func(t *testing.T) {
			app := t.TempDir()
			fixture := filepath.Join(fixtures.RepoRoot(), "engine", "replay", "testdata", "dependency")
			for _, rel := range []string{"package.json", "node_modules/vaultpkg/package.json", "node_modules/vaultpkg/contracts/Ledger.sol"} {
				data, err := os.ReadFile(filepath.Join(fixture, filepath.FromSlash(rel)))
				if err != nil {
					t.Fatal(err)
				}
				writeFile(t, app, rel, string(data))
			}
			pkg := filepath.Join(app, "node_modules", "vaultpkg")
			path := filepath.Join(pkg, "contracts", "Ledger.sol")
			folder := app
			if !whole {
				folder = pkg
			}
			f := newFake(t, fakeOptions{settings: budget, folders: []string{folder}, noCreate: true})
			f.open(path)
			f.save(path)
			f.Await("the finding in Ledger", func() bool { return len(f.findingsLocked(path)) > 0 })
			f.mu.Lock()
			id := findingIDOf(f.findingsLocked(path)[0])
			f.mu.Unlock()
			var res string
			err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{
				Command: cmdExportTest, Arguments: []any{findingArg{URI: uriOf(path), Finding: id}},
			}, &res)
			if _, serr := os.Stat(filepath.Join(pkg, "test")); !os.IsNotExist(serr) {
				t.Errorf("the package's test/ exists (%v): the export went into node_modules", serr)
			}
			if !whole {
				if err == nil || !strings.Contains(err.Error(), "outside the project") {
					t.Errorf("export from the package's own folder = %q, %v; want a refusal (the holding project is outside the workspace)", res, err)
				}
				return
			}
			want := filepath.Join(app, "test", "Foresight_Ledger_assert-failure.t.sol")
			if err != nil || res != want {
				t.Fatalf("export = %q, %v; want %s", res, err, want)
			}
			data, err := os.ReadFile(want)
			const imp = `import {Ledger} from "../node_modules/vaultpkg/contracts/Ledger.sol";`
			if err != nil || !strings.Contains(string(data), imp) {
				t.Errorf("%s lacks %s (%v):\n%s", want, imp, err, data)
			}
		})
	}
}
