package foundry

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/solc"
)

// TestDir is the folder, under the project root, an exported test goes
// in (Test's path); importPath climbs out of it with "..".
const TestDir = "test"

// ErrTest is wrapped by errors about a finding that cannot be written as
// a Foundry test (its setup is incomplete, a contract is gone).
var ErrTest = errors.New("cannot write a foundry test")

// Test renders a finding as a standard Foundry test that reproduces it:
// the test deploys the contracts the sequence touches at the addresses the
// campaign used (with `new` from DEPLOYER where that lands there, else
// running each constructor with the recorded arguments through vm.etch,
// as forge-std's deployCodeTo does), funds the senders,
// replays every transaction with vm.prank, vm.roll and vm.warp and its
// exact calldata, and asserts that the last one fails the way the finding
// says. The test passes while the bug is there. A finding from a Foundry
// set-up (Setup.SetUp) inherits that test contract instead, so forge runs
// its setUp() first (setup.go).
//
// path is where the test belongs, relative to the project root
// ("test/Foresight_<Contract>_<kind>.t.sol"); source imports
// "forge-std/Test.sol" and the contracts' own files (relative to path).
func Test(f Finding, setup Setup, builds []*solc.Build) (path string, source string, err error) {
	if len(f.Calls) == 0 {
		return "", "", fmt.Errorf("%w: the finding has no transactions", ErrTest)
	}
	g := &gen{f: f, x: finding.Describe(finding.Kind(f.Kind)).Export, setup: setup, builds: builds, names: map[string]string{}, declared: map[common.Address]bool{}}
	path = TestDir + "/Foresight_" + fileSafe(f.Contract) + "_" + fileSafe(f.Kind) + ".t.sol"
	g.lib = projectTestLibrary(f.Project, builds, path)
	if setup.SetUp != "" {
		source, err := g.renderFromSetUp()
		return path, source, err
	}
	if err := g.resolve(); err != nil {
		return "", "", err
	}
	return path, g.render(), nil
}

// gen holds what one rendering needs.
type gen struct {
	f      Finding
	x      finding.Export // what the test asserts: the kind's record's
	setup  Setup
	builds []*solc.Build

	deploy  []deployTarget    // in setup order
	names   map[string]string // "unit:name" -> identifier used in the test
	imports []string          // import lines
	legacy  bool              // compiler < 0.6.2: use vm.getCode, not type(C).creationCode
	v08     bool              // compiler >= 0.8.0: assertions are Panic(0x01)
	checkOK bool              // the property or invariant function returns bool
	targets map[string]bool   // contracts the calls go to (funded like the campaign's)
	lib     testLibrary       // the project's test library (lib.go)
	// encodeCall says the compiler has abi.encodeCall: calls are written
	// through the contract's interface (typed.go).
	encodeCall bool
	// news are the deployments written with `new`, by address, and
	// declared those whose handle renderNew declared (deploynew.go).
	news     map[common.Address]newDeploy
	declared map[common.Address]bool
}

type deployTarget struct {
	d    Deployed
	addr common.Address
	art  *solc.Artifact
}

// artifacts indexes the builds' artifacts by "unit:name" and notes the
// failing contract's compiler version.
func (g *gen) artifacts() (map[string]*solc.Artifact, error) {
	arts := map[string]*solc.Artifact{}
	var version solc.Version
	for _, b := range g.builds {
		as, err := b.Artifacts()
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrTest, err)
		}
		for _, a := range as {
			arts[a.Unit+":"+a.Name] = a
			if a.Name == g.f.Contract && b.Compiler != nil {
				version = b.Compiler.Version()
			}
		}
	}
	if !version.IsZero() {
		g.legacy = version.Less(solc.Version{Major: 0, Minor: 6, Patch: 2})
		g.encodeCall = !version.Less(encodeCallVersion)
		g.v08 = !version.Less(solc.Version{Major: 0, Minor: 8, Patch: 0})
	} else {
		g.v08 = true
	}
	return arts, nil
}

