package lsp

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestNeovim drives the real binary from Neovim's built-in LSP client
// (headless, testdata/nvim/e2e.lua): a third-party client with its own
// capabilities and framing. It is skipped when nvim is missing, except in
// CI, where scripts/test installs it.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("nvim is not installed (scripts/test installs it)")
		}
		t.Skip("nvim is not installed")
	}
	if testing.Short() {
		t.Skip("builds the binary")
	}
	dir := t.TempDir()
	bin := fixtures.Binary(t)
	work := filepath.Join(dir, "ws")
	data, err := os.ReadFile(fixtures.Example(t, "TwoObjectives.sol"))
	if err != nil {
		t.Fatal(err)
	}
	file := writeFile(t, work, "TwoObjectives.sol", string(data))
	script, err := filepath.Abs(filepath.Join("testdata", "nvim", "e2e.lua"))
	if err != nil {
		t.Fatal(err)
	}
	logFile := filepath.Join(dir, "server.log")

	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-c", "luafile "+script, "--", file)
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "FORESIGHT_BIN="+bin, "FORESIGHT_LOG="+logFile, "XDG_STATE_HOME="+dir, "XDG_DATA_HOME="+dir)
	out, err := cmd.CombinedOutput()
	t.Logf("nvim output:\n%s", out)
	if err != nil || !strings.Contains(string(out), "PASS") {
		serverLog, _ := os.ReadFile(logFile)
		t.Fatalf("nvim: %v\nserver log:\n%s", err, serverLog)
	}
	for _, want := range []string{"DIAG 11:13 [foresight assert-failure]", "DIAG 14:13 [foresight assert-failure]", "CODEACTION Replay failing sequence -> foresight.replay", "EXECUTE foresight.replay"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("nvim output lacks %q", want)
		}
	}
}
