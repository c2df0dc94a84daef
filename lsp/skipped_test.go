package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

const skippedSrc = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Fortress {
    uint256 public gate;

    constructor(uint256 key) {
        require(key == 1 && key == 2, "never");
        gate = key;
    }

    function open(uint256 x) external {
        gate = x;
    }
}

contract Ledger {
    uint256 private entries;
}

contract Counter {
    uint256 public n;

    function inc() external {
        n++;
    }
}
`

// TestSkippedContractsShown: contracts a campaign did not fuzz get a note
// on their constructor (Fortress: it always reverts) or name (Ledger: no
// function to call; HelperTest: test code), with the reason and what to do,
// and the run's end names them after the counts. A file whose only
// contract was not fuzzed ends "not fuzzed", never "0 findings".
func TestSkippedContractsShown(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	src := writeFile(t, root, "src/Mixed.sol", skippedSrc)
	test := writeFile(t, root, "test/Helper.t.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract HelperTest {
    function testNothing(uint256 x) public pure {
        assert(x != 7);
    }
}
`)
	lone := t.TempDir()
	writeFile(t, lone, "foundry.toml", "[profile.default]\nsrc = \".\"\n")
	only := writeFile(t, lone, "Only.sol", strings.Split(skippedSrc, "contract Ledger")[0])

	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 2_000), folders: []string{root, lone}})
	f.open(test)
	f.awaitRunEnd(1)
	mark := f.journalLen()
	f.open(src)
	end := f.awaitRunAfter(mark)
	want := "; not fuzzed: Fortress (constructor reverted), HelperTest (test code), Ledger (no callable functions)"
	if !strings.HasSuffix(end, want) || !fuzzed(end) {
		t.Errorf("run end = %q, want the counts then %q", end, want)
	}
	type place struct {
		line     uint32
		severity protocol.DiagnosticSeverity
		words    string
	}
	check := func(path string, want ...place) {
		t.Helper()
		f.Await("the notes of "+path, func() bool { return len(f.notesLocked(path)) == len(want) })
		f.mu.Lock()
		got := f.notesLocked(path)
		f.mu.Unlock()
		for i, w := range want {
			d := got[i]
			if d.Range.Start.Line != w.line || d.Severity != w.severity || !strings.Contains(d.Message, w.words) {
				t.Errorf("%s note %d = %d %v %q; want line %d, severity %v, %q", path, i, d.Range.Start.Line, d.Severity, d.Message, w.line, w.severity, w.words)
			}
		}
	}
	check(src,
		place{6, protocol.DiagnosticSeverityWarning, "Fortress was not fuzzed: not deployed: deploy Fortress: constructor failed: execution reverted (\"never\"). Foresight deploys it with generated arguments"},
		place{16, protocol.DiagnosticSeverityInformation, "Ledger was not fuzzed: no callable functions. It has no public"})
	check(test, place{3, protocol.DiagnosticSeverityInformation, "HelperTest was not fuzzed: test code. Test and script code"})
	f.mu.Lock()
	d := f.notesLocked(src)[0]
	f.mu.Unlock()
	if d.Range.End.Line != 6 || d.Range.Start.Character != 4 || d.Range.End.Character != uint32(len("    constructor(uint256 key)")) {
		t.Errorf("Fortress's note spans %+v, want its constructor's first line", d.Range)
	}

	// An edit above Fortress moves its note with its line.
	f.saveEdit(src, "contract Fortress {", "// a comment\ncontract Fortress {")
	f.Await("the note moved", func() bool {
		ns := f.notesLocked(src)
		return len(ns) == 2 && ns[0].Range.Start.Line == 7
	})

	mark = f.journalLen()
	f.open(only)
	if end := f.awaitRunAfter(mark); end != "not fuzzed: Fortress (constructor reverted)" {
		t.Errorf("run end of a file with nothing fuzzed = %q", end)
	}
	check(only, place{6, protocol.DiagnosticSeverityWarning, "Fortress was not fuzzed"})
	f.shutdown()
}
