package foundry

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// This file is the harm an exported test asserts for the kinds whose last
// transaction commits (issue 30): a test that only checked that it
// commits would still pass once the bug is fixed. Each kind here checks
// the effect that makes the finding a bug, so the test fails on the fixed
// contract (scripts/check-forge-export runs both).

// gainKinds are the kinds whose harm is ether the accounts the fuzzer
// controls gained (docs/oracles.md, SWC-105: a sender ends the sequence
// with more than it started with).
var gainKinds = map[string]bool{"SWC-105": true}

// StorageKinds are the kinds whose harm is storage the last call wrote,
// which the engine measures by replaying the finding (Finding.Stored): the
// wrapped value stored (SWC-101), the slot an input chose (SWC-124).
var StorageKinds = map[string]bool{"SWC-101": true, "SWC-124": true}

// cheatcodes is where forge serves vm; called by address, not through a
// Vm interface, so a ds-test project's (which lacks load) or a set-up's
// own vm does not matter.
var cheatcodes = common.HexToAddress("0x7109709ECfa91a80626fF3989D68f67F5b1DD12D")

// parties are the accounts the sequence ran from, grouped by who owns the
// ether: each sender alone, the attacker contracts with their operator
// (the operator pays what an attacker's call sends, so the attacker being
// paid back is no gain). The deployer is privileged and left out.
func (g *gen) parties() [][]common.Address {
	var out [][]common.Address
	var attackers []common.Address
	seen := map[common.Address]bool{}
	for _, c := range g.f.Calls {
		if seen[c.Sender] {
			continue
		}
		seen[c.Sender] = true
		switch {
		case c.ViaAttacker:
			if len(attackers) == 0 {
				attackers = append(attackers, deploy.Operator)
			}
			attackers = append(attackers, c.Sender)
		case c.Sender != chain.Deployer:
			out = append(out, []common.Address{c.Sender})
		}
	}
	if len(attackers) > 0 {
		out = append(out, attackers)
	}
	return out
}

// balanceSum is the Solidity sum of the accounts' balances.
func balanceSum(accounts []common.Address) string {
	terms := make([]string, len(accounts))
	for i, a := range accounts {
		terms[i] = fmt.Sprintf("address(%s).balance", a.Hex())
	}
	return strings.Join(terms, " + ")
}

// renderBefore records, before the first call, what renderEffect
// compares with.
func (g *gen) renderBefore(w func(string, ...any)) {
	if !gainKinds[g.f.Kind] {
		return
	}
	w("\n        // The ether of the accounts the sequence runs from, before it.\n")
	for i, p := range g.parties() {
		w("        uint256 before%d = %s;\n", i, balanceSum(p))
	}
}

// renderEffect asserts the harm of a committed finding, after the last
// call; it reports false for a kind it has no effect for.
func (g *gen) renderEffect(w func(string, ...any)) bool {
	if StorageKinds[g.f.Kind] && len(g.f.Stored) > 0 {
		g.renderStored(w)
		return true
	}
	if !gainKinds[g.f.Kind] {
		return false
	}
	parties := g.parties()
	if len(parties) == 0 {
		return false
	}
	w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
	w("        // The harm: one of them ends the sequence with more ether than it\n")
	w("        // started with (other people's money). Fixed, none does.\n")
	w("        bool gained = false;\n")
	for i, p := range parties {
		w("        if (%s > before%d) gained = true;\n", balanceSum(p), i)
	}
	w("        %s\n", g.assertTrue("gained", "expected a sender to end with more ether than it started with"))
	return true
}

// renderStored asserts that the words the last call changed hold what
// they held in the campaign: fixed, the call reverts or writes others.
func (g *gen) renderStored(w func(string, ...any)) {
	w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
	w("        // The harm: the storage the last call wrote, read back.\n")
	w("        bool loaded;\n        bytes memory word;\n")
	for _, s := range g.f.Stored {
		w("        (loaded, word) = address(%s).staticcall(abi.encodeWithSignature(\"load(address,bytes32)\", address(%s), bytes32(%s)));\n", cheatcodes.Hex(), s.Address.Hex(), s.Slot.Hex())
		w("        %s\n", g.assertTrue(fmt.Sprintf("loaded && abi.decode(word, (bytes32)) == bytes32(%s)", s.Value.Hex()), "expected the word the finding wrote"))
	}
}
