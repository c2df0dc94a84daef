package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// lcovOf fuzzes path with --coverage lcov and returns the tracefile.
func lcovOf(t *testing.T, path string, extra ...string) (string, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "lcov.info")
	args := append([]string{"fuzz", path, "--execs", "2000", "--seed", "1", "--workers", "1", "--timeout", "0", "--coverage", "lcov", "--coverage-file", file}, extra...)
	if code, _, stderr := foresight(t, args...); code == exitUsage {
		t.Fatalf("fuzz failed: %s", stderr)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data), file
}

// TestCoverageLCOV: the tracefile names the file relative to the project
// root, has function, branch and line records, and counts: line 12 (if
// (b < 3)) runs once per transaction with d < 1, which is most but not
// all of them, so its count is above 1 and equals its branches' sum;
// line 17 (return 2) follows assert(false) and never runs.
func TestCoverageLCOV(t *testing.T) {
	text, _ := lcovOf(t, fixtures.Example(t, "PathsBaz.sol"))
	for _, want := range []string{"TN:\nSF:PathsBaz.sol\n", "FN:8,PathsBaz.baz\n", "FNF:1\nFNH:1\n", "DA:17,0\n", "LF:14\n", "end_of_record"} {
		if !strings.Contains(text, want) {
			t.Errorf("lcov lacks %q:\n%s", want, text)
		}
	}
	da := regexp.MustCompile(`DA:12,(\d+)\n`).FindStringSubmatch(text)
	br := regexp.MustCompile(`BRDA:12,0,0,(\d+)\nBRDA:12,0,1,(\d+)\n`).FindStringSubmatch(text)
	fnda := regexp.MustCompile(`FNDA:(\d+),PathsBaz.baz\n`).FindStringSubmatch(text)
	if da == nil || br == nil || fnda == nil {
		t.Fatalf("lcov lacks DA, BRDA or FNDA records for line 12 and baz:\n%s", text)
	}
	n, _ := strconv.ParseUint(da[1], 10, 64)
	taken, _ := strconv.ParseUint(br[1], 10, 64)
	not, _ := strconv.ParseUint(br[2], 10, 64)
	calls, _ := strconv.ParseUint(fnda[1], 10, 64)
	if n <= 1 || n != taken+not || n >= calls {
		t.Errorf("line 12 ran %d times, its branches %d + %d, baz called %d times: want more than once, the branches' sum, fewer than the calls", n, taken, not, calls)
	}
}

// TestCoverageLCOVDependencies: a library in node_modules that the
// fuzzed contract runs is left out of the tracefile unless
// --coverage-deps asks for it.
func TestCoverageLCOVDependencies(t *testing.T) {
	path := filepath.Join("..", "..", "engine", "testdata", "deps", "src", "Halver.sol")
	text, _ := lcovOf(t, path)
	if !strings.Contains(text, "SF:src/Halver.sol\n") || strings.Contains(text, "node_modules") {
		t.Errorf("lcov without --coverage-deps:\n%s", text)
	}
	text, _ = lcovOf(t, path, "--coverage-deps")
	if !strings.Contains(text, "SF:node_modules/@acme/math/MathLib.sol\n") {
		t.Errorf("lcov with --coverage-deps lacks MathLib.sol:\n%s", text)
	}
}

// TestCoverageGenhtml renders the tracefile with genhtml (Debian's lcov;
// scripts/test installs it) and checks that its index counts functions:
// skipped without genhtml, except in CI.
func TestCoverageGenhtml(t *testing.T) {
	genhtml, err := exec.LookPath("genhtml")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("genhtml is not installed (scripts/test installs lcov)")
		}
		t.Skip("genhtml is not installed")
	}
	path := fixtures.Example(t, "PathsBaz.sol")
	_, file := lcovOf(t, path)
	out := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, genhtml, "--branch-coverage", "-o", out, file)
	cmd.Dir = filepath.Dir(path) // the tracefile's paths are relative to the root
	log, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("genhtml: %v\n%s", err, log)
	}
	index, err := os.ReadFile(filepath.Join(out, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	// genhtml's summary: "functions..: 100.0% (1 of 1 function)".
	m := regexp.MustCompile(`functions\.*: [\d.]+% \((\d+) of (\d+) functions?\)`).FindStringSubmatch(string(log))
	if m == nil || m[2] == "0" || !strings.Contains(string(index), "Functions") {
		t.Errorf("genhtml shows no functions:\n%s", log)
	}
}

// TestCoverageLCOVConstructor: the constructor's lines are in the
// tracefile, those its deployment ran covered (lines 11-13) and the
// branch it did not take (line 15) not; set's FNDA counts its calls,
// though none of its lines ends in a conditional jump (its DA is 1).
func TestCoverageLCOVConstructor(t *testing.T) {
	text, _ := lcovOf(t, filepath.Join("..", "..", "engine", "testdata", "coverage", "Ctor.sol"))
	for _, want := range []string{"FNDA:1,Ctor.constructor\n", "DA:11,1\n", "DA:13,1\n", "DA:15,0\n", "DA:20,1\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("lcov lacks %q:\n%s", want, text)
		}
	}
	m := regexp.MustCompile(`FNDA:(\d+),Ctor.set\n`).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("lcov lacks FNDA for Ctor.set:\n%s", text)
	}
	if n, _ := strconv.Atoi(m[1]); n < 100 {
		t.Errorf("set called %d times, want its transactions' count (hundreds in 2,000 executions):\n%s", n, text)
	}
}
