package session

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/solc"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata/mutants")

// TestMutants runs each case of testdata/mutants/cases.tsv (a project and
// its changed lines) with a fixed seed and budget per mutant and compares
// each mutant's verdict with the case's golden file: the strong suite
// kills every mutant of withdraw, the weak one lets named mutants
// survive, and the keeper's rescue is reached by no campaign.
func TestMutants(t *testing.T) {
	dir := filepath.Join("testdata", "mutants")
	raw, err := os.ReadFile(filepath.Join(dir, "cases.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("cases.tsv: %q: want 4 fields", line)
		}
		name, project, spec := f[0], f[1], f[2]
		t.Run(name, func(t *testing.T) {
			root, err := filepath.Abs(filepath.Join(dir, project))
			if err != nil {
				t.Fatal(err)
			}
			file, lines := parseChanged(t, root, spec)
			proj, err := solc.LoadProject(root)
			if err != nil {
				t.Fatal(err)
			}
			run, err := Mutants(context.Background(), tc, proj, []string{file}, map[string]mutant.Lines{file: lines}, MutantOptions{Seed: 1, Execs: 3000})
			if err != nil {
				t.Fatal(err)
			}
			got := mutantsGolden(run)
			golden := filepath.Join(dir, name+".golden")
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
				t.Errorf("verdicts differ from %s:\n--- got\n%s--- want\n%s", golden, got, want)
			}
		})
	}
}

// parseChanged reads "file:from-to" relative to root.
func parseChanged(t *testing.T, root, spec string) (string, mutant.Lines) {
	t.Helper()
	file, rng, ok := strings.Cut(spec, ":")
	from, to, ok2 := strings.Cut(rng, "-")
	a, err1 := strconv.Atoi(from)
	b, err2 := strconv.Atoi(to)
	if !ok || !ok2 || err1 != nil || err2 != nil {
		t.Fatalf("changed lines %q: want file:from-to", spec)
	}
	return filepath.Join(root, filepath.FromSlash(file)), mutant.Lines{{From: a, To: b}}
}

// mutantsGolden is one line per mutant: its id, operator, verdict and
// what killed it, then the edit.
func mutantsGolden(run *MutantRun) string {
	var b strings.Builder
	for _, r := range run.Results {
		fmt.Fprintf(&b, "%s %s %s", r.ID, r.Operator, r.Status)
		if r.KilledBy != "" {
			fmt.Fprintf(&b, " by %s", r.KilledBy)
		}
		if len(r.Oracles) > 0 {
			fmt.Fprintf(&b, " (oracles: %s)", strings.Join(r.Oracles, ", "))
		}
		fmt.Fprintf(&b, ": %s\n", r.Description)
	}
	for _, f := range run.Failing {
		fmt.Fprintf(&b, "original fails %s\n", f)
	}
	return b.String()
}

// TestMutantsBrokenSuite: a suite that does not compile is left out and
// said so; the code it would have judged is still mutated and fuzzed.
func TestMutantsBrokenSuite(t *testing.T) {
	root := t.TempDir()
	from := filepath.Join("testdata", "mutants", "strong")
	for _, f := range []string{"foundry.toml", "src/Vault.sol", "test/VaultStrong.t.sol"} {
		data, err := os.ReadFile(filepath.Join(from, f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	broken := "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.20;\nimport {Vault} from \"../src/Vault.sol\";\ncontract BrokenTest {\n    Vault v;\n    function setUp() public { v = new Vault() }\n    function invariant_x() public view {}\n}\n"
	if err := os.WriteFile(filepath.Join(root, "test", "Broken.t.sol"), []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	tc := solc.NewToolchain(solc.Config{NoNative: true, NoForge: true})
	defer tc.Close()
	proj, err := solc.LoadProject(root)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "src", "Vault.sol")
	run, err := Mutants(context.Background(), tc, proj, []string{file}, map[string]mutant.Lines{file: {{From: 16, To: 16}}}, MutantOptions{Seed: 1, Execs: 1500})
	if err != nil {
		t.Fatal(err)
	}
	if len(run.SuitesBroken) != 1 || filepath.Base(run.SuitesBroken[0]) != "Broken.t.sol" || len(run.Suites) != 1 {
		t.Errorf("suites %v, broken %v: want the strong suite run and Broken.t.sol left out", run.Suites, run.SuitesBroken)
	}
	if len(run.Results) != 3 {
		t.Fatalf("%d mutants of line 16, want 3", len(run.Results))
	}
	for _, r := range run.Results {
		if r.Status != mutant.Killed {
			t.Errorf("%s: %s, want killed by the strong suite", r.ID, r.Status)
		}
	}
}
