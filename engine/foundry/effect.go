package foundry

import (
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
)

// This file is the harm an exported test asserts (issue 30): a test that
// only checked that the last call commits, or that the sequence runs,
// would still pass once the bug is fixed. Each kind here checks the
// effect that makes the finding a bug, so the test fails on the fixed
// contract (scripts/check-forge-export runs both): ether the fuzzer's
// accounts gained (here), storage written (effectstore.go), ether that
// can never leave or a withdrawal that pays nothing (effectlock.go).

// cheatcodes is where forge serves vm; called by address, not through a
// Vm interface, so a ds-test project's (which lacks load) or a set-up's
// own vm does not matter.
var cheatcodes = common.HexToAddress("0x7109709ECfa91a80626fF3989D68f67F5b1DD12D")

// assertsGain reports whether the test asserts a gain of ether: always
// for finding.HarmGainAlways (SWC-105: the oracle guarantees a sender
// ends with more than it started with), and for finding.HarmGain when
// the replay measured one (Finding.Gained): a reentrant drain, a
// self-destruct's payout, a prize taken first, winnings a block decided,
// whose oracles judge something else, so not every finding moves ether.
func (g *gen) assertsGain() bool {
	return g.x.Harm.Has(finding.HarmGainAlways) || g.x.Harm.Has(finding.HarmGain) && g.f.Gained
}

// parties are the accounts the sequence ran from, grouped by who owns the
// ether: each sender alone, the attacker contracts with their operator
// (the operator pays what an attacker's call sends, so the attacker being
// paid back is no gain). The deployer is privileged and left out.
func (g *gen) parties() [][]common.Address {
	return Parties(g.f.Calls)
}

// Parties groups the senders of calls as an exported test compares their
// ether (the engine measures Finding.Gained over the same groups).
func Parties(calls []Call) [][]common.Address {
	var out [][]common.Address
	var attackers []common.Address
	seen := map[common.Address]bool{}
	for _, c := range calls {
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
	if !g.assertsGain() {
		return
	}
	w("\n        // The ether of the accounts the sequence runs from, before it.\n")
	for i, p := range g.parties() {
		w("        uint256 before%d = %s;\n", i, balanceSum(p))
	}
}

// renderBeforeLast writes what the harm needs right before the last
// call: the code a delegatecall runs (SWC-112), the depositor's ether
// (owner-lock).
func (g *gen) renderBeforeLast(w func(string, ...any)) {
	switch {
	case g.x.Harm.Has(finding.HarmDelegate) && g.f.HasDelegate:
		g.renderMarkerCode(w) // effectstore.go
	case g.x.Harm.Has(finding.HarmRejected) && g.f.HasCallee && len(g.f.Stored) > 0:
		g.renderRejecter(w) // effectstore.go
	case g.x.Assert == finding.AssertLocked:
		g.renderLockBefore(w) // effectlock.go
	case g.loopBlocked():
		g.renderLoopBefore(w) // effectharm.go
	case g.x.Harm.Has(finding.HarmTokens) && g.f.HasToken:
		g.renderTheftBefore(w) // effecttoken.go
	}
}

// renderEffect asserts the harm of a committed finding, after the last
// call; it reports false for a kind it has no effect for.
func (g *gen) renderEffect(w func(string, ...any)) bool {
	switch {
	case g.x.Harm.Has(finding.HarmDelegate) && g.f.HasDelegate:
		g.renderMarker(w)
		return true
	case g.x.Harm.Has(finding.HarmStored) && len(g.f.Stored) > 0:
		g.renderStored(w)
		return true
	case g.x.Harm.Has(finding.HarmTokens) && g.f.HasToken:
		g.renderTheft(w) // effecttoken.go
		return true
	case g.x.Harm.Has(finding.HarmEmptied) && !g.f.Gained && g.f.HasEmptied:
		g.renderEmptied(w) // effectlock.go
		return true
	case !g.assertsGain():
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
