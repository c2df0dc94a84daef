package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// stateBox has one assertion a campaign breaks with put(7), on line 9.
const stateBox = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract Box {
    uint256 public stored;

    function put(uint256 x) external {
        stored = x;
        assert(x != 7);
    }
}
`

// awaitPublished waits for a publish of path, since journal entry from,
// with a finding that ok accepts, and returns it.
func (f *fakeClient) awaitPublished(from int, path, what string, ok func(protocol.Diagnostic) bool) protocol.Diagnostic {
	f.t.Helper()
	var got protocol.Diagnostic
	f.Await(what, func() bool {
		for _, e := range f.journal[from:] {
			if e.method != protocol.MethodTextDocumentPublishDiagnostics || e.path != path {
				continue
			}
			for _, d := range e.diags {
				if d.Source == sourceFindings && ok(d) {
					got = d
					return true
				}
			}
		}
		return false
	})
	return got
}

// TestFindingStateAfterEdits: after each save the stored finding is
// replayed on the new code: an unrelated edit shows it still failing at
// its new line, an edit that fixes the bug takes it off the problems list
// with a message saying so, and an edit that removes its function shows
// it stale (faded, information) until the next save. Before, a finding
// the edit touched just disappeared and the others were shown as before.
func TestFindingStateAfterEdits(t *testing.T) {
	path := writeFile(t, t.TempDir(), "Box.sol", stateBox)
	f := newFake(t, fakeOptions{settings: budget})
	f.open(path)
	f.awaitFindingLines(path, 8)
	f.awaitRunEnd(1)

	// An unrelated function above put: the finding moves three lines
	// down and its replay still fails.
	mark := f.journalLen()
	f.replace(path, "    uint256 public stored;\n", "    uint256 public stored;\n    uint256 public other;\n\n    function touch() external { other += 1; }\n")
	f.save(path)
	f.awaitPublished(mark, path, "the finding still failing on line 12", func(d protocol.Diagnostic) bool {
		return d.Range.Start.Line == 11 && strings.HasPrefix(d.Message, "(still failing after the edit) Assertion failed")
	})
	f.awaitRunEnd(2)

	// A fix: the finding leaves the list, and a message says so.
	f.replace(path, "assert(x != 7);", "assert(x != 7 || stored == 7);")
	f.save(path)
	f.Await("a message that the finding was fixed", func() bool {
		for _, m := range f.shown {
			if strings.Contains(m.Message, "fixed by the edit") && strings.Contains(m.Message, "Box.sol:12") {
				return true
			}
		}
		return false
	})
	f.awaitRunEnd(3)
	f.awaitFindingLines(path)

	// The bug back (a campaign finds it again), then put removed: stale.
	f.replace(path, "assert(x != 7 || stored == 7);", "assert(x != 7);")
	f.save(path)
	f.awaitFindingLines(path, 11)
	f.awaitRunEnd(4)
	mark = f.journalLen()
	f.replace(path, "    function put(uint256 x) external {\n        stored = x;\n        assert(x != 7);\n    }\n", "    function set(uint256 x) external {\n        stored = x;\n    }\n")
	f.save(path)
	d := f.awaitPublished(mark, path, "the finding stale", func(d protocol.Diagnostic) bool {
		return strings.HasPrefix(d.Message, "(stale: function put(uint256) of Box is gone) ")
	})
	if d.Severity != protocol.DiagnosticSeverityInformation || len(d.Tags) != 1 || d.Tags[0] != protocol.DiagnosticTagUnnecessary {
		t.Errorf("stale finding: severity %v, tags %v; want information, unnecessary", d.Severity, d.Tags)
	}
	f.awaitRunEnd(5)

	// The next save that changes code clears it.
	f.replace(path, "    function set(", "    // set stores x.\n    function set(")
	f.save(path)
	f.awaitRunEnd(6)
	f.awaitFindingLines(path)
	f.shutdown()
}
