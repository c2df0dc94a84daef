package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// editBox has one assertion a campaign breaks with put(7).
const editBox = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Box {
    uint256 public stored;

    function put(uint256 x) external {
        stored = x;
        assert(x != 7);
    }
}
`

// TestReplayAfterEdit: replay of a report on edited code says whether
// each finding still fails, was fixed or no longer applies, counts them
// on its last line and exits 1 only while one still fails (before, an
// unrelated edit counted as "differed", and a removed function made the
// replay revert and count as "did not fail", as if fixed).
func TestReplayAfterEdit(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "src", "Box.sol")
	write := func(text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(src), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(src, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "foundry.toml"), []byte("[profile.default]\nsrc = \"src\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	write(editBox)
	reportPath := filepath.Join(root, "report.json")
	if code, _, stderr := foresight(t, "fuzz", src, "--execs", "20000", "--seed", "1", "--format", "json", "-o", reportPath); code != exitFindings {
		t.Fatalf("fuzz exit %d; stderr:\n%s", code, stderr)
	}
	for _, tt := range []struct {
		name, from, to string
		code           int
		want           string
	}{
		{"unrelated edit", "    uint256 public stored;\n", "    uint256 public stored;\n    uint256 public other;\n\n    function touch() external { other += 1; }\n",
			exitFindings, "replayed 1 finding(s): 1 still failing (0 reproduced as reported, 1 differed), 0 fixed, 0 stale"},
		{"bug fixed", "        assert(x != 7);\n", "        assert(x != 7 || stored == 7);\n",
			exitOK, "replayed 1 finding(s): 0 still failing (0 reproduced as reported, 0 differed), 1 fixed, 0 stale"},
		{"function removed", "    function put(uint256 x) external {\n        stored = x;\n        assert(x != 7);\n    }\n", "    function set(uint256 x) external {\n        stored = x;\n    }\n",
			exitOK, "replayed 1 finding(s): 0 still failing (0 reproduced as reported, 0 differed), 0 fixed, 1 stale"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(editBox, tt.from) {
				t.Fatalf("%q is not in the source", tt.from)
			}
			write(strings.Replace(editBox, tt.from, tt.to, 1))
			code, out, errs := foresight(t, "replay", reportPath)
			if code != tt.code || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit %d and %q", code, out, errs, tt.code, tt.want)
			}
		})
	}
	write(editBox)
	if code, out, errs := foresight(t, "replay", reportPath); code != exitFindings ||
		!strings.Contains(out, "replayed 1 finding(s): 1 still failing (1 reproduced as reported, 0 differed), 0 fixed, 0 stale") {
		t.Errorf("replay on the unchanged code: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
