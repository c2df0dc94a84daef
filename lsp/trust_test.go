package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
)

const okContract = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Ok {
    uint256 public x;

    function set(uint256 v) public {
        x = v;
    }
}
`

// hostileWorkspace is a folder whose foundry.toml (or settings) names
// evil.sh, which touches a marker file beside it when run at all (solc
// --version included). It returns the folder, the contract and the marker.
func hostileWorkspace(t *testing.T, toml func(evil string) string) (dir, contract, marker string) {
	t.Helper()
	dir = t.TempDir()
	marker = filepath.Join(dir, "RAN")
	evil := writeFile(t, dir, "evil.sh", "#!/bin/sh\ntouch '"+marker+"'\nexit 1\n")
	if err := os.Chmod(evil, 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "foundry.toml", toml(evil))
	contract = writeFile(t, dir, "src/Ok.sol", okContract)
	return dir, contract, marker
}

func ran(marker string) bool {
	_, err := os.Stat(marker)
	return err == nil
}

// TestUntrustedWorkspaceRunsNoWorkspaceCompiler opens and saves a document
// of a workspace whose foundry.toml or solcPath names an executable of the
// workspace. Untrusted (the default: the client says nothing), the document
// compiles with the user's compilers, a message says why once, and the
// executable never runs. Once the client grants trust, it does run: the
// check is able to see it.
func TestUntrustedWorkspaceRunsNoWorkspaceCompiler(t *testing.T) {
	cases := []struct {
		name     string
		toml     func(evil string) string
		settings func(evil string) map[string]any
		profile  string
		control  bool // granting trust runs evil.sh
		own      bool // the server makes its toolchain (solc.Config.Untrusted set)
	}{
		{name: "foundry.toml relative", toml: func(string) string { return "[profile.default]\nsolc = \"./evil.sh\"\n" }},
		{name: "foundry.toml absolute", toml: func(evil string) string { return "[profile.default]\nsolc = \"" + evil + "\"\n" }, control: true},
		{name: "foundry.toml absolute, own toolchain", own: true, control: true, toml: func(evil string) string { return "[profile.default]\nsolc = \"" + evil + "\"\n" }},
		{name: "foundry.toml profile ci", profile: "ci", control: true, toml: func(evil string) string {
			return "[profile.default]\nsrc = \"src\"\n\n[profile.ci]\nsolc = \"" + evil + "\"\n"
		}},
		{name: "solcPath in the workspace", control: true, settings: func(evil string) map[string]any { return map[string]any{"solcPath": evil} }},
		{name: "solcPath relative", settings: func(string) map[string]any { return map[string]any{"solcPath": "./evil.sh"} }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.profile != "" {
				t.Setenv("FOUNDRY_PROFILE", c.profile)
			}
			toml := c.toml
			if toml == nil {
				toml = func(string) string { return "[profile.default]\nsrc = \"src\"\n" }
			}
			dir, path, marker := hostileWorkspace(t, toml)
			settings := map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1}
			if c.settings != nil {
				for k, v := range c.settings(filepath.Join(dir, "evil.sh")) {
					settings[k] = v
				}
			}
			o := fakeOptions{settings: settings, folders: []string{dir}}
			if c.own {
				o.compiler = &solc.Config{NoNative: true}
			}
			f := newFake(t, o)
			f.open(path)
			f.save(path)
			f.Await("the workspace's compiler refused with a message", func() bool {
				for _, m := range f.shown {
					if strings.Contains(m.Message, "not trusted") && m.Type == protocol.MessageTypeWarning {
						return true
					}
				}
				return false
			})
			f.Await("a clean compile with the user's compiler", func() bool {
				ds, ok := f.diags[path]
				return ok && len(ds) == 0 && f.publishN[path] > 0
			})
			if ran(marker) {
				t.Fatalf("untrusted workspace: evil.sh ran")
			}
			if !c.control {
				f.shutdown()
				return
			}
			f.notify(methodGrantTrust, nil)
			f.Await("evil.sh run once trusted", func() bool {
				return ran(marker) && len(f.diags[path]) > 0 // it exits 1: a compiler error
			})
			f.shutdown()
		})
	}
}

// TestTrustedWorkspaceFromInitialize: a client that says the workspace is
// trusted gets the project's own compiler at once.
func TestTrustedWorkspaceFromInitialize(t *testing.T) {
	dir, path, marker := hostileWorkspace(t, func(evil string) string { return "[profile.default]\nsolc = \"" + evil + "\"\n" })
	f := newFake(t, fakeOptions{
		settings:    map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0},
		folders:     []string{dir},
		initOptions: map[string]any{"trustedWorkspace": true},
	})
	f.open(path)
	f.Await("a compiler error from evil.sh", func() bool { return len(f.diags[path]) > 0 })
	if !ran(marker) {
		t.Errorf("trusted workspace: the project's compiler did not run")
	}
	f.shutdown()
}

// TestTrustIsNotASetting: the "foresight" section (which a workspace's
// own settings file can set) cannot trust the workspace.
func TestTrustIsNotASetting(t *testing.T) {
	dir, path, marker := hostileWorkspace(t, func(evil string) string { return "[profile.default]\nsolc = \"" + evil + "\"\n" })
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "trustedWorkspace": true}, folders: []string{dir}})
	f.open(path)
	f.Await("a clean compile", func() bool { ds, ok := f.diags[path]; return ok && len(ds) == 0 })
	if ran(marker) {
		t.Errorf("a setting trusted the workspace: evil.sh ran")
	}
	f.shutdown()
}

// TestCommandsOutsideWorkspace: commands name only .sol documents inside a
// workspace folder, symbolic links resolved; anything else is
// InvalidParams and nothing is compiled.
func TestCommandsOutsideWorkspace(t *testing.T) {
	ws := t.TempDir()
	outside := writeFile(t, t.TempDir(), "Outside.sol", okContract)
	if err := os.Symlink(outside, filepath.Join(ws, "Linked.sol")); err != nil {
		t.Fatal(err)
	}
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0}, folders: []string{ws}})
	uris := []protocol.DocumentURI{
		"file:///etc/passwd",
		uriOf(outside),
		uriOf(filepath.Join(ws, "Linked.sol")),
		protocol.DocumentURI("file://" + filepath.ToSlash(ws) + "/../" + filepath.Base(filepath.Dir(outside)) + "/Outside.sol"),
		"untitled:Untitled-1",
	}
	for _, u := range uris {
		for _, cmd := range []struct {
			name string
			arg  any
		}{
			{cmdFuzzFunc, functionArg{URI: u, Function: "Ok.set"}},
			{cmdFuzzFile, fileArg{URI: u}},
			{cmdReplay, findingArg{URI: u, Finding: "f1"}},
			{cmdExportTest, findingArg{URI: u, Finding: "f1"}},
		} {
			err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmd.name, Arguments: []any{cmd.arg}}, nil)
			if rpcCode(err) != -32602 {
				t.Errorf("%s %s: %v, want InvalidParams", cmd.name, u, err)
			}
		}
	}
	// A document outside every folder is not compiled; one inside is.
	f.open(outside)
	// Messages are handled in order: once a later request is answered,
	// didOpen has been.
	if err := f.call(protocol.MethodTextDocumentHover, protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uriOf(outside)}}}, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.logs.String(), "not compiled: outside the workspace folders") {
		t.Errorf("the outside document was not refused")
	}
	inside := writeFile(t, ws, "Inside.sol", okContract)
	f.open(inside)
	f.Await("the inside document compiled", func() bool { _, ok := f.diags[inside]; return ok })
	f.mu.Lock()
	if n := f.publishN[outside]; n != 0 {
		t.Errorf("the outside document was published %d times, want never", n)
	}
	f.mu.Unlock()
	// Inside, a command is accepted.
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdFuzzFile, Arguments: []any{fileArg{URI: uriOf(inside)}}}, nil); err != nil {
		t.Errorf("fuzzFile inside the workspace: %v", err)
	}
	f.shutdown()
}

// TestCommandsWithoutFolders: a client that names no workspace folder
// (single-file mode) may name the projects of its open documents only.
func TestCommandsWithoutFolders(t *testing.T) {
	open := writeFile(t, t.TempDir(), "Open.sol", okContract)
	other := writeFile(t, t.TempDir(), "Other.sol", okContract)
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0}})
	f.open(open)
	f.Await("Open.sol compiled", func() bool { _, ok := f.diags[open]; return ok })
	err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdFuzzFile, Arguments: []any{fileArg{URI: uriOf(other)}}}, nil)
	if rpcCode(err) != -32602 {
		t.Errorf("fuzzFile on a file of no open project: %v, want InvalidParams", err)
	}
	if err := f.call(protocol.MethodWorkspaceExecuteCommand, protocol.ExecuteCommandParams{Command: cmdFuzzFile, Arguments: []any{fileArg{URI: uriOf(open)}}}, nil); err != nil {
		t.Errorf("fuzzFile on the open document: %v", err)
	}
	f.shutdown()
}

func TestResolve(t *testing.T) {
	dir := t.TempDir()
	out := t.TempDir()
	if err := os.Symlink(out, filepath.Join(dir, "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(out, "missing"), filepath.Join(dir, "dangling")); err != nil {
		t.Fatal(err)
	}
	realDir, _ := filepath.EvalSymlinks(dir)
	realOut, _ := filepath.EvalSymlinks(out)
	for _, c := range []struct {
		path, want string
	}{
		{filepath.Join(dir, "link", "a", "b.sol"), filepath.Join(realOut, "a", "b.sol")},
		{filepath.Join(dir, "new", "c.sol"), filepath.Join(realDir, "new", "c.sol")},
		{filepath.Join(dir, "x", "..", "link"), realOut},
	} {
		got, err := resolve(c.path)
		if err != nil || got != c.want {
			t.Errorf("resolve(%s) = %q, %v; want %q", c.path, got, err, c.want)
		}
	}
	if _, err := resolve(filepath.Join(dir, "dangling", "x.sol")); err == nil {
		t.Errorf("resolve through a dangling link: no error")
	}
	if !within(realDir, filepath.Join(realDir, "a")) || within(realDir, realOut) || within(realDir, realDir+"x") {
		t.Errorf("within is wrong")
	}
}
