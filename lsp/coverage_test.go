package lsp

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/safefile"
	"go.lsp.dev/protocol"
)

// gateSol has a function inputs pass and one behind a require no input
// passes (a hash below 1000): line 13 is never reached.
const gateSol = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Gate {
    uint256 public total;

    function deposit(uint256 x) public {
        total += x % 1000;
    }

    function open(uint256 key) public {
        require(uint256(keccak256(abi.encode(key))) < 1000, "wrong key");
        total = 1;
    }
}
`

// coverageBudget is a small reproducible campaign.
var coverageBudget = map[string]any{"fuzzExecs": 3000, "fuzzBudgetSeconds": 0, "seed": 1, "workers": 1}

// lastCoverageLocked returns the last foresight/coverage notification
// for path.
func (f *fakeClient) lastCoverageLocked(path string) (coverageParams, bool) {
	for i := len(f.coverage) - 1; i >= 0; i-- {
		if f.coverage[i].URI == uriOf(path) {
			return f.coverage[i], true
		}
	}
	return coverageParams{}, false
}

// unreachedHintsLocked returns path's diagnostics with codeUnreached.
func (f *fakeClient) unreachedHintsLocked(path string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for _, d := range f.diags[path] {
		if d.Code == codeUnreached && d.Source == sourceCoverage {
			out = append(out, d)
		}
	}
	return out
}

// TestCoverageNotification saves Gate.sol twice (the second save changes
// the line behind the require) and checks what the editor is told: the
// reached and unreached lines per file, .foresight/lcov.info with the
// same lines, and a hint on the changed line naming the require that
// blocked it, its line and the best input's distance.
func TestCoverageNotification(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "Gate.sol", gateSol)
	f := newFake(t, fakeOptions{settings: coverageBudget, folders: []string{dir}, coverage: true})
	f.open(path)
	f.save(path)
	f.Await("the first campaign's coverage", func() bool { _, ok := f.lastCoverageLocked(path); return ok })
	f.mu.Lock()
	n := len(f.coverage)
	f.mu.Unlock()

	f.replace(path, "total = 1;", "total = 2;")
	f.save(path)
	f.Await("the second campaign's coverage and hint", func() bool {
		return len(f.coverage) > n && len(f.unreachedHintsLocked(path)) > 0
	})
	f.mu.Lock()
	cov, _ := f.lastCoverageLocked(path)
	hints := f.unreachedHintsLocked(path)
	findings := f.findingsLocked(path)
	f.mu.Unlock()
	if len(findings) != 0 {
		t.Errorf("findings = %+v: the hint must not count as one", findings)
	}

	// Zero-based: 3-4 the contract's dispatcher and total's getter, 6-7
	// deposit, 10-11 open up to the require; 12 is the line behind it.
	wantReached := []lineSpan{{3, 4}, {6, 7}, {10, 11}}
	wantUnreached := []lineSpan{{12, 12}}
	if !reflect.DeepEqual(cov.Reached, wantReached) || !reflect.DeepEqual(cov.Unreached, wantUnreached) {
		t.Errorf("coverage reached %v unreached %v, want %v and %v", cov.Reached, cov.Unreached, wantReached, wantUnreached)
	}
	if cov.LinesReached != 6 || cov.LinesUnreached != 1 || cov.Execs == 0 {
		t.Errorf("coverage counts = %d reached, %d unreached, %d execs", cov.LinesReached, cov.LinesUnreached, cov.Execs)
	}
	// Zero-based lines of each definition, for a client's function
	// coverage: deposit 6-8, open 10-13.
	wantFns := []coverageFunction{{"Gate.deposit", 6, 8}, {"Gate.open", 10, 13}}
	if !reflect.DeepEqual(cov.Functions, wantFns) {
		t.Errorf("coverage functions = %+v, want %+v", cov.Functions, wantFns)
	}
	lcov := filepath.Join(dir, ".foresight", "lcov.info")
	if cov.LCOV != uriOf(lcov) {
		t.Errorf("coverage lcov = %q, want %q", cov.LCOV, uriOf(lcov))
	}
	da := parseLCOV(t, lcov)
	// Hit or not, and each line's count of runs: deposit's line 8 as
	// often as its definition's line 7. The dispatcher's line 4 and the
	// getter's line 5 are the compiler's: not lines, as in forge coverage.
	ran := map[string]map[int]int{}
	for f, lines := range da {
		ran[f] = map[int]int{}
		for l, n := range lines {
			ran[f][l] = min(n, 1)
		}
	}
	wantRan := map[string]map[int]int{"Gate.sol": {7: 1, 8: 1, 11: 1, 12: 1, 13: 0}}
	if g := da["Gate.sol"]; !reflect.DeepEqual(ran, wantRan) || g[8] < 2 || g[8] != g[7] {
		t.Errorf("lcov.info lines = %v, want hits on %v and line 8 as often as line 7, more than once", da, wantRan)
	}

	if len(hints) != 1 {
		t.Fatalf("unreached hints = %+v, want one", hints)
	}
	h := hints[0]
	if h.Range.Start.Line != 12 || h.Range.End.Line != 12 || h.Severity != protocol.DiagnosticSeverityInformation {
		t.Errorf("hint range %+v severity %v, want line 12, information", h.Range, h.Severity)
	}
	wantText := "`require(uint256(keccak256(abi.encode(key))) < 1000, \"wrong key\")` at line 12 was never passed; the best input missed it by "
	if !strings.Contains(h.Message, wantText) {
		t.Errorf("hint = %q, want it to contain %q", h.Message, wantText)
	}
	if len(h.RelatedInformation) != 1 || h.RelatedInformation[0].Location.Range.Start.Line != 11 {
		t.Errorf("hint related = %+v, want the require on line 11", h.RelatedInformation)
	}
}

