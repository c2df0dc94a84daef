package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestNodeHarness runs testdata/harness (node:test on
// vscode-languageserver-protocol, the protocol layer of VS Code's client)
// against the built binary over stdio: the wider scenario list, from
// initialize to exit, in a real client library. It is skipped when node is
// missing, except in CI.
func TestNodeHarness(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node is not installed")
		}
		t.Skip("node is not installed")
	}
	if testing.Short() {
		t.Skip("builds the binary and installs npm packages")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	bin := fixtures.Binary(t)
	harness, err := filepath.Abs(filepath.Join("testdata", "harness"))
	if err != nil {
		t.Fatal(err)
	}
	npm := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
	npm.Dir = harness
	if out, err := npm.CombinedOutput(); err != nil {
		t.Fatalf("npm ci in %s: %v\n%s", harness, err, out)
	}
	logs := t.TempDir()
	cmd := exec.CommandContext(ctx, node, "--test", "--test-reporter=spec")
	cmd.Dir = harness
	cmd.Env = append(os.Environ(), "FORESIGHT_BIN="+bin, "FORESIGHT_HARNESS_OUT="+logs)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("node --test: %v\n%s", err, out)
		serverLogs, _ := filepath.Glob(filepath.Join(logs, "*.log"))
		for _, p := range serverLogs {
			data, _ := os.ReadFile(p)
			t.Logf("%s:\n%s", filepath.Base(p), data)
		}
		return
	}
	t.Logf("node --test:\n%s", out)
}
