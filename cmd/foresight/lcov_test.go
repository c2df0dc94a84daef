package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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
// line 17 (return 2) follows assert(false) and never runs; line 7
// (`contract PathsBaz {`, the dispatcher) is neither a line nor a branch,
// as in forge coverage.
func TestCoverageLCOV(t *testing.T) {
	text, _ := lcovOf(t, fixtures.Example(t, "PathsBaz.sol"))
	for _, want := range []string{"TN:\nSF:PathsBaz.sol\n", "FN:8,PathsBaz.baz\n", "FNF:1\nFNH:1\n", "DA:17,0\n", "LF:13\n", "end_of_record"} {
		if !strings.Contains(text, want) {
			t.Errorf("lcov lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "DA:7,") || strings.Contains(text, "BRDA:7,") {
		t.Errorf("lcov has the dispatcher's line 7:\n%s", text)
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
// and line 20 (x = v), though no conditional jump follows it, ran once
// per call that got past the ABI decoder: as often as set's own line 19
// (before, it showed 1: only code ending in a jump had counts).
func TestCoverageLCOVConstructor(t *testing.T) {
	text, _ := lcovOf(t, filepath.Join("..", "..", "engine", "testdata", "coverage", "Ctor.sol"))
	for _, want := range []string{"FNDA:1,Ctor.constructor\n", "DA:11,1\n", "DA:13,1\n", "DA:15,0\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("lcov lacks %q:\n%s", want, text)
		}
	}
	m := regexp.MustCompile(`FNDA:(\d+),Ctor.set\n`).FindStringSubmatch(text)
	def := regexp.MustCompile(`DA:19,(\d+)\n`).FindStringSubmatch(text)
	body := regexp.MustCompile(`DA:20,(\d+)\n`).FindStringSubmatch(text)
	if m == nil || def == nil || body == nil {
		t.Fatalf("lcov lacks FNDA for Ctor.set or DA for lines 19 and 20:\n%s", text)
	}
	calls, _ := strconv.Atoi(m[1])
	if n, _ := strconv.Atoi(body[1]); calls < 100 || n < 100 || n > calls || body[1] != def[1] {
		t.Errorf("set called %d times, line 19 ran %s and line 20 %s times: want hundreds, line 20 as often as 19, at most the calls:\n%s", calls, def[1], body[1], text)
	}
}

// TestCoverageLCOVMatchesForge: on scripts/testdata/lcov-forge, the
// tracefile names the lines (DA) and functions (FN: line and name) that
// `forge coverage --report lcov` names there, recorded in its forge.lcov
// (scripts/check-lcov-forge checks the record against real forge and
// compares the two tools directly). Counts are not compared: forge's
// come from its test, Foresight's from its campaign; but they are
// counts: the loop body's line ran more often than sum was called.
func TestCoverageLCOVMatchesForge(t *testing.T) {
	dir := filepath.Join("..", "..", "scripts", "testdata", "lcov-forge")
	text, _ := lcovOf(t, filepath.Join(dir, "src"))
	forge, err := os.ReadFile(filepath.Join(dir, "forge.lcov"))
	if err != nil {
		t.Fatal(err)
	}
	got, want := lcovShape(text), lcovShape(string(forge))
	if len(want) < 40 {
		t.Fatalf("forge.lcov has only %d lines and functions", len(want))
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("forge has %q, Foresight has not", w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("Foresight has %q, forge has not", g)
		}
	}
	body := regexp.MustCompile(`(?m)^DA:(\d+),(\d+)$`).FindAllStringSubmatch(text, -1)
	sum := regexp.MustCompile(`FNDA:(\d+),Tally.sum\n`).FindStringSubmatch(text)
	counts := map[string]int{}
	for _, m := range body {
		counts[m[1]], _ = strconv.Atoi(m[2])
	}
	calls := 0
	if sum != nil {
		calls, _ = strconv.Atoi(sum[1])
	}
	if loop := counts[lineOf(t, filepath.Join(dir, "src", "Tally.sol"), "s += i;")]; calls == 0 || loop <= calls {
		t.Errorf("sum called %d times, its loop body ran %d times: want more\n%s", calls, loop, text)
	}
}

// lcovShape is a tracefile's DA lines and FN records, per SF, sorted.
func lcovShape(text string) []string {
	var out []string
	sf := ""
	for _, line := range strings.Split(text, "\n") {
		key, val, _ := strings.Cut(line, ":")
		switch key {
		case "SF":
			sf = val
		case "DA":
			n, _, _ := strings.Cut(val, ",")
			out = append(out, sf+": line "+n)
		case "FN":
			out = append(out, sf+": function "+strings.Replace(val, ",", " ", 1))
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// lineOf is the one-based line of path that holds text, as a string.
func lineOf(t *testing.T, path, text string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, text) {
			return strconv.Itoa(i + 1)
		}
	}
	t.Fatalf("%s has no %q", path, text)
	return ""
}