// parseLCOV reads an lcov tracefile's DA records by SF, failing on a
// record out of place or counts (LF, LH) that disagree with them.
func parseLCOV(t *testing.T, path string) map[string]map[int]int {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	out := map[string]map[int]int{}
	var cur map[int]int
	hit := 0
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		key, val, _ := strings.Cut(sc.Text(), ":")
		switch key {
		case "TN":
		case "SF":
			cur, hit = map[int]int{}, 0
			out[val] = cur
		case "DA":
			l, n, ok := strings.Cut(val, ",")
			line, err1 := strconv.Atoi(l)
			count, err2 := strconv.Atoi(n)
			if cur == nil || !ok || err1 != nil || err2 != nil {
				t.Fatalf("lcov: bad DA %q", val)
			}
			cur[line] = count
			if count > 0 {
				hit++
			}
		case "BRDA":
			if f := strings.Split(val, ","); cur == nil || len(f) != 4 {
				t.Fatalf("lcov: bad BRDA %q", val)
			}
		case "BRF", "BRH":
			if _, err := strconv.Atoi(val); cur == nil || err != nil {
				t.Fatalf("lcov: bad %s %q", key, val)
			}
		case "LF", "LH":
			want := len(cur)
			if key == "LH" {
				want = hit
			}
			if got, err := strconv.Atoi(val); cur == nil || err != nil || got != want {
				t.Fatalf("lcov: %s:%s, want %d", key, val, want)
			}
		case "end_of_record":
			if val != "" && key != "end_of_record" {
				t.Fatalf("lcov: bad line %q", sc.Text())
			}
			cur = nil
		default:
			t.Fatalf("lcov: unknown record %q", sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLCOVSymlinks writes lcov.info where the workspace planted
// symlinks: one at lcov.info's name is replaced, never written through,
// and a .foresight pointing out of the root is refused.
func TestLCOVSymlinks(t *testing.T) {
	files := map[string]*engine.FileCoverage{}
	root := t.TempDir()
	outside := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(outside, []byte("keep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, ".foresight"), 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, ".foresight", "lcov.info")
	if err := os.Symlink(outside, link); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	files[filepath.Join(root, "A.sol")] = &engine.FileCoverage{Covered: map[int]bool{3: true}, Missed: map[int]bool{4: true}}
	if _, err := writeLCOV(root, files); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(outside); string(data) != "keep\n" {
		t.Errorf("the symlink's target was written: %q", data)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink != 0 {
		t.Errorf("lcov.info is still a symlink (%v)", err)
	}
	if da := parseLCOV(t, link); !reflect.DeepEqual(da, map[string]map[int]int{"A.sol": {3: 1, 4: 0}}) {
		t.Errorf("lcov.info = %v", da)
	}

	root2 := t.TempDir()
	elsewhere := t.TempDir()
	if err := os.Symlink(elsewhere, filepath.Join(root2, ".foresight")); err != nil {
		t.Fatal(err)
	}
	if _, err := writeLCOV(root2, files); !errors.Is(err, safefile.ErrOutsideRoot) {
		t.Errorf("writeLCOV through a .foresight outside the root: %v, want ErrOutsideRoot", err)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("wrote outside the root: %v", entries)
	}
}

// TestCoverageNotAskedFor: a client without the foresightCoverage
// capability is sent no foresight/coverage, and still gets lcov.info.
func TestCoverageNotAskedFor(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "Gate.sol", gateSol)
	f := newFake(t, fakeOptions{settings: coverageBudget, folders: []string{dir}})
	f.open(path)
	f.save(path)
	f.awaitFuzzedEnd("the campaign's end")
	if _, err := os.Stat(filepath.Join(dir, ".foresight", "lcov.info")); err != nil {
		t.Errorf("lcov.info: %v", err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.coverage) != 0 {
		t.Errorf("sent %d coverage notifications to a client that did not ask", len(f.coverage))
	}
}
