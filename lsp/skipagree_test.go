package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/session"
)

// skipSuite is an invariant suite reaching Mixed.sol whose setUp()
// always reverts: its campaign fuzzes nothing.
const skipSuite = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "../src/Mixed.sol";

contract BrokenTest {
    Counter c;

    function setUp() public {
        c = new Counter();
        revert("no set-up");
    }

    function invariant_small() public view {
        assert(c.n() < 1000);
    }
}
`

// skipShapes adds what the editor has nothing to say about to Mixed.sol:
// an interface, a library and an abstract contract.
const skipShapes = `
interface IGate {
    function open(uint256 x) external;
}

library Maths {
    function twice(uint256 x) internal pure returns (uint256) {
        return 2 * x;
    }
}

abstract contract Half {
    function half() external virtual;
}
`

// TestSkipReasonsAgree: for the same tree, 'foresight check FILE' (the
// JSON report's contracts) and a save of FILE in the editor (its notes)
// say the same contracts were not fuzzed, for the same reasons, at the
// same lines: both take them from session.Skips. The rows cover the
// engine's skips (a constructor that always reverts, no function to
// call), a suite beside the direct campaign whose setUp() fails, and
// every fixture project of TestEditorAgreesWithCheck, one with its test
// file the one saved or named.
func TestSkipReasonsAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := fixtures.Binary(t)
	for _, tt := range []struct {
		name string
		want []string // the skips both must give
		make func(tb testing.TB) (root, file string)
	}{
		{"engine skips and a failed set-up", []string{
			"src/Mixed.sol:17 Ledger: no callable functions",
			"src/Mixed.sol:7 Fortress: constructor reverted",
			"test/Broken.t.sol:6 BrokenTest: setUp() failed",
		}, func(tb testing.TB) (string, string) {
			root := tb.TempDir()
			writeFile(tb, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\n")
			writeFile(tb, root, "test/Broken.t.sol", skipSuite)
			return root, writeFile(tb, root, "src/Mixed.sol", skippedSrc+skipShapes)
		}},
		{"issue 45 vault", nil, func(tb testing.TB) (string, string) {
			root := vaultProject(tb)
			return root, filepath.Join(root, "src", "Vault.sol")
		}},
		{"issue 45 vault, its test saved", nil, func(tb testing.TB) (string, string) {
			root := vaultProject(tb)
			return root, filepath.Join(root, "test", "Vault.t.sol")
		}},
		{"set-up vault with a planted bug", nil, func(tb testing.TB) (string, string) {
			root := tb.TempDir()
			vault := foundrySetUpProject(tb, root, false)
			writeFile(tb, root, "src/Vault.sol", strings.Replace(setUpVault, plantedAt, plantedBug, 1))
			return root, vault
		}},
		{"set-up vault without its test", nil, func(tb testing.TB) (string, string) {
			root := tb.TempDir()
			return root, foundrySetUpProject(tb, root, true)
		}},
		{"single file", nil, func(tb testing.TB) (string, string) {
			root := tb.TempDir()
			data, err := os.ReadFile(fixtures.Example(tb, "TwoObjectives.sol"))
			if err != nil {
				tb.Fatal(err)
			}
			return root, writeFile(tb, root, "TwoObjectives.sol", string(data))
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, file := tt.make(t)
			cli, kinds := checkSkips(t, bin, root, file)
			slices.Sort(cli)
			if slices.Sort(kinds); !slices.Equal(kinds, tt.want) {
				t.Errorf("foresight check: %q, want %q", cli, tt.want)
			}

			f := newFake(t, fakeOptions{settings: with(budget, "fuzzExecs", 2_000), folders: []string{root}})
			f.open(file)
			f.awaitRunEnd(1)
			mark := f.journalLen()
			f.save(file)
			f.awaitRunAfter(mark)
			var editor []string
			f.mu.Lock()
			for path := range f.diags {
				for _, d := range f.notesLocked(path) {
					rel, _ := filepath.Rel(root, path)
					editor = append(editor, fmt.Sprintf("%s:%d %s", filepath.ToSlash(rel), d.Range.Start.Line+1, noteReason(d.Message)))
				}
			}
			f.mu.Unlock()
			slices.Sort(editor)
			if !slices.Equal(editor, cli) {
				t.Errorf("the editor noted\n  %q\nforesight check\n  %q", editor, cli)
			}
			f.shutdown()
		})
	}
}

// noteReason is "Contract: reason" of a not-fuzzed note's message
// ("Contract was not fuzzed: reason. advice").
func noteReason(msg string) string {
	name, rest, _ := strings.Cut(msg, " was not fuzzed: ")
	for w := session.Fuzzed; w <= session.OtherSetUp; w++ {
		if a := w.Advice(); a != "" && strings.HasSuffix(rest, ". "+a) {
			return name + ": " + strings.TrimSuffix(rest, ". "+a)
		}
	}
	return name + ": " + rest
}

// checkSkips runs 'foresight check FILE' with the editor's seed and
// budget and returns the contracts its report says were not fuzzed for a
// noted reason (its "skip"), as "path:line Contract: reason", and the
// same with the kind of the reason instead ("constructor reverted").
func checkSkips(t *testing.T, bin, root, file string) (skips, kinds []string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*awaitTimeout)
	defer cancel()
	out := filepath.Join(t.TempDir(), "report.json")
	cmd := exec.CommandContext(ctx, bin, "check", file, "--seed", fmt.Sprint(budget["seed"]), "--execs", "2000",
		"--workers", "1", "--timeout", "0", "--format", "json", "-o", out)
	cmd.Dir = root
	stderr, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("foresight check: %v\n%s", err, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("foresight check wrote no report: %v\n%s", err, stderr)
	}
	var rep struct {
		Contracts []struct {
			Name, Unit, Reason, Skip string
			Fuzzed                   bool
			Line                     int
		}
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	for _, c := range rep.Contracts {
		if !c.Fuzzed && c.Skip != "" {
			skips = append(skips, fmt.Sprintf("%s:%d %s: %s", c.Unit, c.Line, c.Name, c.Reason))
			kinds = append(kinds, fmt.Sprintf("%s:%d %s: %s", c.Unit, c.Line, c.Name, c.Skip))
		}
	}
	// The text summary's "skipped" lines say the same (session.Skips).
	text := textSkips(string(stderr))
	want := slices.Sorted(slices.Values(skips))
	if slices.Sort(text); !slices.Equal(text, want) {
		t.Errorf("foresight check's text summary skipped\n  %q\nits JSON report\n  %q\n%s", text, want, stderr)
	}
	return skips, kinds
}

// skippedLine is a text summary's "foresight: skipped Contract: reason
// (unit:line)".
var skippedLine = regexp.MustCompile(`(?m)^foresight: skipped (\S+): (.*) \(([^()]+):(\d+)\)$`)

// textSkips are the text summary's skipped lines as "unit:line Contract:
// reason".
func textSkips(stderr string) []string {
	out := []string{}
	for _, m := range skippedLine.FindAllStringSubmatch(stderr, -1) {
		out = append(out, fmt.Sprintf("%s:%s %s: %s", m[3], m[4], m[1], m[2]))
	}
	// A line without a place is one the JSON report cannot match.
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "foresight: skipped ") && !skippedLine.MatchString(l) && !strings.Contains(l, "test/script file(s)") {
			out = append(out, "unplaced: "+strings.TrimPrefix(l, "foresight: skipped "))
		}
	}
	return out
}
