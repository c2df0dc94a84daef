package foundry_test

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// forgeExport is scripts/check-forge-export's fixtures: a project's
// sources, and in fixed/ the same with the bugs fixed.
var forgeExport = filepath.Join("..", "..", "scripts", "testdata", "forge-export")

// TestExportProvesHarm exports the findings of check-forge-export's
// fixtures and runs each exported test as forge would (the test contract
// deployed, then its test function) on Foresight's cheatcodes: it passes
// on the buggy sources and fails on the fixed ones, so the test asserts
// the harm, not only that the last call commits (issue 30).
func TestExportProvesHarm(t *testing.T) {
	for _, tt := range []struct {
		fixture, file string
		oracles       string
		execs         uint64
		kinds         []string
	}{
		{"ether", "Vault.sol", "SWC-105", 5_000, []string{"SWC-105"}},
		{"forge-std", "Sequence.sol", "panics", 40_000, []string{"assert-failure", "panic-0x11", "panic-0x12", "property"}},
	} {
		t.Run(tt.fixture, func(t *testing.T) {
			root := t.TempDir()
			write := func(rel string, data []byte) {
				t.Helper()
				p := filepath.Join(root, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			read := func(p string) []byte {
				t.Helper()
				data, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				return data
			}
			write("foundry.toml", []byte("[profile.default]\nsrc = \"src\"\n"))
			write("remappings.txt", []byte("forge-std/=lib/forge-std/src/\n"))
			for _, name := range []string{"Vm.sol", "Test.sol"} {
				write("lib/forge-std/src/"+name, read(filepath.Join(fixtures.ForgeStd(), name)))
			}
			write("src/"+tt.file, read(filepath.Join(forgeExport, tt.fixture, "src", tt.file)))
			bs := testbuild.CompileIn(t, root, "src/"+tt.file)
			rep, err := engine.Fuzz(context.Background(), bs, engine.Options{
				Settings: engine.Settings{Seed: 1, Execs: tt.execs},
				Oracles:  map[string]bool{tt.oracles: true},
			})
			if err != nil {
				t.Fatal(err)
			}
			var kinds, tests []string
			for _, f := range rep.Findings {
				rel, src, err := engine.FoundryTest(f, rep.Setup, bs)
				if err != nil {
					t.Fatal(err)
				}
				write(rel, []byte(src))
				kinds, tests = append(kinds, f.Kind), append(tests, rel)
			}
			sorted := append([]string(nil), kinds...)
			sort.Strings(sorted)
			if strings.Join(sorted, " ") != strings.Join(tt.kinds, " ") {
				t.Fatalf("findings %v, want %v", kinds, tt.kinds)
			}
			for _, fail := range runExported(t, root, tests, kinds) {
				t.Errorf("on the buggy sources: %s", fail)
			}
			write("src/"+tt.file, read(filepath.Join(forgeExport, tt.fixture, "fixed", "src", tt.file)))
			fails := runExported(t, root, tests, kinds)
			if len(fails) != len(tests) {
				t.Errorf("on the fixed sources %d of %d exported tests fail, want all: %v", len(fails), len(tests), fails)
			}
		})
	}
}

// runExported compiles the exported tests of the project at root and runs
// each; it returns one line per test that failed.
func runExported(t *testing.T, root string, tests, kinds []string) []string {
	t.Helper()
	p, err := program.New(testbuild.CompileIn(t, root, tests...))
	if err != nil {
		t.Fatal(err)
	}
	var fails []string
	for i, rel := range tests {
		name := strings.TrimSuffix(filepath.Base(rel), ".t.sol")
		contract := "Foresight_" + identOf(strings.TrimPrefix(name, "Foresight_")) + "_Test"
		s, err := cheatcode.RunSetUp(p, contract, cheatcode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sel := crypto.Keccak256([]byte("test_" + identOf(kinds[i]) + "()"))[:4]
		if err := s.Chain.Call(chain.Tx{From: cheatcode.DefaultSender, To: s.Test.Address, Input: sel}).Err; err != nil {
			fails = append(fails, rel+": "+err.Error())
		}
	}
	return fails
}

// identOf is the exporter's identSafe: '-' becomes '_'.
func identOf(s string) string { return strings.ReplaceAll(s, "-", "_") }
