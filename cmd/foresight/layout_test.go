package main

import (
	"encoding/json"
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

// A bare folder (no config, no package.json, no repository) whose
// subfolders import each other with "../" is one project: each library is
// compiled once, and the JSON report accounts for every contract of the
// files fuzzed (fuzzed, or why not) and names the test file left out.
// With --format json a compile error is printed to stderr.
func TestFuzzBareFolderReportsEveryContract(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"contracts/Pair.sol":             "pragma solidity ^0.8.0;\nimport \"./libraries/M.sol\";\nimport \"./interfaces/IPair.sol\";\nabstract contract Base { function b() external virtual; }\ncontract Pair is IPair { function f(uint a) external pure returns (uint) { return M.twice(a); } }\n",
		"contracts/libraries/M.sol":      "pragma solidity ^0.8.0;\nlibrary M { function twice(uint a) internal pure returns (uint) { return a * 2; } }\n",
		"contracts/interfaces/IPair.sol": "pragma solidity ^0.8.0;\ninterface IPair { function f(uint a) external pure returns (uint); }\n",
		"contracts/test/T.sol":           "pragma solidity ^0.8.0;\nimport \"../Pair.sol\";\ncontract T is Pair {}\n",
	})
	code, out, errs := foresight(t, "fuzz", "--format", "json", "--execs", "100", "--seed", "1", "--timeout", "0", filepath.Join(dir, "contracts"))
	if code != exitOK {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	var rep struct {
		Setup struct {
			Contracts []struct{ Name, Unit string }
		}
		Contracts    []contractStatus
		SkippedFiles []string
		Root         string
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	units := map[string]int{}
	for _, c := range rep.Setup.Contracts {
		units[c.Name]++
	}
	if units["M"] > 1 {
		t.Errorf("library M deployed %d times (compiled as more than one project): %+v", units["M"], rep.Setup.Contracts)
	}
	want := map[string]string{"Pair": "", "Base": "abstract:", "IPair": "interface:", "M": "library:"}
	got := map[string]string{}
	for _, c := range rep.Contracts {
		got[c.Name] = c.Reason
		if c.Fuzzed != (c.Reason == "") {
			t.Errorf("%s: fuzzed %v with reason %q", c.Name, c.Fuzzed, c.Reason)
		}
	}
	for name, prefix := range want {
		r, ok := got[name]
		if !ok || !strings.HasPrefix(r, prefix) || (prefix == "" && r != "") {
			t.Errorf("contract %s: reason %q (listed %v), want prefix %q", name, r, ok, prefix)
		}
	}
	if len(rep.Contracts) != len(want) {
		t.Errorf("contracts %+v, want exactly %v", rep.Contracts, want)
	}
	// Report paths are relative to the report's root.
	if len(rep.SkippedFiles) != 1 || filepath.Join(rep.Root, rep.SkippedFiles[0]) != filepath.Join(dir, "contracts", "test", "T.sol") {
		t.Errorf("skippedFiles %v under root %s, want contracts/test/T.sol", rep.SkippedFiles, rep.Root)
	}
	bad := writeFiles(t, map[string]string{
		"B.sol": "pragma solidity ^0.8.0;\ncontract B { function f() external { uint x = 1 } }\n",
		"G.sol": "pragma solidity ^0.8.0;\ncontract G { function f(uint a) external pure returns (uint) { return a; } }\n",
	})
	code, out, errs = foresight(t, "fuzz", "--format", "json", "--execs", "10", "--seed", "1", bad)
	if code != exitUsage || !strings.Contains(errs, "error: Expected ';'") {
		t.Errorf("compile error with --format json: exit %d, stderr:\n%s", code, errs)
	}
	var partial struct {
		NotCompiled, CompileErrors []string
		Contracts                  []contractStatus
	}
	if err := json.Unmarshal([]byte(out), &partial); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	if len(partial.NotCompiled) != 1 || filepath.Base(partial.NotCompiled[0]) != "B.sol" ||
		len(partial.CompileErrors) != 1 || !strings.Contains(partial.CompileErrors[0], "Expected ';'") {
		t.Errorf("partial build: notCompiled %v, compileErrors %v", partial.NotCompiled, partial.CompileErrors)
	}
	if len(partial.Contracts) != 1 || partial.Contracts[0].Name != "G" || !partial.Contracts[0].Fuzzed {
		t.Errorf("partial build: contracts %+v, want G fuzzed", partial.Contracts)
	}
}
