package main

import (
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/chain"
)

// attackerRoles says what each attacker contract of the fuzzer does when
// the contract under test calls or pays it.
var attackerRoles = map[string]string{
	"reentrant":   "calls back into the contract that pays it, once per transaction: with its previous call to it (and that call's ether, out of its own), then with the current one",
	"reverting":   "reverts whenever it is called or paid",
	"gas-burning": "uses up all the gas it is given, so 2300-gas transfers to it fail",
}

// senderNames names the senders of findings' transactions ("user 1",
// "attacker contract (reentrant)") and explains each at its first
// appearance.
type senderNames struct {
	seen  map[string]bool
	setUp string // the Foundry test contract whose setUp() deployed the contracts, if any
}

// name returns how c's sender is shown, and a note the first time it is.
func (s *senderNames) name(c engine.Call) (name, note string) {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	if c.Attacker != "" {
		name = "attacker contract (" + c.Attacker + ")"
		note = fmt.Sprintf("%s = %s, a contract the fuzzer deployed to call through, so that msg.sender is a contract; it %s",
			name, c.Sender, attackerRoles[c.Attacker])
	} else {
		name = fmt.Sprintf("user %d", c.SenderIndex+1)
		note = fmt.Sprintf("%s = test account %s, one of %d that send transactions; the contracts were deployed by another account, %s",
			name, c.Sender, chain.DefaultSenders, strings.ToLower(chain.Deployer.Hex()))
		if s.setUp != "" {
			note = fmt.Sprintf("%s = test account %s, one of %d that send transactions; the contracts were deployed by %s.setUp()",
				name, c.Sender, chain.DefaultSenders, s.setUp)
		}
	}
	if s.seen[name] {
		return name, ""
	}
	s.seen[name] = true
	return name, note
}
