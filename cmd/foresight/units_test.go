package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
)

// deepSource fails with a location-less "Stack too deep" unless compiled
// with via-IR and the optimizer.
func deepSource(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "solc", "testdata", "stackdeep", "plain", "Deep.sol"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestCompilerErrorNamesUnit: a compiler error without a source location
// is printed at the compilation unit, never as ": error:".
func TestCompilerErrorNamesUnit(t *testing.T) {
	dir := writeFiles(t, map[string]string{"foundry.toml": "[profile.default]\nsrc = \"src\"\noptimizer = false\n", "src/Deep.sol": deepSource(t)})
	code, out, errs := foresight(t, "check", "--execs", "10", "--seed", "1", dir)
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if !strings.Contains(out, "solc 0.8.37 (solc-js) compiling src/Deep.sol: error: Compiler error") || strings.Contains(out, "\n: error:") || strings.HasPrefix(out, ": error:") {
		t.Errorf("stdout does not name the unit of the location-less error:\n%s\nstderr:\n%s", out, errs)
	}
	if strings.Count(out, "compiling src/Deep.sol") != 1 {
		t.Errorf("the unit is named %d times, want once:\n%s", strings.Count(out, "compiling src/Deep.sol"), out)
	}
}

// TestStackTooDeepRetryLine: a project that sets nothing compiles after
// the retry, says so in one line, and -v describes the unit.
func TestStackTooDeepRetryLine(t *testing.T) {
	dir := writeFiles(t, map[string]string{"package.json": "{}", "contracts/Deep.sol": deepSource(t)})
	code, _, errs := foresight(t, "check", "--execs", "50", "--seed", "1", "-v", dir)
	if code != exitOK {
		t.Errorf("exit %d, want %d:\n%s", code, exitOK, errs)
	}
	for _, want := range []string{
		"foresight: solc 0.8.37 (solc-js) compiling contracts/Deep.sol: Stack too deep with default settings (the project sets none); compiled again with via-IR and the optimizer",
		"foresight: solc 0.8.37 (solc-js) compiled 1 file(s), 1 given, in ",
		"(optimizer on (200 runs), via-IR on, EVM version the compiler's default; after Stack too deep, with via-IR and the optimizer): contracts/Deep.sol",
	} {
		if strings.Count(errs, want) != 1 {
			t.Errorf("stderr has %q %d times, want once:\n%s", want, strings.Count(errs, want), errs)
		}
	}
}

// TestDependencyWarningsOneLine: dependencies' warnings are one line, and
// -v shows them.
func TestDependencyWarningsOneLine(t *testing.T) {
	dep := "pragma solidity ^0.8.0;\nlibrary D { function g(uint a) internal pure returns (uint) { uint unused; return a; } }\n"
	dir := writeFiles(t, map[string]string{
		"foundry.toml":      "[profile.default]\nsrc = \"src\"\n",
		"src/A.sol":         "pragma solidity ^0.8.0;\nimport \"dep/D.sol\";\ncontract A { function f(uint a) external pure returns (uint) { return D.g(a); } }\n",
		"src/B.sol":         "pragma solidity ^0.8.0;\nimport \"dep/E.sol\";\ncontract B { function f(uint a) external pure returns (uint) { return E.g(a); } }\n",
		"lib/dep/src/D.sol": dep,
		"lib/dep/src/E.sol": strings.ReplaceAll(dep, "library D", "library E"),
	})
	_, out, _ := foresight(t, "check", "--execs", "10", "--seed", "1", dir)
	if n := strings.Count(out, "note: "); n != 1 || !strings.Contains(out, "compiler warning(s) in dependencies not shown (-v shows them)") || strings.Contains(out, "D.sol") {
		t.Errorf("want one note for the dependencies' warnings, got %d:\n%s", n, out)
	}
	_, out, _ = foresight(t, "check", "--execs", "10", "--seed", "1", "-v", dir)
	if !strings.Contains(out, "D.sol") || !strings.Contains(out, "E.sol") || strings.Contains(out, "not shown") {
		t.Errorf("-v: want every warning shown:\n%s", out)
	}
}

// TestGasLimitChoice: a project's gas_limit is used only on request, and
// a run that leaves it unused says so.
func TestGasLimitChoice(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"foundry.toml": "[profile.default]\nsrc = \"src\"\ngas_limit = 300000000\n",
		"src/A.sol":    "pragma solidity ^0.8.0;\ncontract A { uint n; function f(uint a) external { n = a; } }\n",
	})
	_, _, errs := foresight(t, "check", "--execs", "10", "--seed", "1", dir)
	if !strings.Contains(errs, "the project's gas_limit (300000000) is not used: fuzzing with 12000000 gas per transaction") {
		t.Errorf("no note about the unused gas_limit:\n%s", errs)
	}
	for _, flag := range []string{"project", "50000000"} {
		_, _, errs = foresight(t, "check", "--execs", "10", "--seed", "1", "--gas-limit", flag, dir)
		if strings.Contains(errs, "gas_limit") {
			t.Errorf("--gas-limit %s: note given anyway:\n%s", flag, errs)
		}
	}
	if code, _, errs := foresight(t, "check", "--gas-limit", "lots", dir); code != exitUsage || !strings.Contains(errs, "--gas-limit") {
		t.Errorf("--gas-limit lots: exit %d:\n%s", code, errs)
	}
}

func TestOtherSkipped(t *testing.T) {
	rep := &engine.Report{Contracts: 14, Scope: engine.Scope{ContractsTotal: 14}, Skipped: []engine.Skipped{{Contract: "T1"}, {Contract: "T2"}}}
	if !strings.Contains(scopeLine(rep, len(rep.Skipped)), "14 of 14 contract(s)") || !strings.Contains(scopeLine(rep, len(rep.Skipped)), "; 2 other contract(s) skipped, as listed above") {
		t.Errorf("scope line %q", scopeLine(rep, len(rep.Skipped)))
	}
	rep = &engine.Report{Contracts: 12, Scope: engine.Scope{ContractsTotal: 14}, Skipped: []engine.Skipped{{Contract: "T1"}, {Contract: "T2"}}}
	if strings.Contains(scopeLine(rep, len(rep.Skipped)), "other") {
		t.Errorf("targets not fuzzed are in the count already: %q", scopeLine(rep, len(rep.Skipped)))
	}
}
