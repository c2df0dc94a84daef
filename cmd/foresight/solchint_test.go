package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompilerHints checks that a file no compiler can build says what
// to do: widen a pragma older than solc-js, or install what --no-install
// kept out. Neither needs a compiler.
func TestCompilerHints(t *testing.T) {
	for _, tc := range []struct {
		name, pragma string
		args         []string
		want         []string
	}{
		{"pragma 0.3", "^0.3.0", nil, []string{"widen the pragma to >=0.4.11"}},
		{"pragma 0.4.10", "0.4.10", nil, []string{"widen the pragma to >=0.4.11"}},
		{"no-install", "0.8.36", []string{"--no-install"}, []string{"available: none", "installing was turned off by --no-install", "'foresight solc 0.8.36 --version'"}},
		{"no-install pinned", "0.8.36", []string{"--no-install", "--solc-version", "0.8.30"}, []string{"installing was turned off by --no-install", "'foresight solc 0.8.30 --version'"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Setenv("FORESIGHT_CACHE_DIR", filepath.Join(dir, "cache"))
			t.Setenv("PATH", dir) // no native solc
			path := filepath.Join(dir, "A.sol")
			if err := os.WriteFile(path, []byte("pragma solidity "+tc.pragma+";\ncontract A {}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			var out, errb bytes.Buffer
			code := run(context.Background(), append(append([]string{"check"}, tc.args...), path), &out, &errb)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != 1 {
				t.Fatalf("want one line, got:\n%s", out.String())
			}
			for _, w := range tc.want {
				if !strings.Contains(lines[0], w) {
					t.Errorf("%q lacks %q", lines[0], w)
				}
			}
		})
	}
}
