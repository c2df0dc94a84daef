package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// harnessProject copies engine/testdata/harness and the forge-std
// stand-in into a scratch Foundry project and returns its root.
func harnessProject(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join(fixtures.RepoRoot(), "engine", "testdata", "harness")
	copyFile := func(from, to string) {
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		copyFile(p, filepath.Join(root, rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Test.sol", "Vm.sol"} {
		copyFile(filepath.Join(fixtures.ForgeStd(), name), filepath.Join(root, "lib", "forge-std", "src", name))
	}
	return root
}

// readReport reads a JSON report the command wrote.
func readReport(t *testing.T, path string) jsonReport {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rep jsonReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestFuzzProjectRunsInvariantSuites: fuzz on a Foundry project's root
// runs its invariant suites beside the direct campaign, as forge would.
// The bank's two-step bug, which the direct campaign cannot see, breaks
// BankInvariantTest's invariant; the finding names its suite, and replay
// reproduces it from that suite's setUp(). BankForkTest's setUp() reverts:
// named with its reason, not fuzzed. BankUnitTest has no invariants and
// stays skipped, the only file the skipped line counts. The same seed and
// --execs give the same report.
func TestFuzzProjectRunsInvariantSuites(t *testing.T) {
	root := harnessProject(t)
	report := filepath.Join(t.TempDir(), "report.json")
	args := []string{"fuzz", root, "--execs", "6000", "--seed", "1", "--format", "json", "-o", report}
	code, _, stderr := foresight(t, args...)
	if code != exitFindings {
		t.Fatalf("fuzz exit %d, want %d; stderr:\n%s", code, exitFindings, stderr)
	}
	for _, want := range []string{
		"skipped 1 test/script file(s)",
		"invariant suite " + filepath.Join(root, "test", "BankInvariant.t.sol") + ":BankInvariantTest: 1 finding(s)",
		`invariant suite ` + filepath.Join(root, "test", "BankFork.t.sol") + `:BankForkTest: not fuzzed: setUp failed: setUp() reverted: "needs a mainnet fork"`,
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	rep := readReport(t, report)
	if len(rep.Finds) != 1 || rep.Finds[0].Kind != "invariant" || rep.Finds[0].Harness == nil ||
		rep.Finds[0].Harness.File != "test/BankInvariant.t.sol" || rep.Finds[0].Harness.Contract != "BankInvariantTest" ||
		rep.Finds[0].Harness.Setup.SetUp != "BankInvariantTest" {
		t.Fatalf("findings %+v, want BankInvariantTest's invariant", rep.Finds)
	}
	if !reflect.DeepEqual(rep.SkippedFiles, []string{"test/BankUnit.t.sol"}) {
		t.Errorf("skipped files %v, want only the unit test", rep.SkippedFiles)
	}
	if len(rep.Harnesses) != 2 || rep.Harnesses[0].Execs != 0 || rep.Harnesses[1].Execs == 0 || rep.Setup.SetUp != "" {
		t.Errorf("harnesses %+v, setup %q", rep.Harnesses, rep.Setup.SetUp)
	}
	code, out, stderr := foresight(t, "replay", report)
	if code != exitFindings || !strings.Contains(out, "1 reproduced as reported") {
		t.Fatalf("replay exit %d:\n%s\n%s", code, out, stderr)
	}
	// JUnit: the suites are a testsuite of their own, the failing one
	// with its finding, the one whose setUp() reverted skipped.
	xmlFile := filepath.Join(t.TempDir(), "junit.xml")
	if code, _, stderr := foresight(t, "fuzz", root, "--execs", "6000", "--seed", "1", "--format", "junit", "-o", xmlFile); code != exitFindings {
		t.Fatalf("fuzz --format junit: exit %d\n%s", code, stderr)
	}
	if r := readJUnit(t, xmlFile); len(r.Suites) != 2 || len(r.Suites[1].Cases) != 2 ||
		r.Suites[1].Cases[0].Name != "BankForkTest" || r.Suites[1].Cases[0].Status != "SKIP" ||
		r.Suites[1].Cases[1].Name != "BankInvariantTest" || r.Suites[1].Cases[1].Status != "FAIL" || r.Failed != 1 {
		t.Errorf("junit read as %+v, want the suites' testsuite: BankForkTest skipped, BankInvariantTest failing, the only failure", r)
	}
	again := filepath.Join(t.TempDir(), "again.json")
	args[len(args)-1] = again
	foresight(t, args...)
	if a, b := readReport(t, again), rep; a.Execs != b.Execs || !reflect.DeepEqual(a.Finds[0].Calls, b.Finds[0].Calls) || !reflect.DeepEqual(a.Harnesses, b.Harnesses) {
		t.Errorf("the same seed and --execs gave another run: %d vs %d executions", a.Execs, b.Execs)
	}
}

// TestFuzzProjectNothingFuzzed: a project whose code has nothing to call
// and whose one invariant suite's setUp() reverts fuzzed nothing: exit 2,
// the suite named with its reason.
func TestFuzzProjectNothingFuzzed(t *testing.T) {
	root := harnessProject(t)
	for _, f := range []string{"test/BankInvariant.t.sol", "test/BankUnit.t.sol"} {
		if err := os.Remove(filepath.Join(root, f)); err != nil {
			t.Fatal(err)
		}
	}
	for f, text := range map[string]string{
		"src/Bank.sol": "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract Bank {}\n",
		"test/BankFork.t.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Test} from "forge-std/Test.sol";
import {Bank} from "../src/Bank.sol";
contract BankForkTest is Test {
    Bank public bank;
    function setUp() public {
        bank = new Bank();
        revert("needs a mainnet fork");
    }
    function invariant_deployed() public view {
        require(address(bank) != address(0));
    }
}
`,
	} {
		if err := os.WriteFile(filepath.Join(root, f), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, _, stderr := foresight(t, "check", root, "--execs", "2000", "--seed", "1")
	if code != exitUsage {
		t.Fatalf("check exit %d, want %d; stderr:\n%s", code, exitUsage, stderr)
	}
	if !strings.Contains(stderr, `BankForkTest: not fuzzed: setUp failed: setUp() reverted: "needs a mainnet fork"`) || strings.Contains(stderr, "BankInvariant") {
		t.Errorf("stderr:\n%s", stderr)
	}
}

// TestSuitesAreTheEditorsHarnesses: the command line's suites are
// harness.Find's invariant suites (session.SuitesFor, the rule the editor's
// saves use too), on the fixture project.
func TestSuitesAreTheEditorsHarnesses(t *testing.T) {
	root := harnessProject(t)
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	bank := filepath.Join(root, "src", "Bank.sol")
	got := session.For(proj, []string{bank}, nil, session.Named).Suites
	want := []string{filepath.Join(root, "test", "BankFork.t.sol"), filepath.Join(root, "test", "BankInvariant.t.sol")}
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(got, harness.Suites(harness.Find(proj, []string{bank}, nil))) {
		t.Errorf("suites %v, want %v", got, want)
	}
}
