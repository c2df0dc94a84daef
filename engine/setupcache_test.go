package engine

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/solc"
)

// The set-up cache (engine/fuzz/setupcache.go) across campaigns: reused
// while the bytecode is the same, run again when the test or the code
// under test changes, and a campaign that resumes reports exactly what
// one that ran setUp() reports (one worker, a fixed seed and budget).

// setUpCacheOpts is the campaign every test here runs.
func setUpCacheOpts(cache *fuzz.SetUpCache) Options {
	return Options{Settings: Settings{Seed: 9, Execs: 3_000, Workers: 1, SetUps: cache}}
}

// campaignPrint is what a campaign reported that does not depend on the
// clock: findings and their sequences, counts, what was fuzzed, the
// deployment, line coverage and the final corpus.
func campaignPrint(t *testing.T, bs []*solc.Build, opts Options) string {
	t.Helper()
	rep, err := Fuzz(context.Background(), bs, opts)
	if err != nil {
		t.Fatal(err)
	}
	fs := rep.Findings
	for i := range fs {
		fs[i].Elapsed = 0
	}
	data, err := json.Marshal(map[string]any{
		"findings": fs, "execs": rep.Execs, "txs": rep.Txs, "oracleTxs": rep.OracleTxs, "shrink": rep.ShrinkExecs,
		"corpus": rep.Corpus, "contracts": rep.Contracts, "functions": rep.Functions, "setup": rep.Setup,
		"coverage": rep.Coverage, "inputs": rep.Inputs, "skipped": rep.Skipped, "note": rep.Note, "scope": rep.Scope,
	})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestSetUpCacheReused: the second campaign on the same build resumes the
// set-up the first kept, and both report what campaigns without the cache
// report.
func TestSetUpCacheReused(t *testing.T) {
	_, bs := foundryProject(t, "test/VaultInvariant.t.sol")
	plain := campaignPrint(t, bs, setUpCacheOpts(nil))
	if again := campaignPrint(t, bs, setUpCacheOpts(nil)); again != plain {
		t.Fatalf("two campaigns without the cache differ: the comparison below means nothing\n%s\n%s", plain, again)
	}
	if !strings.Contains(plain, `"kind":"assert-failure"`) {
		t.Fatalf("no planted finding: %s", plain)
	}
	cache := fuzz.NewSetUpCache()
	for i, want := range []struct{ ran, reused uint64 }{{1, 0}, {1, 1}, {1, 2}} {
		got := campaignPrint(t, bs, setUpCacheOpts(cache))
		if got != plain {
			t.Errorf("campaign %d with the cache differs from one without:\n%s\nwant\n%s", i+1, got, plain)
		}
		if ran, reused := cache.Counts(); ran != want.ran || reused != want.reused {
			t.Errorf("after campaign %d: set-up ran %d, reused %d times; want %d, %d", i+1, ran, reused, want.ran, want.reused)
		}
	}
}

// TestSetUpCacheInvalidated: an edit of the test (its setUp() no longer
// names a target, so every contract it created is one) and an edit of the
// code under test (the planted assertion removed: setUp() deploys the new
// vault) each run setUp() again, and the campaign reports what one without
// the cache reports on the edited code, not what the kept state would give.
func TestSetUpCacheInvalidated(t *testing.T) {
	for _, tt := range []struct {
		name, file, old, new string
	}{
		{"test", "test/VaultInvariant.t.sol", "        targetContract(address(handler));\n", ""},
		{"source", "src/Vault.sol", "        assert(gained <= totalShares); //@finding(assert-failure)\n", ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			root, bs := foundryProject(t, "test/VaultInvariant.t.sol")
			cache := fuzz.NewSetUpCache()
			before := campaignPrint(t, bs, setUpCacheOpts(cache))
			edit(t, filepath.Join(root, tt.file), tt.old, tt.new)
			edited := testbuild.CompileIn(t, root, "test/VaultInvariant.t.sol")
			plain := campaignPrint(t, edited, setUpCacheOpts(nil))
			if plain == before {
				t.Fatalf("the edit changed nothing a campaign reports: the comparison below means nothing")
			}
			if got := campaignPrint(t, edited, setUpCacheOpts(cache)); got != plain {
				t.Errorf("after the edit, the campaign with the cache differs from one without:\n%s\nwant\n%s", got, plain)
			}
			if ran, reused := cache.Counts(); ran != 2 || reused != 0 {
				t.Errorf("set-up ran %d, reused %d times; want 2, 0", ran, reused)
			}
		})
	}
}

// TestSetUpCacheNotKept: a set-up that read a file (its result depends on
// more than the bytecode) is run again by every campaign.
func TestSetUpCacheNotKept(t *testing.T) {
	root, _ := foundryProject(t, "src/Vault.sol")
	writeFile(t, filepath.Join(root, "foundry.toml"), "[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\nfs_permissions = [{ access = \"read\", path = \"./\" }]\n")
	test := filepath.Join(root, "test/VaultInvariant.t.sol")
	edit(t, test, "        alice = makeAddr(\"alice\");\n",
		"        alice = makeAddr(\"alice\");\n        FilesVm(address(vm)).readFile(\"foundry.toml\");\n")
	edit(t, test, "contract VaultInvariantTest", "interface FilesVm {\n    function readFile(string calldata) external view returns (string memory);\n}\n\ncontract VaultInvariantTest")
	bs := testbuild.CompileIn(t, root, "test/VaultInvariant.t.sol")
	cache := fuzz.NewSetUpCache()
	for range 2 {
		campaignPrint(t, bs, setUpCacheOpts(cache))
	}
	if ran, reused := cache.Counts(); ran != 2 || reused != 0 {
		t.Errorf("set-up ran %d, reused %d times; want 2, 0", ran, reused)
	}
}

func edit(t *testing.T, path, old, new string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s has no %q", path, old)
	}
	writeFile(t, path, strings.Replace(string(data), old, new, 1))
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSetUpConstructorCoverage: a set-up campaign's coverage shows the
// code setUp() created beyond the handler it fuzzes, the vault the
// handler calls, with the vault's constructor line (17) covered; a
// campaign that resumes the kept set-up, which runs no constructor,
// shows it too.
func TestSetUpConstructorCoverage(t *testing.T) {
	_, bs := foundryProject(t, "test/VaultInvariant.t.sol")
	cache := fuzz.NewSetUpCache()
	for i := range 2 {
		rep, err := Fuzz(context.Background(), bs, setUpCacheOpts(cache))
		if err != nil {
			t.Fatal(err)
		}
		var vault *FileCoverage
		for path, fc := range rep.Coverage {
			if strings.HasSuffix(filepath.ToSlash(path), "src/Vault.sol") {
				vault = fc
			}
		}
		if vault == nil || !vault.Covered[17] || !vault.Covered[21] {
			t.Errorf("campaign %d: Vault.sol's coverage %+v, want its constructor (line 17) and deposit (21) covered", i+1, vault)
		}
	}
	if ran, reused := cache.Counts(); ran != 1 || reused != 1 {
		t.Errorf("set-up ran %d, reused %d times; want 1, 1", ran, reused)
	}
}