// resolve picks the contracts to deploy: the targets of the calls, the
// failing contract, and every deployed contract whose address appears in
// the calldata or the constructor arguments of one already picked.
func (g *gen) resolve() error {
	arts, err := g.artifacts()
	if err != nil {
		return err
	}

	var all []deployTarget
	for _, d := range g.setup.Contracts {
		if !d.HasAddress {
			continue
		}
		a := arts[d.Unit+":"+d.Name]
		if a == nil || a.Abstract {
			continue
		}
		all = append(all, deployTarget{d: d, addr: d.Address, art: a})
	}
	want := map[string]bool{g.f.Contract: true}
	g.targets = map[string]bool{}
	for _, c := range g.f.Calls {
		want[c.Contract] = true
		g.targets[c.Contract] = true
	}
	picked := make([]bool, len(all))
	var blobs []string // lower-case hex searched for addresses
	for _, c := range g.f.Calls {
		blobs = append(blobs, hex.EncodeToString(c.Input))
	}
	for changed := true; changed; {
		changed = false
		for i, t := range all {
			if picked[i] {
				continue
			}
			word := strings.ToLower(hex.EncodeToString(common.LeftPadBytes(t.addr[:], 32)))
			mentioned := false
			for _, b := range blobs {
				if strings.Contains(b, word) {
					mentioned = true
					break
				}
			}
			if !want[t.d.Name] && !mentioned {
				continue
			}
			picked[i], changed = true, true
			blobs = append(blobs, hex.EncodeToString(t.d.CtorArgs))
		}
	}
	for i, t := range all {
		if picked[i] {
			g.deploy = append(g.deploy, t)
		}
	}
	for _, c := range g.f.Calls {
		if _, ok := g.addressOf(c); !ok {
			return fmt.Errorf("%w: no deployed address for %s", ErrTest, c.Contract)
		}
	}
	if g.f.Check != "" {
		g.checkOK = g.checkReturnsBool()
	}
	g.nameImports()
	return nil
}

// nameImports gives every contract to deploy a unique identifier in the
// test and imports it under that name.
func (g *gen) nameImports() {
	used := map[string]bool{"Test": true, "Vm": true, "DSTest": true}
	for _, t := range g.deploy {
		key := t.d.Unit + ":" + t.d.Name
		if _, ok := g.names[key]; ok {
			continue
		}
		id := t.d.Name
		for n := 2; used[id]; n++ {
			id = fmt.Sprintf("%s_%d", t.d.Name, n)
		}
		used[id] = true
		g.names[key] = id
		if g.legacy {
			continue
		}
		clause := t.d.Name
		if id != t.d.Name {
			clause += " as " + id
		}
		g.imports = append(g.imports, fmt.Sprintf("import {%s} from %s;", clause, solString(importPath(g.f.Prefix, t.d.Unit))))
	}
}

// addressOf returns the address a call was sent to.
func (g *gen) addressOf(c Call) (common.Address, bool) {
	if c.HasTo {
		return c.To, true
	}
	for _, t := range g.deploy {
		if t.d.Name == c.Contract {
			return t.addr, true
		}
	}
	return common.Address{}, false
}

// checkReturnsBool reports whether the finding's property or invariant
// function returns a single bool (else only a revert violates it).
func (g *gen) checkReturnsBool() bool {
	for _, t := range g.deploy {
		if t.d.Name != g.f.Contract {
			continue
		}
		var abi []struct {
			Type    string `json:"type"`
			Name    string `json:"name"`
			Outputs []struct {
				Type string `json:"type"`
			} `json:"outputs"`
		}
		if json.Unmarshal(t.art.ABI, &abi) != nil {
			return false
		}
		for _, e := range abi {
			if e.Type == "function" && e.Name == g.f.Check {
				return len(e.Outputs) == 1 && e.Outputs[0].Type == "bool"
			}
		}
	}
	return false
}

