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
	// The run of the first open may compile both files too, and be
	// cancelled: wait for the one that was not.
	f.Await("the run of both files", func() bool {
		for _, tok := range f.tokens {
			evs := f.progress[tok]
			msg, ended := f.endedLocked(tok)
			if ended && len(evs) > 0 && evs[0].Message == "compiling Broken.sol, Pool.sol" && !strings.HasPrefix(msg, "cancelled") {
				return true
			}
		}
		return false
	})

	mark := f.journalLen()
	f.saveEdit(pool, "        total += amount % 1000;", "        total += amount % 1000;\n        assert(total != 777);")
	end := f.awaitRunAfter(mark)
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
	if end := f.awaitRunAfter(mark); end != "compile errors" {
		t.Errorf("saving only the broken file ended with %q, want compile errors", end)
	}
	f.shutdown()
}

// awaitRunAfter waits for the end of the first run that began after
// journal entry from, and returns its end message: runs that began
// before may still end after it.
func (f *fakeClient) awaitRunAfter(from int) string {
	f.t.Helper()
	var msg string
	f.Await("the end of the run begun after the mark", func() bool {
		for _, e := range f.journal[from:] {
			if e.method == protocol.MethodProgress && e.event.Kind == "begin" {
				var ok bool
				msg, ok = f.endedLocked(e.token)
				return ok
			}
		}
		return false
	})
	return msg
}
