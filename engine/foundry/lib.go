package foundry

import (
	"fmt"

	"github.com/foresight-sol/foresight/solc"
)

// testLibrary is the Foundry test library an exported test builds on.
type testLibrary int

const (
	forgeStd testLibrary = iota // forge-std's Test: vm, assertFalse, assertEq(bytes, bytes)
	dsTest                      // ds-test's DSTest alone: no vm, assertTrue and assertEq0 only
)

// projectTestLibrary returns the library the project of builds has, as
// the test at path (a unit name) would import it: forge-std when
// "forge-std/Test.sol" resolves (or neither does: forge-std is what a new
// Foundry project installs), else ds-test when "ds-test/test.sol" does.
func projectTestLibrary(builds []*solc.Build, path string) testLibrary {
	for _, b := range builds {
		if b.Project == nil {
			continue
		}
		if b.Project.Resolves(path, "forge-std/Test.sol") {
			return forgeStd
		}
		if b.Project.Resolves(path, "ds-test/test.sol") {
			return dsTest
		}
		break
	}
	return forgeStd
}

// vmInterface declares the cheatcodes an exported test calls, for a
// project whose library (ds-test) declares none, at the address forge
// serves them (keccak256("hevm cheat code")).
const vmInterface = `interface Vm {
    function deal(address who, uint256 amount) external;
    function etch(address where, bytes calldata code) external;
    function prank(address sender, address origin) external;
    function roll(uint256 blockNumber) external;
    function warp(uint256 timestamp) external;
    function getCode(string calldata artifact) external returns (bytes memory);
}

`

// vmConstant is the vm constant forge-std's Test declares.
const vmConstant = "    Vm internal constant vm = Vm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);\n"

// assertNot renders "cond must be false" in the library's assertions.
func (g *gen) assertNot(cond, msg string) string {
	if g.lib == dsTest {
		return fmt.Sprintf("assertTrue(!%s, %q);", cond, msg)
	}
	return fmt.Sprintf("assertFalse(%s, %q);", cond, msg)
}

// assertTrue renders "cond must hold" (DSTest and forge-std alike).
func (g *gen) assertTrue(cond, msg string) string {
	return fmt.Sprintf("assertTrue(%s, %q);", cond, msg)
}

// assertBytesEq renders a bytes equality in the library's assertions.
func (g *gen) assertBytesEq(a, b string) string {
	if g.lib == dsTest {
		return fmt.Sprintf("assertEq0(%s, %s);", a, b)
	}
	return fmt.Sprintf("assertEq(%s, %s);", a, b)
}

// pragma is the test's version pragma: forge compiles it with the
// project's compiler, so it admits the failing contract's. Before 0.6.2
// (ds-test projects; forge-std needs 0.6) the test is written in the 0.5
// language: vm.getCode instead of type(C).creationCode, .value(v) calls.
func (g *gen) pragma() string {
	if g.legacy {
		return "pragma solidity >=0.5.0 <0.9.0;"
	}
	return "pragma solidity >=0.6.2 <0.9.0;"
}