func (g *gen) render() string {
	f := g.f
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	name := "Foresight_" + identSafe(f.Contract) + "_" + identSafe(f.Kind) + "_Test"

	w("// SPDX-License-Identifier: UNLICENSED\n")
	w("%s\n\n", g.pragma())
	base := "Test"
	if g.lib == dsTest {
		base = "DSTest"
		w("import {DSTest} from \"ds-test/test.sol\";\n")
	} else {
		w("import {Test} from \"forge-std/Test.sol\";\n")
	}
	for _, l := range g.imports {
		w("%s\n", l)
	}
	w("\n// Generated by Foresight: %s (%s)", solComment(f.Title), f.Kind)
	if f.HasLocation {
		w(" at %s:%d:%d", solComment(filepath.ToSlash(f.Unit)), f.Line, f.Column)
	}
	w(",\n// found with seed %d. It replays the shrunk sequence on the campaign's\n", f.Seed)
	w("// addresses, senders, blocks and timestamps, and %s.\n", g.verdictText())
	if g.lib == dsTest {
		w("%s", vmInterface)
	}
	w("contract %s is %s {\n", name, base)
	if g.lib == dsTest {
		w("%s", vmConstant)
	}
	w("    address internal constant DEPLOYER = %s;\n", chain.Deployer.Hex())
	if g.planDeploys() { // deploynew.go
		w("\n    /// Runs creation code at a fixed address (forge-std's deployCodeTo).\n")
		w("    function _deployTo(bytes memory creation, address where) internal {\n")
		w("        vm.etch(where, creation);\n")
		w("        vm.prank(DEPLOYER, DEPLOYER);\n")
		w("        (bool ok, bytes memory runtime) = where.call(\"\");\n")
		w("        require(ok, \"constructor reverted\");\n")
		w("        vm.etch(where, runtime);\n")
		w("    }\n")
	}
	g.renderHelpers(w)       // effectlock.go
	g.renderBlockDataFunc(w) // effectblock.go
	w("\n    function %s() public {\n", g.testName())

	g.renderFork(w, "vm") // fork.go
	blockNumber, timestamp := g.startBlock()
	w("        uint256 blockNumber = %s;\n", blockNumber)
	w("        uint256 timestamp = %s;\n", timestamp)
	w("        vm.roll(blockNumber);\n")
	w("        vm.warp(timestamp);\n")
	g.renderBlockData(w) // effectblock.go
	balance := amount(*chain.InitialBalance)
	w("        vm.deal(DEPLOYER, %s);\n", balance)
	senders := map[common.Address]bool{}
	attackers := false
	for _, c := range f.Calls {
		if c.ViaAttacker {
			if !attackers {
				attackers = true
				w("        vm.deal(%s, %s); // operates the attacker contracts\n", deploy.Operator.Hex(), balance)
			}
			if !senders[c.Sender] {
				senders[c.Sender] = true
				kind := c.Attacker
				w("        vm.etch(%s, hex\"%s\"); // %s\n", deploy.AttackerAddress(kind).Hex(), hex.EncodeToString(deploy.AttackerCode(kind)), solComment(c.From))
				w("        vm.deal(%s, %s); // its own ether, to re-enter with\n", deploy.AttackerAddress(kind).Hex(), amount(*deploy.AttackerBalance))
			}
			continue
		}
		if !senders[c.Sender] {
			senders[c.Sender] = true
			w("        vm.deal(%s, %s); // %s\n", c.Sender.Hex(), balance, solComment(c.From))
		}
	}
	g.renderDeploy(w)
	g.renderHandles(w) // typed.go
	w("\n        bool ok;\n        bytes memory ret;\n")
	g.renderBug(w)
	g.renderBefore(w) // effect.go
	g.renderCalls(w)
	g.renderAssertion(w)
	g.renderVerdict(w) // lib.go
	w("    }\n}\n")
	return b.String()
}

// renderCalls replays the finding's calls, each pranked from its sender (an
// attacker contract's call through the attacker).
func (g *gen) renderCalls(w func(string, ...any)) {
	for i, c := range g.f.Calls {
		w("\n        // %d. from %s: %s\n", i+1, solComment(c.From), solComment(c.Text))
		if c.Blocks != 0 {
			w("        blockNumber += %d;\n        vm.roll(blockNumber);\n", c.Blocks)
			g.renderBlockData(w)
		}
		if c.Seconds != 0 {
			w("        timestamp += %d;\n        vm.warp(timestamp);\n", c.Seconds)
		}
		if i == len(g.f.Calls)-1 {
			g.renderBeforeLast(w) // effect.go
		}
		if i == len(g.f.Calls)-1 && g.phished() {
			g.renderPhish(w, c) // effectharm.go
			continue
		}
		g.renderCall(w, c, "        ", "")
	}
}

// renderCall writes one call of the sequence, pranked from its sender (an
// attacker contract's call through the attacker), with gas its call
// option when not "".
func (g *gen) renderCall(w func(string, ...any), c Call, indent, gas string) {
	addr, _ := g.addressOf(c)
	sender := c.Sender.Hex()
	opts := g.callOptions(c, gas)
	if c.ViaAttacker {
		// The attacker forwards the call: target address, then calldata.
		w("%svm.prank(%s, %s);\n", indent, deploy.Operator.Hex(), deploy.Operator.Hex())
		w("%s(ok, ret) = address(%s).call%s(hex\"%s\");\n", indent, sender, opts, hex.EncodeToString(deploy.ForwardInput(nil, addr, c.Input)))
		return
	}
	w("%svm.prank(%s, %s);\n", indent, sender, sender)
	if expr, t, ok := g.typed(c); ok {
		w("%s(ok, ret) = address(%s).call%s(%s);\n", indent, g.handle(t), opts, expr)
		return
	}
	w("%s(ok, ret) = address(%s).call%s(hex\"%s\");\n", indent, addr.Hex(), opts, hex.EncodeToString(c.Input))
}

