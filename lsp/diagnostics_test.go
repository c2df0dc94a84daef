package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
)

const brokenContract = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Broken {
    uint256 public x;

    function set(uint256 v) public {
        x = v
    }
}
`

// TestCompilerDiagnostics saves a file with a syntax error, then fixes it
// with an incremental edit: the solc diagnostic appears on the right line
// with solc's code, then the file's diagnostics clear to an empty array.
func TestCompilerDiagnostics(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "Broken.sol", brokenContract)
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1}})
	f.open(path)
	f.save(path)
	var syntax protocol.Diagnostic
	f.Await("solc error 2314", func() bool {
		for _, d := range f.diags[path] {
			if d.Source == sourceSolc && d.Code == "2314" {
				syntax = d
				return true
			}
		}
		return false
	})
	// solc reports the missing ';' where the next token starts: line 9
	// (zero-based 8), the closing brace.
	if syntax.Range.Start.Line != 8 || syntax.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("2314 at %+v severity %v, want line 8, error", syntax.Range, syntax.Severity)
	}
	f.replace(path, "x = v\n", "x = v;\n")
	f.save(path)
	f.Await("diagnostics cleared to []", func() bool {
		ds, ok := f.diags[path]
		return ok && ds != nil && len(ds) == 0
	})
	f.shutdown()
}

// TestRelatedInformation checks that a diagnostic with a secondary
// location (a redeclaration) carries it as related information.
func TestRelatedInformation(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "Twice.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Twice {
    function f() public pure {}
    function f() public pure {}
}
`)
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 10, "fuzzBudgetSeconds": 0}})
	f.open(path)
	var got protocol.Diagnostic
	f.Await("a redeclaration error", func() bool {
		for _, d := range f.diags[path] {
			if d.Source == sourceSolc && len(d.RelatedInformation) > 0 {
				got = d
				return true
			}
		}
		return false
	})
	// One declaration is the diagnostic, the other its related location.
	rel := got.RelatedInformation[0]
	lines := map[uint32]bool{got.Range.Start.Line: true, rel.Location.Range.Start.Line: true}
	if rel.Location.URI != uriOf(path) || !lines[4] || !lines[5] || rel.Message == "" {
		t.Errorf("diagnostic at line %d, related %+v; want lines 4 and 5 of %s", got.Range.Start.Line, rel, uriOf(path))
	}
	f.shutdown()
}
