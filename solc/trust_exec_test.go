package solc

import (
	"os"
	"path/filepath"
	"testing"
)

// TestUntrustedWorkspaceRunsNoWorkspaceNode: an untrusted workspace ships
// node, npm and forge that touch a marker when run, and the user's PATH
// reaches them first, through an absolute entry inside the workspace, a
// relative one, or an entry outside that is a symbolic link into it.
// Installing and running solc-js must use the user's own npm and node
// (npm's `#!/usr/bin/env node` included): the marker never appears and the
// file compiles.
func TestUntrustedWorkspaceRunsNoWorkspaceNode(t *testing.T) {
	const src = "pragma solidity ^0.4.24;\ncontract A { function f() public pure returns (uint) { return 1; } }\n"
	// "installed": solc-js is in the user cache already, so only node runs.
	for _, form := range []string{"absolute", "relative", "symlink", "installed"} {
		t.Run(form, func(t *testing.T) {
			root := writeTree(t, map[string]string{"src/A.sol": src, "foundry.toml": "[profile.default]\nsrc = \"src\"\n"})
			marker := filepath.Join(t.TempDir(), "ran")
			for _, name := range []string{"node", "npm", "forge"} {
				script := "#!/bin/sh\necho " + name + " >> '" + marker + "'\nexit 1\n"
				if err := os.MkdirAll(filepath.Join(root, "bin"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, "bin", name), []byte(script), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			entry := filepath.Join(root, "bin")
			switch form {
			case "relative":
				t.Chdir(root)
				entry = "bin"
			case "symlink":
				entry = filepath.Join(t.TempDir(), "tools")
				if err := os.Symlink(filepath.Join(root, "bin"), entry); err != nil {
					t.Fatal(err)
				}
			}
			t.Setenv("PATH", entry+string(filepath.ListSeparator)+os.Getenv("PATH"))
			cfg := Config{Untrusted: true, NoNative: true, SolcVersion: "0.4.26", CacheDir: t.TempDir()}
			if form == "installed" {
				cfg.CacheDir = "" // the user's, where the tests' solc-js releases are
			}
			b, ran, notes := compileTrust(t, cfg, root, marker)
			if ran {
				data, _ := os.ReadFile(marker)
				t.Errorf("the workspace's programs ran: %q (notes %q)", data, notes)
			}
			if b.HasErrors() {
				t.Errorf("build failed: %+v %v", b.Diagnostics, b.Err)
			}
		})
	}
}
