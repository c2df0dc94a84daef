package foundry_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestExportDSTestSetUp exports a finding of a campaign from a ds-test
// set-up contract that declares its own vm: the test names its cheatcodes
// foresightVm, asserts with DSTest's assertions, and, run as forge runs
// it (setUp(), then the test) on Foresight's cheatcodes, fails while the
// bug is there and passes once it is fixed.
func TestExportDSTestSetUp(t *testing.T) {
	root := t.TempDir()
	for rel, src := range map[string]string{
		"foundry.toml":             "[profile.default]\nsrc = \"src\"\ntest = \"test\"\nlibs = [\"lib\"]\n",
		"lib/ds-test/src/test.sol": dsTestStub,
		"src/Tally.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Tally {
    uint256 public votes;
    function vote(uint256 weight) external {
        require(weight > 0 && weight < 4);
        votes += weight;
        assert(votes <= 7);
    }
}
`,
		"test/Tally.t.sol": `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {DSTest} from "ds-test/test.sol";
import {Tally} from "../src/Tally.sol";
interface Hevm { function warp(uint256) external; }
contract TallyTest is DSTest {
    Hevm internal constant vm = Hevm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);
    Tally public tally;
    function setUp() public { vm.warp(1_800_000_000); tally = new Tally(); }
}
`,
	} {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	bs := testbuild.CompileIn(t, root, "src/Tally.sol", "test/Tally.t.sol")
	rep, err := engine.Fuzz(context.Background(), bs, engine.Options{Settings: engine.Settings{Seed: 1, Execs: 20_000}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SetUp != "TallyTest" || len(rep.Findings) != 1 || rep.Findings[0].Kind != "assert-failure" {
		t.Fatalf("set-up %q, findings %+v; want TallyTest and one assert-failure", rep.SetUp, rep.Findings)
	}
	rel, src, err := export.FoundryTest(rep.Findings[0], rep.Setup, bs)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"interface ForesightVm {", "is TallyTest {", "foresightVm.prank(", "bug = bug && !(ok); // expected the assertion to fail", `assertTrue(!bug, "assert-failure is still there`} {
		if !strings.Contains(src, want) {
			t.Errorf("the exported test lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, " vm.") {
		t.Errorf("the exported test calls the set-up's own vm:\n%s", src)
	}
	if err := os.WriteFile(filepath.Join(root, rel), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := program.New(testbuild.CompileIn(t, root, rel))
	if err != nil {
		t.Fatal(err)
	}
	s, err := cheatcode.RunSetUp(p, "Foresight_Tally_assert_failure_Test", cheatcode.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sel := crypto.Keccak256([]byte(testFunction(t, filepath.Join(root, rel)) + "()"))[:4]
	// A regression test: it fails while the bug is there.
	if err := s.Chain.Call(chain.Tx{From: cheatcode.DefaultSender, To: s.Test.Address, Input: sel}).Err; err == nil {
		t.Errorf("the exported test passes with the bug there:\n%s", src)
	}
	tally := filepath.Join(root, "src", "Tally.sol")
	writeFile(t, tally, []byte(strings.Replace(string(readFile(t, tally)), "assert(votes <= 7);", "", 1)))
	p, err = program.New(testbuild.CompileIn(t, root, rel))
	if err != nil {
		t.Fatal(err)
	}
	if s, err = cheatcode.RunSetUp(p, "Foresight_Tally_assert_failure_Test", cheatcode.Options{}); err != nil {
		t.Fatal(err)
	}
	if err := s.Chain.Call(chain.Tx{From: cheatcode.DefaultSender, To: s.Test.Address, Input: sel}).Err; err != nil {
		t.Errorf("the exported test fails with the bug fixed: %v", err)
	}
}
