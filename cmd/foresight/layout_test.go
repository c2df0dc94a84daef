package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A directory: its test and script files are not fuzzed and are counted;
// a broken file is reported and the rest are fuzzed; a dependency's
// warnings (an unused variable, no SPDX line) are counted, not shown.
func TestCheckDirectorySkipsTestsAndBrokenFiles(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"foundry.toml":        "[profile.default]\nsrc = \"src\"\n",
		"src/Good.sol":        "pragma solidity ^0.8.0;\nimport \"dep/D.sol\";\ncontract Good { function f(uint a) external pure returns (uint) { return D.g(a); } }\n",
		"src/Bad.sol":         "pragma solidity ^0.8.0;\ncontract Bad { function f() external { uint x = 1 } }\n",
		"src/Good.t.sol":      "pragma solidity ^0.8.0;\ncontract GoodTest { function testF() external {} }\n",
		"script/Deploy.s.sol": "pragma solidity ^0.8.0;\ncontract Deploy { function run() external {} }\n",
		"test/Helper.sol":     "pragma solidity ^0.8.0;\ncontract Helper { function h() external {} }\n",
		"lib/dep/src/D.sol":   "pragma solidity ^0.8.0;\nlibrary D { function g(uint a) internal pure returns (uint) { uint unused; return a; } }\n",
	})
	code, out, errs := foresight(t, "check", "--execs", "100", "--seed", "1", dir)
	if code != exitUsage {
		t.Errorf("exit %d, want %d (a file did not compile)", code, exitUsage)
	}
	for _, want := range []string{"Bad.sol:2:51: error: Expected ';'", "note: 2 compiler warning(s) in dependencies not shown"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "D.sol") {
		t.Errorf("stdout shows the dependency's warning:\n%s", out)
	}
	for _, want := range []string{"skipped 3 test/script file(s)", "fuzzing the 1 that did", "fuzzed 1 contract(s)"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	// Named, a test file is fuzzed.
	code, _, errs = foresight(t, "check", "--execs", "50", "--seed", "1", filepath.Join(dir, "src", "Good.t.sol"))
	if code != exitOK || strings.Contains(errs, "skipped") || !strings.Contains(errs, "fuzzed 1 contract(s)") {
		t.Errorf("named test file: exit %d, stderr:\n%s", code, errs)
	}
}
