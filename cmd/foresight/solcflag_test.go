package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// shimSolc writes dir/solc, a native-looking solc that is the real
// binary's solc-js shim (`foresight solc 0.8.37`).
func shimSolc(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "solc")
	script := "#!/bin/sh\nexec '" + fixtures.Binary(t) + "' solc 0.8.37 \"$@\"\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRelativeSolcFlag: `--solc ./solc` names a file in the current
// directory; it used to fail with "no such file or directory", since the
// compile runs in an empty working directory of its own.
func TestRelativeSolcFlag(t *testing.T) {
	dir := t.TempDir()
	shimSolc(t, dir)
	t.Chdir(dir)
	path := fixtures.Example(t, "TwoObjectives.sol")
	code, out, stderr := foresight(t, "check", path, "--solc", "./solc", "--execs", "5000", "--seed", "1")
	if code != exitFindings || !strings.Contains(out, "TwoObjectives.sol:11:13: error: Assertion failed when user ") {
		t.Errorf("check --solc ./solc: exit %d, stdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
}
