package lsp

import (
	"strings"
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

// TestFindingViaDependency: an assert that fails inside a node_modules
// library is shown at the user's call, with the library's line as related
// information, so the user sees it in the file they edit and can still
// open where it failed.
func TestFindingViaDependency(t *testing.T) {
	root := t.TempDir()
	writeFile(t, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\nlibs = [\"lib\"]\n")
	writeFile(t, root, "remappings.txt", "@acme/=node_modules/@acme/\n")
	lib := writeFile(t, root, "node_modules/@acme/math/MathLib.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library MathLib {
    function half(uint256 x) internal pure returns (uint256) {
        assert(x != 7);
        return x / 2;
    }
}
`)
	user := writeFile(t, root, "src/Halver.sol", `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import {MathLib} from "@acme/math/MathLib.sol";

contract Halver {
    function halfPlusOne(uint256 x) external pure returns (uint256) {
        return MathLib.half(x) + 1;
    }
}
`)
	f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 2_000), folders: []string{root}})
	f.open(user)
	var got protocol.Diagnostic
	f.Await("the assertion at the call on line 8", func() bool {
		for _, d := range f.findingsLocked(user) {
			if d.Range.Start.Line == 7 {
				got = d
				return true
			}
		}
		return false
	})
	if len(got.RelatedInformation) == 0 {
		t.Fatalf("no related information: %+v", got)
	}
	via := got.RelatedInformation[0]
	if via.Location.URI != uriOf(lib) || via.Location.Range.Start.Line != 5 || !strings.Contains(via.Message, "MathLib.half") {
		t.Errorf("first related entry %+v, want MathLib.sol line 6 inside MathLib.half", via)
	}
	f.shutdown()
}
