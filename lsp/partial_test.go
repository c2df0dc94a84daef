package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// TestBrokenFileDoesNotBlock: with Broken.sol failing to compile beside
// Pool.sol (neither imports the other), Broken.sol gets its compiler
// error, and an edit that plants a bug in Pool.sol is still fuzzed (solc's
// partial build): the finding appears on the edited line and the run's end
// says which file was not fuzzed.
func TestBrokenFileDoesNotBlock(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\n")
	pool := writeFile(t, root, "src/Pool.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Pool {
    uint256 public total;

    function add(uint256 amount) public {
        total += amount % 1000;
    }
}
`)
	broken := writeFile(t, root, "src/Broken.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Broken {
    function f() public pure returns (uint256) {
        return "not a number";
    }
}
`)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 5_000)})
	f.open(broken)
	f.open(pool)
	f.Await("Broken.sol's type error", func() bool {
		for _, d := range f.diags[broken] {
			if d.Source == sourceSolc && d.Severity == protocol.DiagnosticSeverityError && d.Range.Start.Line == 5 {
				return true
			}
		}
		return false
	})
	// The run of the first open may be cancelled before it begins: wait
	// for the one that compiles both files.
	f.Await("the run of both files", func() bool {
		for _, tok := range f.tokens {
			evs := f.progress[tok]
			if _, ended := f.endedLocked(tok); ended && len(evs) > 0 && evs[0].Message == "compiling Broken.sol, Pool.sol" {
				return true
			}
		}
		return false
	})

	mark := f.journalLen()
	f.saveEdit(pool, "        total += amount % 1000;", "        total += amount % 1000;\n        assert(total != 777);")
	end := f.awaitEnd(mark)
	if !strings.HasSuffix(end, "; not fuzzed (compile errors): Broken.sol") || !fuzzed(strings.SplitN(end, ";", 2)[0]) {
		t.Errorf("run end = %q, want a campaign that names Broken.sol as not fuzzed", end)
	}
	f.awaitFindingLines(pool, 8)
	f.mu.Lock()
	errs := 0
	for _, d := range f.diags[broken] {
		if d.Source == sourceSolc && d.Severity == protocol.DiagnosticSeverityError {
			errs++
		}
	}
	inPool := len(f.diags[pool]) - len(f.findingsLocked(pool))
	f.mu.Unlock()
	if errs != 1 || inPool != 0 {
		t.Errorf("Broken.sol has %d compiler errors, Pool.sol %d compiler diagnostics; want 1 and 0", errs, inPool)
	}

	// Saving the broken file again changes nothing that compiles: no
	// campaign, and the end says why.
	mark = f.journalLen()
	f.saveEdit(broken, `"not a number"`, `"still not a number"`)
	if end := f.awaitEnd(mark); end != "compile errors" {
		t.Errorf("saving only the broken file ended with %q, want compile errors", end)
	}
	f.shutdown()
}
