package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// foresight runs the command in process and returns its exit code and
// output.
func foresight(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), append(args, "--no-install=false"), &out, &errb)
	return code, out.String(), errb.String()
}

func TestVersionAndUsage(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"version"}, &out, &errb); code != exitOK || !strings.HasPrefix(out.String(), "foresight ") {
		t.Errorf("version: %d %q", code, out.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"version", "--licenses"}, &out, &errb); code != exitOK ||
		!strings.HasPrefix(out.String(), "foresight "+version+"\n") || !strings.Contains(out.String(), "Apache License 2.0") ||
		!strings.Contains(out.String(), "github.com/ethereum/go-ethereum v1.17.10") || !strings.Contains(out.String(), "GNU LESSER GENERAL PUBLIC LICENSE") {
		t.Errorf("version --licenses: %d, without the version, the licence or the notices:\n%.300s", code, out.String())
	}
	if code := run(context.Background(), []string{"version", "extra"}, &out, &errb); code != exitUsage {
		t.Errorf("version extra: %d, want %d", code, exitUsage)
	}
	if code := run(context.Background(), []string{"frobnicate"}, &out, &errb); code != exitUsage || !strings.Contains(errb.String(), "unknown command") {
		t.Errorf("unknown command: %d %q", code, errb.String())
	}
	if code := run(context.Background(), nil, &out, &errb); code != exitUsage {
		t.Errorf("no command: %d", code)
	}
}

func TestCheckCompileError(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Bad.sol")
	os.WriteFile(path, []byte("pragma solidity ^0.8.0;\ncontract B {\n  function f() public { uint x = 1 }\n}\n"), 0o644)
	code, out, _ := foresight(t, "check", path)
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if !strings.Contains(out, "Bad.sol:3:36: error: Expected ';' but got '}' [2314]") {
		t.Errorf("output %q lacks the compiler error in file:line:col form", out)
	}
}

func TestCheckUsageErrors(t *testing.T) {
	path := fixtures.Example(t, "TwoObjectives.sol")
	for _, args := range [][]string{
		{"check"},
		{"check", "--format", "xml", path},
		{"check", "--coverage", "html", path},
		{"check", "--timeout", "-5s", path},
		{"fuzz", "--compile-timeout", "-1m", path},
		{"check", "/nonexistent/file.sol"},
		{"replay", "/nonexistent/report.json"},
	} {
		if code, _, _ := foresight(t, args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestFuzzJSONAndReplay(t *testing.T) {
	path := fixtures.Example(t, "SequenceFoo.sol")
	report := filepath.Join(t.TempDir(), "report.json")
	code, _, stderr := foresight(t, "fuzz", path, "--execs", "60000", "--seed", "2", "--format", "json", "-o", report)
	if code != exitFindings {
		t.Fatalf("fuzz exit %d, want %d; stderr:\n%s", code, exitFindings, stderr)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep jsonReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Schema != reportSchema || len(rep.Finds) != 1 || rep.Finds[0].Line != 17 || rep.Finds[0].Kind != "assert-failure" {
		t.Fatalf("report = %+v", rep)
	}
	code, out, stderr := foresight(t, "replay", report)
	if code != exitFindings {
		t.Fatalf("replay exit %d; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"SequenceFoo.bar()", "panic 0x01 (assertion failed)", "SequenceFoo.sol:17:13", "assert(false);"} {
		if !strings.Contains(out, want) {
			t.Errorf("replay output lacks %q:\n%s", want, out)
		}
	}
}

func TestCheckTextAndSARIF(t *testing.T) {
	path := fixtures.Example(t, "TwoObjectives.sol")
	code, out, _ := foresight(t, "check", path, "--execs", "5000", "--seed", "1")
	if code != exitFindings || !strings.Contains(out, "TwoObjectives.sol:11:13: error: Assertion failed when user ") {
		t.Errorf("check: exit %d, output:\n%s", code, out)
	}
	code, out, _ = foresight(t, "fuzz", path, "--execs", "5000", "--seed", "1", "--format", "sarif")
	var doc struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != exitFindings {
		t.Fatalf("sarif: exit %d, %v\n%s", code, err, out)
	}
	if doc.Version != "2.1.0" || len(doc.Runs) != 1 || len(doc.Runs[0].Results) != 2 || doc.Runs[0].Results[0].RuleID != "assert-failure" {
		t.Errorf("sarif = %+v", doc)
	}
}

// TestCheckNothingFuzzedFails: a run whose budget ends before the first
// execution (set-up over thousands of contracts outlasting --timeout)
// says so and fails, rather than printing "0 finding(s)" and exiting 0
// as if the contracts had been fuzzed.
func TestCheckNothingFuzzedFails(t *testing.T) {
	code, _, errs := foresight(t, "check", "--timeout", "1ns", "--seed", "1", fixtures.Example(t, "SequenceFoo.sol"))
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	if !strings.Contains(errs, "nothing was fuzzed") || !strings.Contains(errs, "fuzzed 0 contract(s), 0 function(s): 0 executions") {
		t.Errorf("stderr %q does not say that nothing was fuzzed", errs)
	}
}
