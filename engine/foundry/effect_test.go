package foundry_test

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// forgeExport is scripts/check-forge-export's fixtures: a project's
// sources, and in fixed/ the same with the bugs fixed.
var forgeExport = filepath.Join("..", "..", "scripts", "testdata", "forge-export")

// forgeOnly are the fixtures whose exported tests need what only forge
// serves; scripts/check-forge-export proves them under forge.
var forgeOnly = map[string]string{
	"gasdos": "an SWC-128 test measures its victim call cooled (cool(address)), which Foresight's cheatcodes do not serve",
}

// TestExportProvesHarm exports the findings of every check-forge-export
// fixture that has a fixed/ variant and runs each exported test as forge
// would (the test contract deployed, its setUp(), then its test function)
// on Foresight's cheatcodes: it fails on the buggy sources and passes on
// the fixed ones (a regression test, issue 48), so the test asserts the
// harm, not only that the last call commits (issue 30).
func TestExportProvesHarm(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join(forgeExport, "*", "fixed"))
	if err != nil || len(dirs) < 4 {
		t.Fatalf("fixed variants %v (%v), want the fixtures'", dirs, err)
	}
	for _, fixed := range dirs {
		fixture := filepath.Dir(fixed)
		t.Run(filepath.Base(fixture), func(t *testing.T) {
			if why := forgeOnly[filepath.Base(fixture)]; why != "" {
				t.Skip(why)
			}
			t.Parallel()
			root, files, opts := harmProject(t, fixture)
			bs := testbuild.CompileIn(t, root, files...)
			rep, err := engine.Fuzz(context.Background(), bs, opts)
			if err != nil {
				t.Fatal(err)
			}
			var kinds, tests []string
			for _, f := range rep.Findings {
				rel, src, err := export.FoundryTest(f, rep.Setup, bs)
				if err != nil {
					t.Fatal(err)
				}
				writeFile(t, filepath.Join(root, rel), []byte(src))
				kinds, tests = append(kinds, f.Kind), append(tests, rel)
			}
			sorted := append([]string(nil), kinds...)
			sort.Strings(sorted)
			if got, want := strings.Join(sorted, " "), strings.Join(strings.Fields(string(readFile(t, filepath.Join(fixture, "expect")))), " "); got != want {
				t.Fatalf("findings [%s], want [%s]", got, want)
			}
			if fails := runExported(t, root, files, tests); len(fails) != len(tests) {
				t.Errorf("on the buggy sources %d of %d exported tests fail, want all: %v", len(fails), len(tests), fails)
			}
			err = filepath.WalkDir(fixed, func(p string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				rel, _ := filepath.Rel(fixed, p)
				writeFile(t, filepath.Join(root, rel), readFile(t, p))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, fail := range runExported(t, root, files, tests) {
				t.Errorf("on the fixed sources: %s", fail)
			}
		})
	}
}

// harmProject copies a check-forge-export fixture into a scratch project
// with the stand-in of its test library, and returns the files and
// options of its campaign (its campaign file: SEED EXECS ORACLES PATHS...).
func harmProject(t *testing.T, fixture string) (root string, files []string, opts engine.Options) {
	t.Helper()
	root = t.TempDir()
	err := filepath.WalkDir(fixture, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && d.Name() == "fixed" {
			if err == nil {
				err = filepath.SkipDir
			}
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(fixture, p)
			writeFile(t, filepath.Join(root, rel), readFile(t, p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.TrimSpace(string(readFile(t, filepath.Join(fixture, "testlib")))) == "ds-test" {
		writeFile(t, filepath.Join(root, "lib", "ds-test", "src", "test.sol"), []byte(dsTestStub))
	} else {
		writeFile(t, filepath.Join(root, "remappings.txt"), []byte("forge-std/=lib/forge-std/src/\n"))
		for _, name := range []string{"Vm.sol", "Test.sol"} {
			writeFile(t, filepath.Join(root, "lib", "forge-std", "src", name), readFile(t, filepath.Join(fixtures.ForgeStd(), name)))
		}
	}
	campaign := strings.Fields(string(readFile(t, filepath.Join(fixture, "campaign"))))
	seed, err1 := strconv.ParseUint(campaign[0], 10, 64)
	execs, err2 := strconv.ParseUint(campaign[1], 10, 64)
	if len(campaign) < 3 || err1 != nil || err2 != nil {
		t.Fatalf("%s/campaign: want SEED EXECS ORACLES [PATHS...]", fixture)
	}
	paths := campaign[3:]
	if len(paths) == 0 {
		paths = []string{"src"}
	}
	for _, p := range paths {
		if strings.HasSuffix(p, ".sol") {
			files = append(files, p)
			continue
		}
		matches, _ := filepath.Glob(filepath.Join(root, p, "*.sol"))
		for _, m := range matches {
			rel, _ := filepath.Rel(root, m)
			files = append(files, filepath.ToSlash(rel))
		}
	}
	opts = engine.Options{Settings: engine.Settings{Seed: seed, Execs: execs}, Oracles: map[string]bool{campaign[2]: true}}
	return root, files, opts
}

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t *testing.T, p string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// runExported compiles the exported tests of the project at root with its
// files (vm.getCode reads those of a test in the 0.5 language) and runs
// each; it returns one line per test that failed.
func runExported(t *testing.T, root string, files, tests []string) []string {
	t.Helper()
	p, err := program.New(testbuild.CompileIn(t, root, append(append([]string(nil), files...), tests...)...))
	if err != nil {
		t.Fatal(err)
	}
	var fails []string
	for _, rel := range tests {
		name := strings.TrimSuffix(filepath.Base(rel), ".t.sol")
		contract := "Foresight_" + identOf(strings.TrimPrefix(name, "Foresight_")) + "_Test"
		s, err := cheatcode.RunSetUp(p, contract, cheatcode.Options{})
		if err != nil {
			t.Fatal(err)
		}
		sel := crypto.Keccak256([]byte(testFunction(t, filepath.Join(root, rel)) + "()"))[:4]
		// forge's gas for a test (gas_limit, 2^30): an SWC-128 test makes
		// thousands of calls (effectharm.go).
		if err := s.Chain.Call(chain.Tx{From: cheatcode.DefaultSender, To: s.Test.Address, Input: sel, Gas: 1 << 30}).Err; err != nil {
			fails = append(fails, rel+": "+err.Error())
		}
	}
	return fails
}

// testFunction is the name of the test function of an exported test.
func testFunction(t *testing.T, path string) string {
	t.Helper()
	m := regexp.MustCompile(`function (test_[A-Za-z0-9_]+)\(\) public`).FindSubmatch(readFile(t, path))
	if m == nil {
		t.Fatalf("%s has no test function", path)
	}
	return string(m[1])
}

// identOf is the exporter's identSafe: '-' becomes '_'.
func identOf(s string) string { return strings.ReplaceAll(s, "-", "_") }