// callOptions are a call's value and gas options, in the test's language.
func (g *gen) callOptions(c Call, gas string) string {
	var opts []string
	if gas != "" {
		opts = append(opts, "gas: "+gas)
	}
	if !c.Value.IsZero() {
		opts = append(opts, "value: "+amount(c.Value))
	}
	if len(opts) == 0 {
		return ""
	}
	if !g.legacy {
		return "{" + strings.Join(opts, ", ") + "}"
	}
	// The call options came in 0.6.2: .gas(g).value(v).
	out := ""
	for _, o := range opts {
		name, v, _ := strings.Cut(o, ": ")
		out += fmt.Sprintf(".%s(%s)", name, v)
	}
	return out
}

// contractAddress is where the finding's contract is deployed (the last
// call's address when the test deploys no contract of that name: a
// set-up's).
func (g *gen) contractAddress() common.Address {
	for i := len(g.deploy) - 1; i >= 0; i-- {
		if g.deploy[i].d.Name == g.f.Contract {
			return g.deploy[i].addr
		}
	}
	addr, _ := g.addressOf(g.f.Calls[len(g.f.Calls)-1])
	return addr
}

// renderAssertion states how the last transaction (or the check after it)
// fails.
func (g *gen) renderAssertion(w func(string, ...any)) {
	f := g.f
	switch {
	case g.x.Assert == finding.AssertAssertion && g.v08:
		w("        %s\n", g.assertNot("ok", "expected the assertion to fail"))
		w("        %s\n", g.assertBytesEq("ret", `abi.encodeWithSignature("Panic(uint256)", uint256(0x01))`))
	case g.x.Assert == finding.AssertAssertion:
		w("        %s\n", g.assertNot("ok", "expected the assertion to fail"))
		w("        %s\n", g.assertTrue("ret.length == 0", "INVALID: no return data"))
	case g.x.Assert == finding.AssertPanic && !g.v08:
		// Before 0.8 the checks a panic stands for end in INVALID.
		w("        %s\n", g.assertNot("ok", "expected the check to fail"))
		w("        %s\n", g.assertTrue("ret.length == 0", "INVALID: no return data"))
	case g.x.Assert == finding.AssertPanic:
		w("        %s\n", g.assertNot("ok", "expected a panic"))
		w("        %s\n", g.assertBytesEq("ret", fmt.Sprintf(`abi.encodeWithSignature("Panic(uint256)", uint256(0x%02x))`, f.Panic)))
	case g.x.Assert == finding.AssertCheck:
		addr := g.contractAddress()
		w("\n        // The %s %s must now fail.\n", f.Kind, f.Check)
		w("        vm.prank(%s, %s);\n", chain.SenderAddress(0).Hex(), chain.SenderAddress(0).Hex())
		w("        (ok, ret) = address(%s).call(abi.encodeWithSignature(\"%s()\"));\n", addr.Hex(), f.Check)
		if g.checkOK {
			w("        %s\n", g.assertTrue("!ok || ret.length < 32 || ret[31] == bytes1(0)", "expected "+f.Check+" to revert or return false"))
		} else {
			w("        %s\n", g.assertNot("ok", "expected "+f.Check+" to revert"))
		}
	case g.x.Assert == finding.AssertReverts && !g.loopBlocked():
		w("\n        // %s: %s\n", solComment(f.Title), solComment(f.Detail))
		w("        %s\n", g.assertNot("ok", "expected one failing recipient to revert the loop"))
	case g.lockAssertion(w): // effectlock.go
	case g.harmAssertion(w): // effectharm.go
	case g.x.Assert == finding.AssertEvidence:
		w("\n        // %s: %s\n", solComment(f.Title), solComment(f.Detail))
		if g.renderEffect(w) {
			break
		}
		w("        // The evidence is the execution itself (run forge test -vvvv to see it).\n")
		if g.f.Style == Regression {
			w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
		}
	case g.x.Assert == finding.AssertCommits:
		// The vulnerability oracles judge committed transactions: the
		// last call succeeds, and what it did is the harm (effect.go).
		w("\n        // %s: %s\n", solComment(f.Title), solComment(f.Detail))
		if g.renderEffect(w) {
			break
		}
		w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
	default:
		w("\n        // %s: %s. The last call is where it happens;\n", f.Kind, solComment(f.Title))
		w("        // Foresight has no Foundry assertion for this kind yet.\n")
	}
}
