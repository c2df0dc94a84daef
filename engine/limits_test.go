package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// TestProjectCodeSizeLimit: a Foundry project's code_size_limit holds on
// the test chain: a contract whose runtime exceeds it is not deployed and
// is reported with the limit as the reason, while one within it is fuzzed
// (and its bug found). Without the limit both deploy.
func TestProjectCodeSizeLimit(t *testing.T) {
	src := `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Small {
    function f(uint256 x) external pure {
        assert(x != 3);
    }
}

contract Big {
    bytes32 public a = keccak256("a");
    bytes32 public b = keccak256("b");
    function g(uint256 x) external pure returns (uint256) {
        return x * 7 + 1 - x / 3 + (x << 2) + (x >> 5) + (x ^ 0x1234) + (x | 0x77) + (x & 0x99);
    }
}
`
	for _, tt := range []struct {
		toml    string
		skipBig bool
	}{
		{"[profile.default]\nsrc = \"src\"\n", false},
		{"[profile.default]\nsrc = \"src\"\ncode_size_limit = 400\n", true},
	} {
		root := t.TempDir()
		if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range map[string]string{"foundry.toml": tt.toml, "src/Both.sol": src} {
			if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		bs := testbuild.CompileIn(t, root, "src/Both.sol")
		rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 3_000}})
		if err != nil {
			t.Fatal(err)
		}
		var bigSkipped string
		for _, s := range rep.Skipped {
			if s.Contract == "Big" {
				bigSkipped = s.Reason
			}
		}
		if tt.skipBig != (bigSkipped != "") || (tt.skipBig && !strings.Contains(bigSkipped, "code_size_limit")) {
			t.Errorf("%q: Big skipped %q, want skipped: %v, naming code_size_limit", tt.toml, bigSkipped, tt.skipBig)
		}
		found := false
		for _, f := range rep.Findings {
			found = found || f.Contract == "Small"
		}
		if !found {
			t.Errorf("%q: Small's assert not found: %+v", tt.toml, rep.Findings)
		}
	}
}
