package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// lenderSetUpSol deploys the fork project's lender from a Foundry
// set-up; the lender reads the pool at its address on the chain, so the
// bug shows only when setUp() and the test run forked.
const lenderSetUpSol = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;
import {Test} from "forge-std/Test.sol";
import {Lender} from "../src/Lender.sol";
contract LenderTest is Test {
    Lender public lender;
    function setUp() public { lender = new Lender(); }
}
`

// TestForkSetUpExportAnvil fuzzes the fork project's lender from a set-up
// contract, forked at anvil, and runs the exported test under real forge
// without --fork-url: the test selects the fork itself (before setUp()),
// so it passes, and fails with its assertion inverted.
func TestForkSetUpExportAnvil(t *testing.T) {
	forge, std, dsTest := os.Getenv("FORESIGHT_FORGE"), os.Getenv("FORESIGHT_FORGE_STD"), os.Getenv("FORESIGHT_DS_TEST")
	if forge == "" || std == "" || dsTest == "" {
		t.Skip("FORESIGHT_FORGE, FORESIGHT_FORGE_STD or FORESIGHT_DS_TEST unset: scripts/check-fork sets them")
	}
	id := uint64(20000 + os.Getpid()%20000) // a chain id of its own: no other run's cache
	a := startAnvil(t, id)
	forkCacheCleanup(t, id)
	dir, _, _ := forkProject(t, a)
	lib := filepath.Join(dir, "lib", "forge-std")
	for _, f := range []string{"Test.sol", "Vm.sol", "console.sol", "console2.sol", "Script.sol", "StdAssertions.sol"} {
		if b, err := os.ReadFile(filepath.Join(std, f)); err == nil {
			writeTestFile(t, filepath.Join(lib, "src", f), b)
		}
	}
	b, err := os.ReadFile(dsTest)
	if err != nil {
		t.Fatal(err)
	}
	writeTestFile(t, filepath.Join(lib, "lib", "ds-test", "src", "test.sol"), b)
	writeTestFile(t, filepath.Join(dir, "test", "Lender.t.sol"), []byte(lenderSetUpSol))

	report := filepath.Join(dir, "report.json")
	code, _, errs, _ := forkRun(t, "fuzz", filepath.Join(dir, "src", "Lender.sol"), filepath.Join(dir, "test", "Lender.t.sol"),
		"--seed", "1", "--execs", "4000", "--workers", "1", "--timeout", "0", "--format", "json", "-o", report, "--fork-url", a.url)
	var rep struct {
		SetUp    string `json:"setUp"` // named, or "setUp" would be read as "setup"
		Findings []struct{ Kind, Contract string }
		Setup    struct{ Fork *struct{ URL string } } `json:"setup"`
	}
	b, err = os.ReadFile(report)
	if err == nil {
		err = json.Unmarshal(b, &rep)
	}
	if err != nil || code != exitFindings || rep.SetUp != "LenderTest" || rep.Setup.Fork == nil || len(rep.Findings) != 1 || rep.Findings[0].Kind != "assert-failure" {
		t.Fatalf("set-up campaign: exit %d, report %+v (%v)\n%s", code, rep, err, errs)
	}
	code, out, errs, _ := forkRun(t, "replay", "--export", "--export-style", "proof", report)
	if code != exitOK {
		t.Fatalf("export: exit %d\n%s\n%s", code, out, errs)
	}
	tests, _ := filepath.Glob(filepath.Join(dir, "test", "Foresight_*.t.sol"))
	if len(tests) != 1 {
		t.Fatalf("exported %v", tests)
	}
	src, err := os.ReadFile(tests[0])
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "is LenderTest {") || !strings.Contains(string(src), `"createSelectFork(string,uint256)"`) {
		t.Fatalf("the exported test does not inherit the set-up and select the fork:\n%s", src)
	}
	inverted := strings.NewReplacer("contract Foresight_", "contract Inverted_Foresight_", "assertFalse(ok, ", "assertTrue(ok, ").Replace(string(src))
	writeTestFile(t, filepath.Join(dir, "test", "Inverted_Foresight_Test.t.sol"), []byte(inverted))
	shim := filepath.Join(dir, "solc-shim")
	writeTestFile(t, shim, []byte(fmt.Sprintf("#!/bin/sh\nexec %q solc 0.8.37 \"$@\"\n", fixtures.Binary(t))))
	if err := os.Chmod(shim, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(forge, "test", "--use", shim, "--json", "--match-path", "test/*Foresight_*")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	_ = cmd.Run() // forge exits 1 for the inverted test's failure: the counts below judge
	res := stdout.String()
	if pass, fail := strings.Count(res, `"status":"Success"`), strings.Count(res, `"status":"Failure"`); pass != 1 || fail != 1 {
		t.Fatalf("forge: %d passed and %d failed, want the exported test to pass and its inversion to fail\n%s\n%s\n%s", pass, fail, res, stderr.String(), src)
	}
}

func writeTestFile(t *testing.T, p string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
}
