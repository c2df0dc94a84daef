package lsp

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
)

// The set-up cache's benchmarks (issue 45 item 4), on a Foundry project
// with the real forge-std from npm (forge-std@1.1.2, the version
// testdata/realworld/npm pins; installed once into the user cache, never
// into the repository) and the layout: src/Vault.sol and its
// invariant test, whose setUp() deploys the vault and funds an actor.
// Each compares, in the same run, a server with
// FORESIGHT_SETUP_CACHE=off (baseline) and one that keeps set-ups across
// saves; both keep the compile cache. Run them with, e.g.,
//
//	go test -run XXX -bench 'SetUpSave' -benchtime 5x -count 3 ./lsp | tee new.txt
//	benchstat -col /keep new.txt

// forgeStdVersion is the forge-std testdata/realworld/npm pins: npm's
// forge-std 1.1.2, forge-std's src/ at the root, Test is DSTest.
const forgeStdVersion = "1.1.2"

// A benchVariant is one server of a benchmark: its binary ("": this
// tree's) and environment.
type benchVariant struct {
	name string
	bin  string
	env  []string
}

// setUpVariants are the two servers of a benchmark: baseline first. With
// FORESIGHT_BENCH_BASELINE set to another tree's binary (e.g. main's,
// built with go build -o), they are that binary (tree=base) and this
// tree's (tree=this), both keeping set-ups, so a change to the save's
// pipeline is measured against its baseline in the same run.
func setUpVariants() []benchVariant {
	if base := os.Getenv("FORESIGHT_BENCH_BASELINE"); base != "" {
		return []benchVariant{{name: "tree=base", bin: base}, {name: "tree=this"}}
	}
	return []benchVariant{{name: "keep=off", env: []string{"FORESIGHT_SETUP_CACHE=off"}}, {name: "keep=on"}}
}

// npmForgeStd returns the folder of forge-std from npm, installed on first
// use into the user cache (a temporary folder renamed into place, so an
// interrupted install leaves none); without npm the benchmark is skipped.
func npmForgeStd(tb testing.TB) string {
	tb.Helper()
	dir := filepath.Join(solc.DefaultCacheDir(), "forge-std", forgeStdVersion)
	std := filepath.Join(dir, "node_modules", "forge-std")
	if _, err := os.Stat(filepath.Join(std, "Test.sol")); err == nil {
		return std
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		tb.Skip("npm is not installed: no forge-std")
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		tb.Fatal(err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), ".install-")
	if err != nil {
		tb.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), []byte(`{"private":true,"description":"forge-std for lsp's benchmarks"}`), 0o644); err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "install", "--prefix", tmp, "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error", "forge-std@"+forgeStdVersion)
	if out, err := cmd.CombinedOutput(); err != nil {
		tb.Fatalf("npm install forge-std@%s: %v\n%s", forgeStdVersion, err, out)
	}
	if err := os.Rename(tmp, dir); err != nil && !os.IsExist(err) {
		if _, serr := os.Stat(filepath.Join(std, "Test.sol")); serr != nil {
			tb.Fatal(err)
		}
	}
	return std
}

// stdVaultTest is the vault's invariant test for forge-std 1.1.x, which
// has no StdInvariant or makeAddr: the test names its target with
// targetContracts(), as forge's invariant runner reads it.
const stdVaultTest = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "forge-std/Test.sol";
import {Token, Vault} from "../src/Vault.sol";

contract Handler is Test {
    Vault public vault;
    address public actor;

    constructor(Vault vault_, address actor_) {
        vault = vault_;
        actor = actor_;
    }

    function compound(uint256 rounds) external {
        vm.prank(actor);
        vault.compound(rounds);
    }
}

