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

// projectTestLibrary returns the library the project the test is
// written into has (into, else the project of builds), as the test at
// path (relative to that project's root) would import it: forge-std when
// "forge-std/Test.sol" resolves (or neither does: forge-std is what a new
// Foundry project installs), else ds-test when "ds-test/test.sol" does.
func projectTestLibrary(into *solc.Project, builds []*solc.Build, path string) testLibrary {
	if into == nil {
		for _, b := range builds {
			if b.Project != nil {
				into = b.Project
				break
			}
		}
	}
	switch {
	case into == nil || into.Resolves(path, "forge-std/Test.sol"):
		return forgeStd
	case into.Resolves(path, "ds-test/test.sol"):
		return dsTest
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

// assertNot renders "cond must be false" in the library's assertions; in
// a regression test (the default style) it is one more condition of the
// bug, which the verdict (renderVerdict) requires to be false.
func (g *gen) assertNot(cond, msg string) string {
	if g.f.Style == Regression {
		return fmt.Sprintf("bug = bug && !(%s); // %s", cond, msg)
	}
	if g.lib == dsTest {
		return fmt.Sprintf("assertTrue(!%s, %q);", cond, msg)
	}
	return fmt.Sprintf("assertFalse(%s, %q);", cond, msg)
}

// assertTrue renders "cond must hold" (DSTest and forge-std alike), or in
// a regression test one more condition of the bug.
func (g *gen) assertTrue(cond, msg string) string {
	if g.f.Style == Regression {
		return fmt.Sprintf("bug = bug && (%s); // %s", cond, msg)
	}
	return fmt.Sprintf("assertTrue(%s, %q);", cond, msg)
}

// assertBytesEq renders a bytes equality in the library's assertions, or
// in a regression test one more condition of the bug.
func (g *gen) assertBytesEq(a, b string) string {
	if g.f.Style == Regression {
		return fmt.Sprintf("bug = bug && keccak256(%s) == keccak256(%s);", a, b)
	}
	if g.lib == dsTest {
		return fmt.Sprintf("assertEq0(%s, %s);", a, b)
	}
	return fmt.Sprintf("assertEq(%s, %s);", a, b)
}

// renderBug declares a regression test's verdict: each condition of the
// bug is and-ed into it as the test goes.
func (g *gen) renderBug(w func(string, ...any)) {
	if g.f.Style == Regression {
		w("        bool bug = true; // every condition of the bug so far\n")
	}
}

// verdictText says in the test's header what its result means.
func (g *gen) verdictText() string {
	if g.f.Style == Regression {
		return "fails while the bug is there (passes once it is fixed)"
	}
	return "passes while the bug is there"
}

// testName is the test function's name, test_<function>_<kind>_<n>: the
// function of the last call, the kind, the finding's number.
func (g *gen) testName() string {
	n := g.f.N
	if n < 1 {
		n = 1
	}
	return fmt.Sprintf("test_%s_%s_%d", g.functionName(g.f.Calls[len(g.f.Calls)-1]), identSafe(g.f.Kind), n)
}

// renderVerdict ends a regression test: every condition of the bug held
// means the bug is still there, and the test fails. A proof test asserted
// each condition as it went.
func (g *gen) renderVerdict(w func(string, ...any)) {
	if g.f.Style != Regression {
		return
	}
	msg := fmt.Sprintf("%s is still there: the replayed sequence still fails this way", g.f.Kind)
	if g.lib == dsTest {
		w("        assertTrue(!bug, %s);\n", solString(msg))
		return
	}
	w("        assertFalse(bug, %s);\n", solString(msg))
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
