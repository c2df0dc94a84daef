package session

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

// TestCarry: a suite compiled with one Vault.sol is carried to another
// when its test takes from the vault only what it deploys and its ABI,
// and refused, with the reason, when the test inherits from it, uses its
// library or constants, or calls what the edit removed. Each case edits
// the suite's test (test) and then the vault (now) with replacements of
// testdata/carry's texts.
func TestCarry(t *testing.T) {
	cases := []struct {
		name      string
		test, now [][2]string
		why       string // "" when carried
		swaps     int
	}{
		{name: "planted bug", now: [][2]string{{"        totalDeposits -= amount;\n", ""}}, swaps: 3},
		{name: "new function and comment", now: [][2]string{{"    function checkSolvency", "    // checked by the suite\n    function extra() external {}\n\n    function checkSolvency"}}, swaps: 3},
		{name: "unchanged struct", test: [][2]string{{"        vault = new Vault();\n", "        vault = new Vault();\n        Vault.Position memory p;\n        p.amount = 1;\n"}},
			now: [][2]string{{"        totalDeposits -= amount;\n", ""}}, swaps: 3},
		{name: "nothing changed", why: "nothing the suite compiles changed"},
		{name: "changed struct", test: [][2]string{{"        vault = new Vault();\n", "        vault = new Vault();\n        Vault.Position memory p;\n        p.amount = 1;\n"}},
			now: [][2]string{{"uint256 amount;\n    }", "uint256 amount;\n        uint256 since;\n    }"}}, why: "uses the changed struct Position"},
		{name: "base", test: [][2]string{{"import {Vault}", "import {Base, Vault}"}, {"contract VaultTest {", "contract VaultTest is Base {"}},
			now: [][2]string{{"return 1;", "return 2;"}}, why: "derives from Base"},
		{name: "library", test: [][2]string{{"import {Vault}", "import {Fees, Vault}"}, {"vault.checkSolvency();", "vault.checkSolvency();\n        Fees.cut(100);"}},
			now: [][2]string{{"/ 100;", "/ 1000;"}}, why: "uses the library Fees"},
		{name: "constant", test: [][2]string{{"import {Vault}", "import {FEE, Vault}"}, {"vault.checkSolvency();", "vault.checkSolvency();\n        vault.balances(address(uint160(FEE)));"}},
			now: [][2]string{{"FEE = 1;", "FEE = 2;"}}, why: "uses the constant FEE"},
		{name: "removed function", now: [][2]string{{"    function checkSolvency() external view {\n        assert(address(this).balance >= totalDeposits);\n    }\n", ""}},
			why: "Vault's ABI changed"},
	}
	root := filepath.Join(fixtures.RepoRoot(), "session", "testdata", "carry")
	vault := filepath.Join(root, "src", "Vault.sol")
	test := filepath.Join(root, "test", "Vault.t.sol")
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			overlay := solc.Overlay{test: edited(t, test, c.test)}
			old, err := CompileSuites(ctx, tc, proj, []string{test}, overlay)
			if err != nil || old[0].Err != "" {
				t.Fatalf("suite: %v %s %v", err, old[0].Err, diagnosticsOf(old[0].Builds))
			}
			overlay[vault] = edited(t, vault, c.now)
			direct, err := tc.Compile(ctx, proj, solc.Request{Files: []string{vault}, Overlay: overlay, Mode: solc.Full})
			if err != nil {
				t.Fatal(err)
			}
			got, why := Carry(old[0], direct)
			if c.why != "" {
				if !strings.Contains(why, c.why) {
					t.Fatalf("Carry: %q, want a refusal with %q", why, c.why)
				}
				return
			}
			if why != "" {
				t.Fatalf("not carried: %s", why)
			}
			if len(got.Swaps) != c.swaps {
				t.Errorf("%d swaps, want %d", len(got.Swaps), c.swaps)
			}
			if c.name == "planted bug" {
				carriedFinds(t, ctx, tc, proj, test, overlay, direct, got)
			}
		})
	}
}

// carriedFinds fuzzes the carried suite beside a suite compile that
// waits for its first finding (RunStaged's Hooks.Carried), then replays
// that finding on the suite compiled with the new vault: it must fail
// there too, at the same place.
func carriedFinds(t *testing.T, ctx context.Context, tc *solc.Toolchain, proj *solc.Project, test string, overlay solc.Overlay, direct []*solc.Build, c Carried) {
	found, ended := make(chan report.Finding, 1), make(chan struct{})
	later := func(ctx context.Context) ([]Suite, error) {
		select {
		case <-found:
		case <-ended: // without a finding: failed below
		case <-ctx.Done():
		case <-time.After(10 * time.Minute):
			t.Error("the carried suite found nothing in 10 minutes")
		}
		return CompileSuites(ctx, tc, proj, []string{test}, overlay)
	}
	var first *report.Finding
	h := Hooks{Carried: []Carried{c}, OnCarriedFinding: func(f report.Finding) {
		if first == nil {
			first = &f
			found <- f
		}
	}, OnCarried: func(_ Suite, _ *engine.Report, err error) {
		if err != nil {
			t.Logf("carried campaign: %v", err)
		}
		close(ended)
	}}
	opts := engine.Options{Settings: engine.Settings{Seed: 1, Execs: 500, Workers: 1}}
	hopts := engine.Options{Settings: engine.Settings{Seed: 1, Execs: 30_000, Workers: 1}}
	if _, _, err := RunStaged(ctx, direct, opts, 1, later, hopts, h); err != nil {
		t.Fatal(err)
	}
	if first == nil {
		t.Fatal("no carried finding")
	}
	if first.Harness == nil || first.Harness.Contract != "VaultTest" {
		t.Fatalf("carried finding %s in %s from %+v, want one from VaultTest's set-up", first.Kind, first.Contract, first.Harness)
	}
	real, err := CompileSuites(ctx, tc, proj, []string{test}, overlay)
	if err != nil || real[0].Err != "" {
		t.Fatalf("suite: %v %s", err, real[0].Err)
	}
	v, err := engine.Recheck(real[0].Builds, first.Harness.Setup, *first)
	if err != nil {
		t.Fatal(err)
	}
	if v.Status != engine.StillFailing || v.Now == nil || v.Now.Kind != first.Kind || v.Now.Path != first.Path || v.Now.Start != first.Start {
		t.Fatalf("replayed on the suite's own compile: %+v, want it still failing as %s at %s:%d", v, first.Kind, first.Path, first.Start)
	}
}

// edited is path's text with each replacement made once; a replacement
// that finds nothing fails the test.
func edited(t *testing.T, path string, reps [][2]string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, r := range reps {
		if !strings.Contains(s, r[0]) {
			t.Fatalf("%s has no %q", filepath.Base(path), r[0])
		}
		s = strings.Replace(s, r[0], r[1], 1)
	}
	return []byte(s)
}

// diagnosticsOf lists the builds' compiler messages, for a failure.
func diagnosticsOf(builds []*solc.Build) []string {
	var out []string
	for _, b := range builds {
		for _, d := range b.Diagnostics {
			out = append(out, d.Message)
		}
	}
	return out
}
