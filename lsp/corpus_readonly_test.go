package lsp

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// branchy has several branches, so a campaign keeps several inputs.
const branchy = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Branchy {
    uint256 public x;
    function a(uint256 v) public { if (v > 10) { x = 1; } else if (v > 5) { x = 2; } else { x = 3; } }
    function b(uint256 v) public { if (v % 3 == 0) { x += 4; } else if (v % 7 == 0) { x += 5; } }
    function c(uint256 v, uint256 w) public { if (v > w) { x = v; } else if (v == w) { x = 0; } }
}
`

// readOnly makes dirs refuse new files, for root too (chattr +i on
// ext4), and undoes it when the test ends; it skips the test where
// neither works.
func readOnly(t *testing.T, dirs ...string) {
	t.Helper()
	for _, d := range dirs {
		if os.Geteuid() != 0 {
			if err := os.Chmod(d, 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(d, 0o755) })
			continue
		}
		if out, err := exec.Command("chattr", "+i", d).CombinedOutput(); err != nil {
			t.Skipf("cannot make %s read-only as root: chattr: %v %s", d, err, out)
		}
		t.Cleanup(func() { exec.Command("chattr", "-i", d).Run() })
	}
	probe := filepath.Join(dirs[0], "probe")
	if err := os.WriteFile(probe, nil, 0o644); err == nil {
		os.Remove(probe)
		t.Skipf("%s is still writable", dirs[0])
	}
}

// TestReadOnlyCorpusSaidOnce: a project whose .foresight folder cannot be
// written gets one short warning per session naming the folder and the
// error, however many inputs and saves; the details go to the log.
func TestReadOnlyCorpusSaidOnce(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	path := writeFile(t, dir, "src/Branchy.sol", branchy)
	writeFile(t, dir, ".foresight/.gitignore", "*\n")
	var dirs []string
	for _, sub := range []string{"corpus/inputs", "corpus/findings", "corpus", ""} {
		d := filepath.Join(dir, corpusDir, sub)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, d)
	}
	readOnly(t, dirs...)
	settings := map[string]any{"fuzzExecs": 3000, "fuzzBudgetSeconds": 0, "seed": 1}
	f := newFake(t, fakeOptions{settings: settings, folders: []string{dir}})
	ended := func(n int) func() bool {
		return func() bool {
			k := 0
			for _, tok := range f.tokens {
				if msg, ok := f.endedLocked(tok); ok && strings.Contains(msg, "execs") {
					k++
				}
			}
			return k >= n
		}
	}
	f.open(path)
	f.Await("a campaign ended", ended(1))
	for i := 2; i <= 3; i++ {
		f.configure(map[string]any{"fuzzExecs": 3000, "fuzzBudgetSeconds": 0, "seed": i})
		f.save(path)
		f.Await("another campaign ended", ended(i))
	}
	f.shutdown()
	f.mu.Lock()
	defer f.mu.Unlock()
	var warned []string
	for _, m := range f.shown {
		if m.Type == protocol.MessageTypeWarning && (strings.Contains(m.Message, "corpus") || strings.Contains(m.Message, "save input")) {
			warned = append(warned, m.Message)
		}
	}
	if len(warned) != 1 {
		t.Fatalf("%d corpus warnings, want 1:\n%s", len(warned), strings.Join(warned, "\n"))
	}
	w := warned[0]
	if len(w) > 400 || !strings.Contains(w, filepath.Join(dir, corpusDir)) || !strings.Contains(w, "operation not permitted") && !strings.Contains(w, "permission denied") {
		t.Errorf("the warning is not one short line naming the folder and the error (%d bytes): %.600s", len(w), w)
	}
	if !strings.Contains(f.logs.String(), "inputs not written") && !strings.Contains(f.logs.String(), "save input") {
		t.Errorf("the log has no details")
	}
}
