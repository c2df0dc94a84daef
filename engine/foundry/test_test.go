package foundry_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/report"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// cheatcodeAddress is forge-std's VM_ADDRESS,
// address(uint160(uint256(keccak256("hevm cheat code")))).
const cheatcodeAddress = "0x7109709ECfa91a80626fF3989D68f67F5b1DD12D"

func TestCheatcodeAddress(t *testing.T) {
	got := common.BytesToAddress(crypto.Keccak256([]byte("hevm cheat code"))[12:]).Hex()
	if got != cheatcodeAddress {
		t.Fatalf("keccak256(\"hevm cheat code\") address = %s, want %s", got, cheatcodeAddress)
	}
	stub, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), "Test.sol"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(stub), cheatcodeAddress) {
		t.Errorf("the forge-std stand-in does not put vm at %s", cheatcodeAddress)
	}
}

// dsTestStub declares what an exported test calls of ds-test's DSTest.
const dsTestStub = `// SPDX-License-Identifier: MIT
pragma solidity >=0.5.0 <0.9.0;
contract DSTest {
    bool public IS_TEST = true;
    function assertTrue(bool condition, string memory err) internal { require(condition, err); }
    function assertEq(uint256 a, uint256 b) internal { require(a == b); }
    function assertEq0(bytes memory a, bytes memory b) internal { require(keccak256(a) == keccak256(b)); }
}
`

// TestFoundryTestCompiles fuzzes fixtures in a scratch Foundry-style
// project, renders the first finding as a Foundry test, and compiles that
// test against the forge-std stub.
func TestFoundryTestCompiles(t *testing.T) {
	for _, tt := range []struct {
		name, src string
		seed      uint64
		execs     uint64
		want      []string // substrings of the generated test
		dsTest    bool     // the project has ds-test alone, not forge-std
	}{
		{"TwoObjectives", fixtures.Example(t, "TwoObjectives.sol"), 9, 3_000, []string{
			`import {TwoObjectives} from "../TwoObjectives.sol";`,
			`abi.encodeWithSignature("Panic(uint256)", uint256(0x01))`,
			// Deployed as by hand where that lands it at the campaign's
			// address (deploynew.go).
			"vm.prank(DEPLOYER, DEPLOYER);\n        TwoObjectives twoObjectives = new TwoObjectives();\n        require(address(twoObjectives) == 0xD16d38E314dadd189F03AD9012E0742fD66ab1Eb,",
		}, false},
		{"Capped", filepath.Join("testdata", "ctor_args.sol"), 9, 3_000, []string{
			"Capped capped = new Capped(",
		}, false},
		{"PropertyPos", filepath.Join("..", "testdata", "oracles", "property_pos.sol"), 9, 10_000, []string{
			`abi.encodeWithSignature("echidna_balance_under_1000()")`,
			"ret[31] == bytes1(0)",
		}, false},
		{"Assert04Pos", filepath.Join("..", "testdata", "oracles", "assert04_pos.sol"), 9, 3_000, []string{
			`vm.getCode("Assert04Pos.sol:Assert04Pos")`,
			"bug = bug && (ret.length == 0);",
		}, false},
		{"UsesLib", filepath.Join("..", "testdata", "oracles", "library_pos.sol"), 9, 3_000, []string{
			"type(UsesLib).creationCode",
		}, false},
		// A ds-test project: DSTest, a Vm interface of its own, and only the
		// assertions DSTest has (no assertFalse: the verdict is assertTrue(!bug)).
		{"TwoObjectivesDSTest", fixtures.Example(t, "TwoObjectives.sol"), 9, 3_000, []string{
			`import {DSTest} from "ds-test/test.sol";`,
			"interface Vm {",
			"is DSTest {",
			"Vm internal constant vm = Vm(" + cheatcodeAddress + ");",
			"bug = bug && !(ok); // expected the assertion to fail",
			`bug = bug && keccak256(ret) == keccak256(abi.encodeWithSignature("Panic(uint256)", uint256(0x01)));`,
			`assertTrue(!bug, "assert-failure is still there`,
		}, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			write := func(rel, content string) string {
				t.Helper()
				p := filepath.Join(root, filepath.FromSlash(rel))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
				return p
			}
			src, err := os.ReadFile(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			write("foundry.toml", "[profile.default]\nsrc = \".\"\n")
			if tt.dsTest {
				write("lib/ds-test/src/test.sol", dsTestStub)
			} else {
				write("remappings.txt", "forge-std/=lib/forge-std/src/\n")
				for _, name := range []string{"Vm.sol", "Test.sol"} {
					stub, err := os.ReadFile(filepath.Join(fixtures.ForgeStd(), name))
					if err != nil {
						t.Fatal(err)
					}
					write("lib/forge-std/src/"+name, string(stub))
				}
			}
			contract := write(tt.name+".sol", string(src))

			bs := testbuild.Compile(t, contract)
			rep, err := engine.Fuzz(context.Background(), bs, engine.Options{Settings: engine.Settings{Seed: tt.seed, Execs: tt.execs}})
			if err != nil {
				t.Fatal(err)
			}
			if len(rep.Findings) == 0 {
				t.Fatal("no finding")
			}
			f := rep.Findings[0]
			path, test, err := export.FoundryTest(f, rep.Setup, bs)
			if err != nil {
				t.Fatal(err)
			}
			if want := "test/Foresight_" + f.Contract + "_" + f.Kind + ".t.sol"; path != want {
				t.Errorf("path = %q, want %q", path, want)
			}
			for _, w := range tt.want {
				if !strings.Contains(test, w) {
					t.Errorf("generated test lacks %q:\n%s", w, test)
				}
			}
			for _, c := range f.Calls {
				// Raw calldata, or a typed call (typed.go) from 0.8.11 on.
				if !strings.Contains(test, strings.TrimPrefix(c.Calldata, "0x")) && !strings.Contains(test, "abi.encodeCall(") {
					t.Errorf("generated test lacks the calldata %s", c.Calldata)
				}
			}
			testPath := write(path, test)
			testbuild.CompilesCleanly(t, root, []string{testPath})
			if t.Failed() {
				t.Logf("generated test:\n%s", test)
			}
		})
	}
}

func TestFoundryTestNeedsCalls(t *testing.T) {
	if _, _, err := export.FoundryTest(report.Finding{Kind: "assert-failure", Contract: "C"}, report.Setup{}, nil); err == nil {
		t.Fatal("no error for a finding without transactions")
	}
}
