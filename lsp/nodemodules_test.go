package lsp

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestHoistedImportsStayInWorkspace: npm hoisted a package's dependency to
// the parent node_modules. With the parent as the workspace folder the
// import resolves (Node's rule); with the package itself as the folder the
// server reads nothing above it, and the import's error says where it
// looked and what to do.
func TestHoistedImportsStayInWorkspace(t *testing.T) {
	top := t.TempDir()
	writeFile(t, top, "package.json", `{"dependencies":{"wallet":"1.0.0"}}`)
	writeFile(t, top, "node_modules/@openzeppelin/contracts/utils/Lib.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nlibrary Lib { function one() internal pure returns (uint) { return 1; } }\n")
	writeFile(t, top, "node_modules/wallet/package.json", `{"name":"wallet"}`)
	wallet := writeFile(t, top, "node_modules/wallet/contracts/Wallet.sol", "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nimport \"@openzeppelin/contracts/utils/Lib.sol\";\ncontract Wallet { uint x; function f(uint a) external { x = a + Lib.one(); } }\n")
	pkg := filepath.Join(top, "node_modules", "wallet")
	for _, tt := range []struct {
		folder string
		found  bool
	}{{top, true}, {pkg, false}} {
		t.Run(filepath.Base(tt.folder), func(t *testing.T) {
			f := newFake(t, fakeOptions{settings: map[string]any{"fuzzExecs": 50, "fuzzBudgetSeconds": 0, "seed": 1}, folders: []string{tt.folder}})
			f.open(wallet)
			f.awaitRunEnd(1)
			f.mu.Lock()
			defer f.mu.Unlock()
			var msgs []string
			for _, d := range f.diags[wallet] {
				msgs = append(msgs, d.Message)
			}
			all := strings.Join(msgs, "\n")
			if tt.found && strings.Contains(all, "not found") {
				t.Errorf("the hoisted import did not resolve: %s", all)
			}
			if !tt.found && (!strings.Contains(all, "not found; looked in ") || !strings.Contains(all, filepath.Join(pkg, "node_modules", "@openzeppelin")) || !strings.Contains(all, "npm install") || strings.Contains(all, "callback")) {
				t.Errorf("diagnostics %q do not say where the server looked and what to do", all)
			}
		})
	}
}
