package lsp

import (
	"testing"

	"go.lsp.dev/protocol"
)

// TestBareFolderIsOneProject: a workspace folder with no config file and no
// .git is one project, so a file in a subfolder may import "../X.sol" (as
// Uniswap v2-core's contracts/test/ERC20.sol does). Rooted at its own
// folder, the file's import would leave the project and be refused.
func TestBareFolderIsOneProject(t *testing.T) {
	ws := t.TempDir()
	writeFile(t, ws, "contracts/Limits.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library Limits {
    uint256 internal constant CAP = 7;
}
`)
	user := writeFile(t, ws, "contracts/sub/Meter.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "../Limits.sol";

contract Meter {
    uint256 public reading;

    function set(uint256 v) external {
        reading = v;
        assert(reading != Limits.CAP);
    }
}
`)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 2_000), folders: []string{ws}})
	f.open(user)
	f.Await("the assertion found on line 11", func() bool {
		for _, d := range f.findingsLocked(user) {
			if d.Range.Start.Line == 10 {
				return true
			}
		}
		return false
	})
	f.mu.Lock()
	for _, d := range f.diags[user] {
		if d.Source == sourceSolc && d.Severity == protocol.DiagnosticSeverityError {
			t.Errorf("compile error in a bare folder: %s", d.Message)
		}
	}
	f.mu.Unlock()
	f.shutdown()
}
