package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/solc"
)

// TestUntrustedWorkspaceRunsNoWorkspaceNode: an untrusted workspace ships
// node, npm and forge that touch a marker when run, and the user's PATH
// has the workspace's folder (an absolute entry) first. The document
// compiles with the user's node, and none of them runs.
func TestUntrustedWorkspaceRunsNoWorkspaceNode(t *testing.T) {
	dir, path, marker := hostileWorkspace(t, func(string) string { return "[profile.default]\nsrc = \"src\"\n" })
	for _, name := range []string{"node", "npm", "forge"} {
		p := writeFile(t, dir, "bin/"+name, "#!/bin/sh\ntouch '"+marker+"'\nexit 1\n")
		if err := os.Chmod(p, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("PATH", filepath.Join(dir, "bin")+string(filepath.ListSeparator)+os.Getenv("PATH"))
	f := newFake(t, fakeOptions{
		settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1},
		folders:  []string{dir},
		compiler: &solc.Config{NoNative: true}, // the server's own toolchain, untrusted
	})
	f.open(path)
	f.save(path)
	f.Await("a clean compile with the user's node", func() bool {
		ds, ok := f.diags[path]
		return ok && len(ds) == 0 && f.publishN[path] > 0
	})
	if ran(marker) {
		t.Fatal("untrusted workspace: its node, npm or forge ran")
	}
	f.shutdown()
}
