package behaviour

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/solc"
)

// This file writes a difference as a Foundry regression test that
// asserts the OLD behaviour: it passes on the code before the edit and
// fails on the code after it, so a person keeps it when the change was a
// mistake (and fixes the code), or drops it with the change accepted.

// ErrExport is wrapped by errors about a difference that cannot be
// written as a Foundry test.
var ErrExport = errors.New("cannot export the behaviour difference")

// ExportFoundry renders seq, run from the deployment of the builds (as
// Compare deploys them with seed), as a Foundry test asserting what the
// old build did where the two first differ. rel is the test's path under
// the project root.
func ExportFoundry(ctx context.Context, old, new []*solc.Build, seq Sequence, seed uint64) (rel, text string, err error) {
	r, err := prepare(ctx, old, new, Options{Seed: seed})
	if err != nil {
		return "", "", err
	}
	if len(r.m.pairs) == 0 {
		return "", "", fmt.Errorf("%w: the builds share no contract", ErrExport)
	}
	if err := r.exportable(); err != nil {
		return "", "", err
	}
	ob, oa := r.both(seq)
	d, ok := r.firstDiff(seq, ob, oa)
	if !ok {
		return "", "", fmt.Errorf("%w: the calls behave the same on both builds now", ErrExport)
	}
	e := &exporter{r: r, seq: seq, obs: ob, d: d}
	name := e.testName()
	// One file and test contract per function: several differences of a
	// contract export side by side.
	return "test/" + e.contractName() + ".t.sol", e.render(name), nil
}

// exportable checks that the deployment is one a test can make with
// deployCode alone: targets only, no library, no Foresight token, no
// role or grant set up after.
func (r *runner) exportable() error {
	dep := r.before.dep
	if dep.Token != (common.Address{}) || len(dep.Roles) > 0 || len(dep.Twins) > 0 {
		return fmt.Errorf("%w: the deployment needs Foresight's token, roles or twins", ErrExport)
	}
	for i, c := range r.before.prog.Contracts {
		if dep.Addrs[i] == (common.Address{}) {
			continue
		}
		if !c.Target || len(dep.Grants[i]) > 0 || (dep.Values[i] != nil && !dep.Values[i].IsZero()) {
			return fmt.Errorf("%w: %s is deployed with a library, grants or ether", ErrExport, c.Name)
		}
	}
	return nil
}

// exporter renders one test.
type exporter struct {
	r   *runner
	seq Sequence
	obs seqObs // the old build's
	d   Difference
	b   strings.Builder
}

// contractName is the test contract's: "Vault_depositBehaviourTest".
func (e *exporter) contractName() string {
	return e.d.Function.Contract + "_" + fnName(e.d.Function) + "BehaviourTest"
}

func (e *exporter) testName() string {
	return "test_" + fnName(e.d.Function) + "_behaviour"
}

func fnName(f Function) string {
	name, _, _ := strings.Cut(f.Signature, "(")
	return name
}

