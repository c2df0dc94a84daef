package main

import (
	"context"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/junit")

// junitRead is what test-results-parser (testdata/junit/read.js) read.
type junitRead struct {
	Total, Passed, Failed, Skipped int
	Suites                         []struct {
		Name                   string
		Total, Failed, Skipped int
		Cases                  []struct{ Name, Status, Failure string }
	}
}

// TestJUnit: check --format junit on Mixed.sol writes one testcase per
// contract (not the interface): Buggy failing with its kind, place and
// calls, Fine passing, Refuses skipped with why (golden, times masked);
// a JUnit reader CI reporters use reads the same counts; replay
// --format junit of the check's report has the finding as a failing
// testcase.
func TestJUnit(t *testing.T) {
	src := filepath.Join("..", "..", "testdata", "ci", "junit", "Mixed.sol")
	out := filepath.Join(t.TempDir(), "check.xml")
	code, _, stderr := foresight(t, "check", src, "--execs", "2000", "--seed", "1", "--workers", "1", "--format", "junit", "-o", out)
	if code != exitFindings {
		t.Fatalf("check: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got := regexp.MustCompile(`time="[0-9.]+"`).ReplaceAllString(string(data), `time="T"`)
	golden := filepath.Join("testdata", "junit", "mixed.golden.xml")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("junit differs from %s (-update rewrites it):\n%s", golden, got)
	}
	r := readJUnit(t, out)
	// The reader's total leaves the skipped out.
	if r.Total != 2 || r.Failed != 1 || r.Skipped != 1 || r.Passed != 1 || len(r.Suites) != 1 || len(r.Suites[0].Cases) != 3 {
		t.Fatalf("the reader read %+v: want 3 cases, 1 failed, 1 skipped, 1 passed", r)
	}
	if c := r.Suites[0].Cases[2]; c.Name != "Refuses" || c.Status != "SKIP" {
		t.Errorf("third case %+v, want Refuses skipped", c)
	}
	if c := r.Suites[0].Cases[0]; c.Name != "Buggy" || c.Status != "FAIL" || !strings.Contains(c.Failure, "Buggy.set") {
		t.Errorf("first case %+v, want Buggy failing at Buggy.set", c)
	}

	code, rep, _ := foresight(t, "check", src, "--execs", "2000", "--seed", "1", "--workers", "1", "--format", "json")
	rfile := filepath.Join(t.TempDir(), "report.json")
	if err := os.WriteFile(rfile, []byte(rep), 0o644); err != nil || code != exitFindings {
		t.Fatalf("check --format json: exit %d, %v", code, err)
	}
	code, xml, stderr := foresight(t, "replay", rfile, "--format", "junit")
	if code != exitFindings || !strings.HasPrefix(xml, "<?xml") {
		t.Fatalf("replay --format junit: exit %d\n%s\n%s", code, xml, stderr)
	}
	rx := filepath.Join(t.TempDir(), "replay.xml")
	if err := os.WriteFile(rx, []byte(xml), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := readJUnit(t, rx); r.Total != 1 || r.Failed != 1 || !strings.Contains(r.Suites[0].Cases[0].Name, "assert-failure in Buggy") {
		t.Errorf("replay's junit read as %+v, want one failing case for Buggy's finding", r)
	}
}

// readJUnit reads file with testdata/junit/read.js, installing its npm
// package first (npm ci; CI must have node and npm).
func readJUnit(t *testing.T, file string) junitRead {
	t.Helper()
	node, err := exec.LookPath("node")
	if _, errNpm := exec.LookPath("npm"); err != nil || errNpm != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("node or npm is not installed")
		}
		t.Skip("node or npm is not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	dir, err := filepath.Abs(filepath.Join("testdata", "junit"))
	if err != nil {
		t.Fatal(err)
	}
	npm := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error")
	npm.Dir = dir
	if out, err := npm.CombinedOutput(); err != nil {
		t.Fatalf("npm ci in %s: %v\n%s", dir, err, out)
	}
	out, err := exec.CommandContext(ctx, node, filepath.Join(dir, "read.js"), file).Output()
	if err != nil {
		t.Fatalf("read.js: %v\n%s", err, out)
	}
	var r junitRead
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("read.js printed %s: %v", out, err)
	}
	return r
}
