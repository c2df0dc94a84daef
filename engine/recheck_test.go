package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
)

// recheckBuggy has one assertion the fuzzer breaks with x == 7.
const recheckBuggy = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Box {
    uint256 public stored;

    function put(uint256 x) external {
        stored = x;
        assert(x != 7);
    }
}
`

// TestRecheckClassifies checks that a stored finding replayed on edited
// code is still failing after an unrelated edit (at its new place), fixed
// after an edit that removes the bug, and stale once its function is gone
// (a call to it would merely revert and look fixed).
func TestRecheckClassifies(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Box.sol")
	write := func(src string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(recheckBuggy)
	rep, err := Fuzz(context.Background(), compile(t, path), Options{Settings: Settings{Seed: 1, Execs: vulnExecs}})
	if err != nil {
		t.Fatal(err)
	}
	var f *report.Finding
	for i := range rep.Findings {
		if rep.Findings[i].Kind == "assert-failure" {
			f = &rep.Findings[i]
		}
	}
	if f == nil {
		t.Fatalf("findings %v, want an assert failure", found(rep))
	}
	setup := rep.Setup
	for _, tt := range []struct {
		name, src string
		want      Status
		line      int // of the finding, when still failing
	}{
		{"unrelated edit", recheckReplace(recheckBuggy, "    uint256 public stored;\n", "    uint256 public stored;\n    uint256 public other;\n\n    function touch() external { other += 1; }\n"), StillFailing, 12},
		{"bug fixed", recheckReplace(recheckBuggy, "        assert(x != 7);\n", "        assert(x != 7 || stored == 7);\n"), Fixed, 0},
		{"function removed", recheckReplace(recheckBuggy, "    function put(uint256 x) external {\n        stored = x;\n        assert(x != 7);\n    }\n", "    function set(uint256 x) external {\n        stored = x;\n    }\n"), Stale, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			write(tt.src)
			v, err := Recheck(compile(t, path), setup, *f)
			if err != nil {
				t.Fatal(err)
			}
			if v.Status != tt.want {
				t.Fatalf("status %q (%s), want %q", v.Status, v.Reason, tt.want)
			}
			if tt.want == StillFailing && (v.Now == nil || v.Now.Line != tt.line) {
				t.Fatalf("still failing at %+v, want line %d", v.Now, tt.line)
			}
			if tt.want == Stale && v.Reason != "function put(uint256) of Box is gone" {
				t.Fatalf("stale reason %q", v.Reason)
			}
		})
	}
}

func recheckReplace(s, old, new string) string {
	if !strings.Contains(s, old) {
		panic("recheckReplace: " + old + " not in source")
	}
	return strings.Replace(s, old, new, 1)
}
