package solc

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// hoistedTree is npm's layout after `npm install wallet` in a folder: the
// package's own dependency hoisted to the parent node_modules.
func hoistedTree(t *testing.T) (top, pkg, wallet string) {
	t.Helper()
	top = writeTree(t, map[string]string{
		"package.json": `{"dependencies":{"wallet":"1.0.0"}}`,
		"node_modules/@openzeppelin/contracts/utils/Lib.sol": "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nlibrary Lib { function one() internal pure returns (uint) { return 1; } }\n",
		"node_modules/wallet/package.json":                   `{"name":"wallet","dependencies":{"@openzeppelin/contracts":"5.0.0"}}`,
		"node_modules/wallet/contracts/Wallet.sol":           "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\nimport \"@openzeppelin/contracts/utils/Lib.sol\";\ncontract Wallet { function f() external pure returns (uint) { return Lib.one(); } }\n",
	})
	pkg = filepath.Join(top, "node_modules", "wallet")
	return top, pkg, filepath.Join(pkg, "contracts", "Wallet.sol")
}

func compileHoisted(t *testing.T, tc *Toolchain, wallet, upTo string) *Build {
	t.Helper()
	p, err := LoadProject(FindRoot(wallet))
	if err != nil {
		t.Fatal(err)
	}
	p.NodeModulesUpTo = upTo
	bs, err := tc.Compile(context.Background(), p, Request{Files: []string{wallet}, Mode: Full})
	if err != nil || len(bs) != 1 {
		t.Fatalf("compile: %v, %d builds", err, len(bs))
	}
	return bs[0]
}

// TestHoistedNodeModules: an import npm hoisted to an ancestor's
// node_modules resolves by Node's rule when the bound allows that
// ancestor, and the dependency's file counts as a dependency.
func TestHoistedNodeModules(t *testing.T) {
	top, pkg, wallet := hoistedTree(t)
	if FindRoot(wallet) != pkg {
		t.Fatalf("root = %s, want the package %s", FindRoot(wallet), pkg)
	}
	tc := testToolchain(t)
	b := compileHoisted(t, tc, wallet, top)
	if b.HasErrors() {
		t.Fatalf("hoisted import did not resolve: %+v", b.Diagnostics)
	}
	lib := b.Units["@openzeppelin/contracts/utils/Lib.sol"]
	if lib == nil || lib.Path != filepath.Join(top, "node_modules", "@openzeppelin", "contracts", "utils", "Lib.sol") {
		t.Fatalf("Lib.sol unit = %+v", lib)
	}
	if !b.Project.InDependency(lib.Path) {
		t.Error("a hoisted node_modules file is not a dependency")
	}
	arts, err := b.Artifacts()
	if err != nil || len(arts) == 0 {
		t.Errorf("Wallet not compiled: %v", err)
	}
}

// TestNodeModulesBound: with the bound at the project root (the server's
// workspace folder is the package) the ancestor is not read, and the
// error says where Foresight looked and what to do, not solc's bare
// "File import callback not supported".
func TestNodeModulesBound(t *testing.T) {
	top, pkg, wallet := hoistedTree(t)
	tc := testToolchain(t)
	b := compileHoisted(t, tc, wallet, pkg)
	if !b.HasErrors() {
		t.Fatal("an import above the bound resolved")
	}
	if _, ok := b.Units["@openzeppelin/contracts/utils/Lib.sol"]; ok {
		t.Error("a file above the bound was read")
	}
	var d *Diagnostic
	for i := range b.Diagnostics {
		if strings.Contains(b.Diagnostics[i].Message, "@openzeppelin/contracts/utils/Lib.sol") {
			if d != nil {
				t.Errorf("two diagnostics for one import: %q and %q", d.Message, b.Diagnostics[i].Message)
			}
			d = &b.Diagnostics[i]
		}
	}
	if d == nil {
		t.Fatalf("no diagnostic names the import: %+v", b.Diagnostics)
	}
	for _, want := range []string{filepath.Join(pkg, "node_modules"), "npm install", "remapping"} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("message %q does not say %q", d.Message, want)
		}
	}
	if strings.Contains(d.Message, "callback") || strings.Contains(d.Message, filepath.Join(top, "node_modules")+string(filepath.Separator)+"@") {
		t.Errorf("message %q is solc's or names a place not searched", d.Message)
	}
	src := string(b.Units[b.Roots[0]].Content)
	if got := src[d.Start:d.End]; got != `"@openzeppelin/contracts/utils/Lib.sol"` {
		t.Errorf("diagnostic covers %q", got)
	}
}
