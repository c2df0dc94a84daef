package engine

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// foundryProject copies testdata/foundry and the forge-std stand-in into a
// scratch Foundry project and compiles the named files of it.
func foundryProject(t *testing.T, files ...string) (root string, bs []*solc.Build) {
	t.Helper()
	return testbuild.FoundryProject(t, filepath.Join("testdata", "foundry"), files...)
}

// TestFoundrySetUpFindsPlantedBug fuzzes from VaultInvariantTest's setUp():
// only the handler is a target, the invariants hold, and the planted bug
// in Vault.compound (reached through the handler, by the actor setUp()
// funded) is the one finding, on its annotated line.
func TestFoundrySetUpFindsPlantedBug(t *testing.T) {
	root, bs := foundryProject(t, "test/VaultInvariant.t.sol")
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 9, Execs: 5_000}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SetUp != "VaultInvariantTest" {
		t.Errorf("set-up %q, want VaultInvariantTest", rep.SetUp)
	}
	if rep.Contracts != 1 || rep.Functions != 3 {
		t.Errorf("fuzzed %d contracts, %d functions; want the handler's 3", rep.Contracts, rep.Functions)
	}
	want := expected(t, filepath.Join("testdata", "foundry", "src", "Vault.sol"))
	if got := found(rep); !reflect.DeepEqual(got, want) {
		t.Fatalf("findings %v, want %v (%+v)", got, want, rep.Findings)
	}
	f := rep.Findings[0]
	if !strings.HasSuffix(f.Path, "Vault.sol") || f.Calls[len(f.Calls)-1].Contract != "Handler" {
		t.Errorf("finding at %s via %+v, want Vault.sol via Handler", f.Path, f.Calls)
	}
	t.Logf("planted bug found after %d executions", f.Execs)
	if len(rep.Skipped) != 0 {
		t.Errorf("skipped %+v", rep.Skipped)
	}
	checkExport(t, root, rep)
}

// checkExport writes the finding as a Foundry test, which must inherit the
// set-up, and runs it the way forge does (setUp(), then the test) on
// Foresight's cheatcodes: a regression test, it fails while the bug is
// there and passes once the planted assert is gone.
func checkExport(t *testing.T, root string, rep *Report) {
	t.Helper()
	rel, src, err := export.FoundryTest(rep.Findings[0], rep.Setup, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src, "is VaultInvariantTest {") || !strings.Contains(src, `import {VaultInvariantTest} from "../test/VaultInvariant.t.sol";`) {
		t.Fatalf("the exported test does not inherit the set-up:\n%s", src)
	}
	if err := os.WriteFile(filepath.Join(root, rel), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	name := "Foresight_Vault_assert_failure_Test"
	run := func() error {
		p, err := program.New(testbuild.CompileIn(t, root, rel))
		if err != nil {
			t.Fatal(err)
		}
		s, err := cheatcode.RunSetUp(p, name, cheatcode.Options{})
		if err != nil {
			return err
		}
		sel := crypto.Keccak256([]byte(regexp.MustCompile(`function (test_\w+)\(\)`).FindStringSubmatch(src)[1] + "()"))[:4]
		return s.Chain.Call(chain.Tx{From: cheatcode.DefaultSender, To: s.Test.Address, Input: sel}).Err
	}
	if err := run(); err == nil {
		t.Fatalf("the exported test passes with the bug there:\n%s", src)
	}
	vault := filepath.Join(root, "src", "Vault.sol")
	data, err := os.ReadFile(vault)
	if err != nil {
		t.Fatal(err)
	}
	fixed := strings.Replace(string(data), "assert(gained <= totalShares);", "", 1)
	if err := os.WriteFile(vault, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(); err != nil {
		t.Errorf("the exported test fails with the bug fixed: %v", err)
	}
}

// TestFoundryInvariantNeedsSetUp is the former false positive: an
// invariant that only holds once setUp() ran is not reported.
func TestFoundryInvariantNeedsSetUp(t *testing.T) {
	_, bs := foundryProject(t, "test/Solvency.t.sol")
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 9, Execs: 3_000}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SetUp != "SolvencyTest" || rep.Contracts != 1 {
		t.Errorf("set-up %q fuzzing %d contracts, want SolvencyTest fuzzing the vault", rep.SetUp, rep.Contracts)
	}
	if rep.Execs == 0 || len(rep.Findings) != 0 {
		t.Errorf("%d executions, findings %+v; want some executions and none", rep.Execs, rep.Findings)
	}
}

// TestFoundryUnsupportedSetUp: a setUp() with an unsupported cheatcode is
// reported as skipped, with the reason, and nothing is judged.
func TestFoundryUnsupportedSetUp(t *testing.T) {
	_, bs := foundryProject(t, "test/Unsupported.t.sol")
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 9, Execs: 1_000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 0 || rep.Execs != 0 {
		t.Errorf("findings %+v after %d executions, want none", rep.Findings, rep.Execs)
	}
	if len(rep.Skipped) != 1 || rep.Skipped[0].Contract != "UnsupportedTest" ||
		!strings.Contains(rep.Skipped[0].Reason, "unsupported cheatcode vm.ffi(string[])") {
		t.Errorf("skipped %+v, want UnsupportedTest for vm.ffi", rep.Skipped)
	}
}

// TestSkippedContracts: a plain campaign names the contracts of the file it
// did not fuzz, with the reason, instead of skipping them silently.
func TestSkippedContracts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Skips.sol")
	src := `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract AlwaysReverts {
    constructor() { revert("no"); }
    function f() external {}
}

contract NothingToCall {
    uint256 internal x;
}

contract Fine {
    uint256 public n;
    function inc() external { n++; }
}
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	rep, err := Fuzz(context.Background(), compile(t, path), Options{Settings: Settings{Seed: 9, Execs: 200}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range rep.Skipped {
		got[s.Contract] = s.Reason
	}
	if !strings.Contains(got["AlwaysReverts"], "constructor failed") || got["NothingToCall"] != "no callable functions" || len(got) != 2 {
		t.Errorf("skipped %+v, want AlwaysReverts (constructor failed) and NothingToCall (no callable functions)", rep.Skipped)
	}
	if rep.SetUp != "" || rep.Execs == 0 {
		t.Errorf("set-up %q, %d executions: want a plain campaign that ran", rep.SetUp, rep.Execs)
	}
}

// TestFoundryTargetSender fuzzes from a set-up that names the one sender
// its target accepts (targetSender): transactions come from it, so the
// planted bug behind its check is found.
func TestFoundryTargetSender(t *testing.T) {
	_, bs := foundryProject(t, "test/Senders.t.sol")
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 3, Execs: 5_000}})
	if err != nil {
		t.Fatal(err)
	}
	want := expected(t, filepath.Join("testdata", "foundry", "test", "Senders.t.sol"))
	if got := found(rep); rep.SetUp != "SendersTest" || !reflect.DeepEqual(got, want) {
		t.Fatalf("set-up %q, findings %v, want %v", rep.SetUp, got, want)
	}
	if c := rep.Findings[0].Calls; c[len(c)-1].Sender != "0x000000000000000000000000000000000000bEEF" {
		t.Errorf("last call from %s, want the target sender", c[len(c)-1].Sender)
	}
}
