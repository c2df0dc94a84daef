package render

import (
	"fmt"
	"github.com/foresight-sol/foresight/engine/report"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
)

// SenderName names the sender of c as every surface shows it (messages,
// check and replay output, the JSON report, Foundry exports, the editor):
// "user 1" for the first test account, "attacker contract (reentrant)"
// for a call through one of the fuzzer's attacker contracts, "the
// deployer" for the account that deployed the contracts.
func SenderName(c report.Call) string {
	if c.Attacker != "" {
		return attackerName(c.Attacker)
	}
	return principalName(c.SenderIndex, common.HexToAddress(c.Sender))
}

// principalName names principal i at addr when it is no attacker.
func principalName(i int, addr common.Address) string {
	if addr == chain.Deployer {
		return "the deployer"
	}
	return fmt.Sprintf("user %d", i+1)
}

func attackerName(kind string) string { return "attacker contract (" + kind + ")" }

// Principals names every principal of deployment d (nil: the default
// senders) by address.
func Principals(d *deploy.Deployment) map[common.Address]string {
	n := chain.DefaultSenders
	if d != nil && d.Senders != nil {
		n = len(d.Senders)
	}
	names := map[common.Address]string{chain.Deployer: "the deployer"}
	// The senders, the attackers, then the deployer (deploy.PrincipalIn);
	// past the end the attackers repeat, which the map drops.
	for i := 0; i < n+16; i++ {
		addr, att, ok := deploy.PrincipalIn(d, i)
		if _, seen := names[addr]; seen {
			continue
		}
		if ok {
			names[addr] = attackerName(att.String())
		} else {
			names[addr] = principalName(i, addr)
		}
	}
	return names
}

// NameAddresses replaces the principals' addresses in an oracle's
// evidence with their names, as the sequence shows them.
func NameAddresses(text string, names map[common.Address]string) string {
	if text == "" {
		return text
	}
	for addr, name := range names {
		text = strings.ReplaceAll(text, addr.Hex(), name)
		text = strings.ReplaceAll(text, strings.ToLower(addr.Hex()), name)
	}
	return text
}

// CheckedSenderName is SenderName for a call whose values were checked
// (report.ParseCall), named from those: for Solidity comments of exports,
// from reports anyone may write.
func CheckedSenderName(v report.CallValues, c report.Call) string {
	if c.Attacker != "" {
		return attackerName(report.Attackers[v.Attacker])
	}
	return principalName(c.SenderIndex, v.Sender)
}
