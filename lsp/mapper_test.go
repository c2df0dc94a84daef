package lsp

import (
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/solc/position"
	"go.lsp.dev/protocol"
)

func TestToRangeCountsUTF16(t *testing.T) {
	content := []byte("// 𝄞 é\r\nassert(x);\n")
	m := position.NewMapper(content)
	start := len("// 𝄞 é\r\n")
	r, err := toRange(m, start, start+len("assert(x)"))
	if err != nil {
		t.Fatal(err)
	}
	want := protocol.Range{Start: protocol.Position{Line: 1, Character: 0}, End: protocol.Position{Line: 1, Character: 9}}
	if r != want {
		t.Errorf("range = %+v, want %+v", r, want)
	}
	r, err = toRange(m, len("// 𝄞"), len("// 𝄞 é"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Start.Character != 5 || r.End.Character != 7 {
		t.Errorf("astral range = %+v, want characters 5..7", r)
	}
	off, err := fromPosition(m, protocol.Position{Line: 0, Character: 6})
	if err != nil || off != len("// 𝄞 ") {
		t.Errorf("fromPosition = %d, %v", off, err)
	}
}

// TestInvalidUTF8Columns: a compiler diagnostic in a file on disk whose
// line holds invalid UTF-8 before it, and a file that starts with a byte
// order mark, are placed where VS Code shows them: it decodes a file with
// one U+FFFD per maximal subpart of an invalid sequence and drops the
// mark (position.UTF16). Each invalid byte used to count one unit (issue
// 69: a finding at column 79 of an 81-byte line).
func TestInvalidUTF8Columns(t *testing.T) {
	dir := t.TempDir()
	const before = "    function f() public pure { /* \xe2\x82 \xf0\x9f\x98 */ "
	writeFile(t, dir, "src/B.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract B {\n"+before+"uint256 unused = 1; }\n}\n")
	writeFile(t, dir, "src/C.sol", "\xef\xbb\xbf// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract C {}\n")
	a := writeFile(t, dir, "src/A.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nimport \"./B.sol\";\ncontract A is B {}\n")
	d := writeFile(t, dir, "src/D.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nimport \"./C.sol\";\ncontract D {}\n")
	f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 10, "fuzzBudgetSeconds": 0}, folders: []string{dir}})
	f.open(a)
	f.open(d)
	b, c := filepath.Join(dir, "src", "B.sol"), filepath.Join(dir, "src", "C.sol")
	f.Await("diagnostics of B.sol and C.sol", func() bool { return hasUnusedWarning(f.diags[b]) && len(f.diags[c]) > 0 })
	f.mu.Lock()
	defer f.mu.Unlock()
	// "    function f() public pure { /* " is 34 units, E2 82 one, the
	// space one, F0 9F 98 one, " */ " four: 41 (the bytes are 44).
	for _, d := range f.diags[b] {
		if d.Code == "2072" && (d.Range.Start.Line != 3 || d.Range.Start.Character != 41) {
			t.Errorf("the unused variable's warning starts at %d:%d, want 3:41", d.Range.Start.Line, d.Range.Start.Character)
		}
	}
	// solc refuses the mark at its first byte, which VS Code does not show.
	if got := f.diags[c][0].Range.Start; got.Line != 0 || got.Character != 0 {
		t.Errorf("solc's error on the byte order mark is at %d:%d, want 0:0: %+v", got.Line, got.Character, f.diags[c])
	}
}
