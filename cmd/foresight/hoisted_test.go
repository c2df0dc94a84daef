package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckHoistedPackage: `foresight check` on a package npm installed,
// whose dependency was hoisted to the parent node_modules, compiles it
// (Node's rule), where it printed solc's bare "not found".
func TestCheckHoistedPackage(t *testing.T) {
	top := t.TempDir()
	for name, content := range map[string]string{
		"package.json": `{"dependencies":{"wallet":"1.0.0"}}`,
		"node_modules/@openzeppelin/contracts/utils/Lib.sol": "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nlibrary Lib { function one() internal pure returns (uint) { return 1; } }\n",
		"node_modules/wallet/package.json":                   `{"name":"wallet"}`,
		"node_modules/wallet/contracts/Wallet.sol":           "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nimport \"@openzeppelin/contracts/utils/Lib.sol\";\ncontract Wallet { uint x; function f(uint a) external { x = a + Lib.one(); } }\n",
	} {
		p := filepath.Join(top, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, stderr := foresight(t, "check", filepath.Join(top, "node_modules", "wallet"), "--execs", "500", "--seed", "1")
	if code != exitOK || strings.Contains(out+stderr, "not found") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
}
