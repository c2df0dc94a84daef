package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestNoPathFuzzesCurrentDirectory checks that check and fuzz without a
// FILE or DIR fuzz the current directory, as with ".".
func TestNoPathFuzzesCurrentDirectory(t *testing.T) {
	src, err := os.ReadFile(fixtures.Example(t, "TwoObjectives.sol"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "TwoObjectives.sol"), src, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, cmd := range []string{"check", "fuzz"} {
		code, out, stderr := foresight(t, cmd, "--execs", "5000", "--seed", "1")
		if code != exitFindings || !strings.Contains(out, "TwoObjectives.sol:") {
			t.Errorf("%s with no path: exit %d, want %d with findings in TwoObjectives.sol; stdout:\n%s\nstderr:\n%s", cmd, code, exitFindings, out, stderr)
		}
	}
}
