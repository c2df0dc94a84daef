package solc

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestNPMPackages compiles a contract of ours against real packages from
// the npm registry at pinned versions (@openzeppelin/contracts 5.0.2,
// solmate 6.2.0), installed into a Hardhat-like project. It needs npm and
// the registry; it is skipped only when npm is missing.
func TestNPMPackages(t *testing.T) {
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Skip("npm is not on PATH: cannot install @openzeppelin/contracts and solmate")
	}
	root := copyLayout(t, "npm")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	// --ignore-scripts: a package's install scripts never run.
	cmd := exec.CommandContext(ctx, npm, "install", "--ignore-scripts", "--no-audit", "--no-fund", "--no-package-lock")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install: %v\n%s", err, out)
	}
	file := filepath.Join(root, "contracts", "Token.sol")
	if got := FindRoot(file); got != root {
		t.Fatalf("root %s, want %s", got, root)
	}
	bs := compileLayout(t, testToolchain(t), root, "contracts/Token.sol")
	if len(bs) != 1 || bs[0].HasErrors() {
		t.Fatalf("builds %d: %+v %v", len(bs), bs[0].Diagnostics, bs[0].Err)
	}
	b := bs[0]
	if !hasCode(b, "contracts/Token.sol", "Token") {
		t.Error("no bytecode for Token")
	}
	for _, unit := range []string{"@openzeppelin/contracts/token/ERC20/ERC20.sol", "@openzeppelin/contracts/access/Ownable.sol", "solmate/src/utils/FixedPointMathLib.sol"} {
		u := b.Units[unit]
		if u == nil || !strings.Contains(filepath.ToSlash(u.Path), "/node_modules/") {
			t.Errorf("unit %s: %+v", unit, u)
		}
	}
	for _, d := range b.Diagnostics {
		if !d.Hidden() {
			t.Errorf("shown diagnostic %+v", d)
		}
	}
}