func (e *exporter) line(indent int, format string, args ...any) {
	e.b.WriteString(strings.Repeat("    ", indent))
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

func (e *exporter) render(name string) string {
	r := e.r
	e.line(0, "// SPDX-License-Identifier: UNLICENSED")
	e.line(0, "pragma solidity ^0.8.0;")
	e.line(0, "")
	e.line(0, "import {Test} from \"forge-std/Test.sol\";")
	if e.d.Aspect == "events" {
		// Declared here: forge-std before 1.2 has no recordLogs.
		e.line(0, "")
		e.line(0, "interface LogRecorder {")
		e.line(1, "struct Log {")
		e.line(2, "bytes32[] topics;")
		e.line(2, "bytes data;")
		e.line(2, "address emitter;")
		e.line(1, "}")
		e.line(1, "function recordLogs() external;")
		e.line(1, "function getRecordedLogs() external returns (Log[] memory);")
		e.line(0, "}")
	}
	e.line(0, "")
	e.line(0, "// Written by Foresight: after an edit these calls behaved otherwise:")
	e.line(0, "//   %s", strings.ReplaceAll(e.d.Message, "\n", " "))
	e.line(0, "// The test asserts what the code did BEFORE the edit: it passes on the")
	e.line(0, "// old code and fails on the new one. Keep it if the change was a mistake.")
	e.line(0, "// forge test --match-test %s -vvv", name)
	e.line(0, "contract %s is Test {", e.contractName())
	e.line(1, "address internal constant DEPLOYER = %s;", chain.Deployer.Hex())
	for _, p := range r.m.pairs {
		e.line(1, "address internal %s;", varName(p.name))
	}
	e.line(0, "")
	e.line(1, "function setUp() public {")
	e.line(2, "vm.roll(%d);", r.before.snapBlock.Number)
	e.line(2, "vm.warp(%d);", r.before.snapBlock.Time)
	e.line(2, "vm.deal(DEPLOYER, %s);", chain.InitialBalance.Dec())
	for _, a := range r.senders {
		if a != chain.Deployer {
			e.line(2, "vm.deal(%s, %s);", a.Hex(), chain.InitialBalance.Dec())
		}
	}
	e.line(2, "vm.startPrank(DEPLOYER);")
	dep := r.before.dep
	order := dep.Order
	if order == nil {
		for i := range r.before.prog.Contracts {
			order = append(order, i)
		}
	}
	for _, i := range order {
		c := r.before.prog.Contracts[i]
		if dep.Addrs[i] == (common.Address{}) || !r.isPair(c.Name) {
			continue
		}
		e.line(2, "%s = deploy(\"%s:%s\", hex\"%s\");", varName(c.Name), path.Base(c.Artifact.Unit), c.Name, hex.EncodeToString(dep.Args[i]))
	}
	e.line(2, "vm.stopPrank();")
	for _, p := range r.m.pairs {
		if bal := r.before.ch.State().GetBalance(r.before.addr(p.name)); bal != nil && !bal.IsZero() {
			e.line(2, "vm.deal(%s, %s); // what Foresight's deployment gives a target", varName(p.name), bal.Dec())
		}
	}
	e.line(1, "}")
	e.line(0, "")
	e.line(1, "// deploy creates the named contract, as forge compiled it, with args.")
	e.line(1, "function deploy(string memory what, bytes memory args) internal returns (address a) {")
	e.line(2, "bytes memory code = abi.encodePacked(vm.getCode(what), args);")
	e.line(2, "assembly {")
	e.line(3, "a := create(0, add(code, 0x20), mload(code))")
	e.line(2, "}")
	e.line(2, "require(a != address(0), \"deploy failed\");")
	e.line(1, "}")
	e.line(0, "")
	e.body(name)
	e.line(0, "}")
	return e.b.String()
}

// body is the test function: the calls, then the old behaviour asserted
// where the builds differ.
func (e *exporter) body(name string) {
	r := e.r
	e.line(1, "function %s() public {", name)
	e.line(2, "bool ok;")
	e.line(2, "bytes memory ret;")
	for i, c := range e.seq {
		at := i == e.d.Step
		e.line(2, "// %d. %s", i+1, r.renderCall(c))
		if c.Blocks > 0 || c.Seconds > 0 {
			e.line(2, "vm.roll(block.number + %d);", c.Blocks)
			e.line(2, "vm.warp(block.timestamp + %d);", c.Seconds)
		}
		if at && e.d.Aspect == "events" {
			e.line(2, "LogRecorder(address(vm)).recordLogs();")
		}
		if at && e.d.Aspect == "ether" {
			for k, m := range e.obs.txs[i].ether {
				e.line(2, "uint256 before%d = %s.balance;", k, e.accountExpr(m.account))
			}
		}
		e.line(2, "vm.prank(%s);", c.Sender.Hex())
		value := ""
		if !c.Value.IsZero() {
			value = "{value: " + c.Value.Dec() + "}"
		}
		e.line(2, "(ok, ret) = %s.call%s(hex\"%s\");", varName(c.Contract), value, hex.EncodeToString(c.Input))
		if at {
			e.assertTx(e.obs.txs[i])
			break
		}
	}
	if e.d.Step == len(e.seq) {
		e.assertReads()
	}
	e.line(1, "}")
}

// assertTx asserts one transaction's old observation in the aspect that
// differs.
func (e *exporter) assertTx(o txObs) {
	e.line(2, "// Before the edit: %s; after it: %s.", e.d.Before, e.d.After)
	e.line(2, "%s(ok, \"success\");", assertBool(o.status == "ok"))
	switch e.d.Aspect {
	case "return", "revert":
		e.line(2, "assertEq(ret, hex\"%s\");", hex.EncodeToString(o.ret))
	case "events":
		e.line(2, "LogRecorder.Log[] memory logs = LogRecorder(address(vm)).getRecordedLogs();")
		e.line(2, "assertEq(logs.length, %d);", len(o.events))
		for k, ev := range o.events {
			for t, topic := range ev.topics {
				e.line(2, "assertTrue(logs[%d].topics[%d] == bytes32(%s), \"topic\");", k, t, topic.Hex())
			}
			e.line(2, "assertEq(logs[%d].data, hex\"%s\");", k, hex.EncodeToString(ev.data))
		}
	case "ether":
		for k, m := range o.ether {
			op := "+"
			if strings.HasPrefix(m.delta, "-") {
				op = "-"
			}
			e.line(2, "assertEq(%s.balance, before%d %s %s);", e.accountExpr(m.account), k, op, strings.TrimLeft(m.delta, "+-"))
		}
	}
}

// assertReads asserts the read that differs afterwards: a getter, or a
// token balance.
func (e *exporter) assertReads() {
	rd := e.obs.reads[e.d.read]
	call := ""
	if acct, ok := strings.CutPrefix(rd.getter, "balanceOf("); ok {
		call = fmt.Sprintf("abi.encodeWithSignature(\"balanceOf(address)\", %s)", e.accountExpr(strings.TrimSuffix(acct, ")")))
	}
	for _, p := range e.r.m.pairs {
		for _, g := range p.getters {
			if call == "" && p.name == rd.contract && g.Sig == rd.getter {
				call = "hex\"" + hex.EncodeToString(g.Selector[:]) + "\""
			}
		}
	}
	e.line(2, "// Afterwards, before the edit: %s; after it: %s.", e.d.Before, e.d.After)
	e.line(2, "(ok, ret) = %s.staticcall(%s);", varName(rd.contract), call)
	e.line(2, "%s(ok, \"success\");", assertBool(rd.status == "ok"))
	e.line(2, "assertEq(ret, hex\"%s\"); // %s", hex.EncodeToString(rd.ret), rd.getter)
}

// accountExpr is a watched account as the test names it.
func (e *exporter) accountExpr(name string) string {
	for i, a := range e.r.senders {
		if senderName(i, a) == name {
			return a.Hex()
		}
	}
	return varName(name)
}

func (r *runner) isPair(name string) bool {
	for _, p := range r.m.pairs {
		if p.name == name {
			return true
		}
	}
	return false
}

// varName is the test's variable for a contract.
func varName(contract string) string {
	return "c" + contract
}

// assertBool is the assertion that a call's success was want.
func assertBool(want bool) string {
	if want {
		return "assertTrue"
	}
	return "assertFalse"
}