contract VaultInvariantTest is Test {
    Token public token;
    Vault public vault;
    address[] private targets;

    function setUp() public {
        address alice = address(0xA11CE);
        token = new Token(address(this));
        vault = new Vault(token);
        token.mint(alice, 1000e18);
        vm.startPrank(alice);
        token.approve(address(vault), 400e18);
        vault.deposit(400e18);
        vm.stopPrank();
        targets.push(address(new Handler(vault, alice)));
    }

    function targetContracts() public view returns (address[] memory) {
        return targets;
    }

    function invariant_sharesBacked() public view returns (bool) {
        return token.balanceOf(address(vault)) >= vault.totalShares();
    }
}
`

// forgeStdVault writes the Foundry project with npm's forge-std (in
// node_modules, as a Hardhat-style install; ds-test, which forge-std
// 1.1.2 imports and npm does not serve, from the repository's stand-in)
// and a vault whose nonce comment no earlier run wrote, so the compile
// cache starts cold. It returns the vault.
func forgeStdVault(tb testing.TB) string {
	tb.Helper()
	std := npmForgeStd(tb)
	root := tb.TempDir()
	writeFile(tb, root, "foundry.toml", "[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"node_modules\", \"lib\"]\n")
	writeFile(tb, root, "remappings.txt", "forge-std/=node_modules/forge-std/\nds-test/=lib/ds-test/src/\n")
	names, err := filepath.Glob(filepath.Join(std, "*.sol"))
	if err != nil || len(names) == 0 {
		tb.Fatalf("no forge-std sources in %s (%v)", std, err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			tb.Fatal(err)
		}
		writeFile(tb, root, "node_modules/forge-std/"+filepath.Base(name), string(data))
	}
	ds, err := os.ReadFile(filepath.Join(fixtures.RepoRoot(), "testdata", "realworld", "forge-npm", "lib", "ds-test", "src", "test.sol"))
	if err != nil {
		tb.Fatal(err)
	}
	writeFile(tb, root, "lib/ds-test/src/test.sol", string(ds))
	writeFile(tb, root, "test/VaultInvariant.t.sol", stdVaultTest)
	vault := strings.Replace(setUpVault, plantedAt, plantedAt+fmt.Sprintf(" // run %d", time.Now().UnixNano()), 1)
	return writeFile(tb, root, "src/Vault.sol", vault)
}

// BenchmarkSetUpSaveToFinding measures didSave to the planted assertion's
// finding while a person edits: each iteration plants the assertion with
// a new counter on its line and saves (timed), then removes it, changes
// the nonce comment, saves and waits for that campaign (not timed). No
// text repeats, so every compile misses the compile cache, as a person's
// edits do. compiled-ns/op is the part until the campaign starts
// (compile, diff, plan); direct-ns/op and suite-ns/op are from the save
// to the start of the direct campaign and of the suite's (from its
// progress reports: "fuzzing ..." and "fuzzing from ...setUp()"), the
// save's timeline.
func BenchmarkSetUpSaveToFinding(b *testing.B) {
	for _, v := range setUpVariants() {
		b.Run(v.name, func(b *testing.B) {
			f := newProcClientBin(b, v.bin, map[string]any{"fuzzExecs": 60_000, "fuzzBudgetSeconds": 0, "seed": 2, "workers": 1}, v.env)
			vault := forgeStdVault(b)
			f.open(vault)
			f.awaitRunEnd(1)
			runs := 1
			var compiled, direct, suite time.Duration
			b.ResetTimer()
			for i := range b.N {
				b.StopTimer()
				f.Await("no finding on the assertion's line", func() bool {
					return !hasFindingOn(f.findingsLocked(vault), plantedLn)
				})
				// Each save's text is new (a counter on the assertion's
				// line, then in the nonce comment): no compile is
				// answered from the cache, as when a person edits.
				bug := strings.Replace(plantedBug, ";\n", fmt.Sprintf("; // edit %d\n", i), 1)
				f.replace(vault, plantedAt, bug)
				f.mu.Lock()
				from, mark := len(f.tokens), len(f.journal)
				f.mu.Unlock()
				b.StartTimer()
				start := time.Now()
				f.save(vault)
				run := f.awaitFuzzing(from)
				compiled += time.Since(start)
				f.Await("the finding", func() bool { return hasFindingOn(f.findingsLocked(vault), plantedLn) })
				b.StopTimer()
				d, su := f.startsSince(mark)
				direct, suite = direct+d.Sub(start), suite+su.Sub(start)
				f.notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": run})
				runs++
				f.awaitRunEnd(runs)
				f.replace(vault, bug, plantedAt)
				f.replace(vault, "// run ", "// run x")
				f.save(vault)
				runs++
				f.awaitRunEnd(runs)
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(float64(compiled.Nanoseconds())/float64(b.N), "compiled-ns/op")
			b.ReportMetric(float64(direct.Nanoseconds())/float64(b.N), "direct-ns/op")
			b.ReportMetric(float64(suite.Nanoseconds())/float64(b.N), "suite-ns/op")
			f.shutdown()
		})
	}
}

// startsSince returns when the first direct campaign and the first suite
// campaign since journal entry mark reported their start.
func (f *fakeClient) startsSince(mark int) (direct, suite time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, e := range f.journal[mark:] {
		if e.method != protocol.MethodProgress || e.event.Kind != "report" {
			continue
		}
		msg := e.event.Message
		// A carried suite (session.Carry) starts with the direct campaign:
		// "fuzzing X and from T.setUp() (carried)".
		if suite.IsZero() && (strings.HasPrefix(msg, "fuzzing from ") || strings.HasSuffix(msg, ".setUp() (carried)")) {
			suite = e.at
		}
		if direct.IsZero() && strings.HasPrefix(msg, "fuzzing ") && !strings.HasPrefix(msg, "fuzzing from ") {
			direct = e.at
		}
	}
	return direct, suite
}

// awaitFuzzing waits for a run begun at token from or later to report
// its campaign's start ("fuzzing ..."), and returns its token.
func (f *fakeClient) awaitFuzzing(from int) string {
	var run string
	f.Await("the campaign's start", func() bool {
		for _, tok := range f.tokens[from:] {
			for _, e := range f.progress[tok] {
				if e.Kind == "report" && strings.HasPrefix(e.Message, "fuzzing") {
					run = tok
					return true
				}
			}
		}
		return false
	})
	return run
}

// BenchmarkSetUpSaveEvery2s is the editing session on the
// forge-std project: a change every 100 ms, a save every 2 s, ten saves,
// one-second campaigns. Each save's first change plants the assertion or
// removes it, the other nineteen type into a comment, so no text repeats
// (the caches answer nothing a compile or set-up of this save needs: the
// comment is in the contracts' metadata hash). completed/10 is how many of the
// ten saves got a campaign that ended on its own (not cancelled by the
// next save), fuzzed/10 how many reached their campaign at all,
// suites/10 how many of the completed ones ran the suite's campaign (its
// "fuzzing from ...setUp()" report) rather than only the direct one.
func BenchmarkSetUpSaveEvery2s(b *testing.B) {
	for _, v := range setUpVariants() {
		b.Run(v.name, func(b *testing.B) {
			f := newProcClientBin(b, v.bin, map[string]any{"fuzzBudgetSeconds": 1, "workers": 1, "seed": 3}, v.env)
			vault := forgeStdVault(b)
			f.open(vault)
			f.awaitRunEnd(1)
			var completed, started, suites int
			typed := "run" // the nonce comment, typed into
			b.ResetTimer()
			for range b.N {
				f.mu.Lock()
				from := len(f.tokens)
				f.mu.Unlock()
				for i := range 10 {
					// Twenty changes 100 ms apart: the assertion planted
					// or removed, then typing into the nonce comment.
					old, new := plantedAt, plantedBug
					if i%2 == 1 {
						old, new = plantedBug, plantedAt
					}
					f.replace(vault, old, new)
					for range 19 {
						time.Sleep(100 * time.Millisecond)
						f.replace(vault, "// "+typed, "// x"+typed)
						typed = "x" + typed
					}
					time.Sleep(100 * time.Millisecond)
					f.save(vault)
				}
				f.Await("the last save's run", func() bool {
					for _, tok := range f.tokens[from:] {
						if _, ok := f.endedLocked(tok); !ok {
							return false
						}
					}
					return len(f.tokens) > from
				})
				b.StopTimer()
				c, s := sessionRuns(f, from)
				completed, started, suites = completed+c, started+s, suites+suiteRuns(f, from)
				b.StartTimer()
			}
			b.StopTimer()
			b.ReportMetric(float64(completed)/float64(b.N), "completed/10")
			b.ReportMetric(float64(started)/float64(b.N), "fuzzed/10")
			b.ReportMetric(float64(suites)/float64(b.N), "suites/10")
			f.shutdown()
		})
	}
}

// suiteRuns counts the runs begun at token from or later that ran a
// suite's campaign and ended on their own.
func suiteRuns(f *fakeClient, from int) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, tok := range f.tokens[from:] {
		suite := false
		for _, e := range f.progress[tok] {
			suite = suite || e.Kind == "report" && strings.HasPrefix(e.Message, "fuzzing from ")
		}
		if msg, ended := f.endedLocked(tok); suite && ended && !strings.HasPrefix(msg, "cancelled") {
			n++
		}
	}
	return n
}
