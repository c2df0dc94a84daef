package foundry_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// forkedSetUp is a set-up contract whose setUp() selects a fork itself.
const forkedSetUp = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
import {Test} from "forge-std/Test.sol";
import {Registry} from "../src/Registry.sol";
interface Forks { function createSelectFork(string calldata url, uint256 block) external returns (uint256); }
contract ForkedTest is Test {
    Registry public registry;
    function setUp() public {
        Forks(address(vm)).createSelectFork("http://127.0.0.1:8545", 7);
        registry = new Registry(address(this), 5);
    }
}
`

// TestSetUpExportSelectsFork: the export of a finding from a set-up
// campaign that ran forked (--fork-url) selects the fork in a constructor,
// so forge runs setUp() on it as the campaign did; not when the campaign
// did not fork, nor when setUp() selects a fork itself.
func TestSetUpExportSelectsFork(t *testing.T) {
	root, _, _ := harmProject(t, filepath.Join(forgeExport, "setup"))
	writeFile(t, filepath.Join(root, "test", "Forked.t.sol"), []byte(forkedSetUp))
	bs := testbuild.CompileIn(t, root, "src/Registry.sol", "test/Registry.t.sol", "test/Forked.t.sol")
	registry := common.HexToAddress("0x00000000000000000000000000000000000a11ce")
	f := foundry.Finding{Kind: "assert-failure", Contract: "Registry", Calls: []foundry.Call{{
		Contract: "Registry", To: registry, HasTo: true, Sender: common.HexToAddress("0x10000"),
		Input: []byte{0x12, 0x34, 0x56, 0x78},
	}}}
	fork := &foundry.Fork{URL: "http://127.0.0.1:8545", Block: 7, ChainID: 31338}
	for _, tt := range []struct {
		setUp, unit string
		fork        *foundry.Fork
		want        bool
	}{
		{"RegistryTest", "test/Registry.t.sol", fork, true},
		{"RegistryTest", "test/Registry.t.sol", nil, false},
		{"ForkedTest", "test/Forked.t.sol", fork, false},
	} {
		setup := foundry.Setup{SetUp: tt.setUp, Fork: tt.fork, Contracts: []foundry.Deployed{
			{Name: tt.setUp, Unit: tt.unit},
			{Name: "Registry", Unit: "src/Registry.sol", Address: registry, HasAddress: true},
		}}
		_, src, err := foundry.Test(f, setup, bs)
		if err != nil {
			t.Fatal(err)
		}
		selects := strings.Contains(src, `"createSelectFork(string,uint256)", forkURL, uint256(7))`)
		inConstructor := strings.Index(src, "constructor() public {") < strings.Index(src, "createSelectFork") &&
			strings.Index(src, "createSelectFork") < strings.Index(src, "function test_")
		if selects != tt.want || selects && (!inConstructor || !strings.Contains(src, "block.chainid == 31338")) {
			t.Errorf("%s forked %v: selects the fork %v (in the constructor %v), want %v:\n%s", tt.setUp, tt.fork != nil, selects, inConstructor, tt.want, src)
		}
		if tt.want {
			writeFile(t, filepath.Join(root, "test", "Export.t.sol"), []byte(src))
			testbuild.CompilesCleanly(t, root, []string{filepath.Join(root, "test", "Export.t.sol")})
		}
	}
}
