package main

import (
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
)

// attackerRoles says what each attacker contract of the fuzzer does when
// the contract under test calls or pays it.
var attackerRoles = map[string]string{
	"reentrant":   "calls back into the contract that pays it, once per transaction: with its previous call to it (and that call's ether, out of its own), then with the current one",
	"reverting":   "reverts whenever it is called or paid",
	"gas-burning": "uses up all the gas it is given, so 2300-gas transfers to it fail",
}

// senderNames explains the senders of findings' transactions, named by
// render.SenderName ("user 1", "attacker contract (reentrant)", "the
// deployer") as every output names them, at their first appearance.
type senderNames struct {
	seen  map[string]bool
	setUp string // the Foundry test contract whose setUp() deployed the contracts, if any
}

// name returns how c's sender is shown, and a note the first time it is.
func (s *senderNames) name(c report.Call) (name, note string) {
	if s.seen == nil {
		s.seen = map[string]bool{}
	}
	name = render.SenderName(c)
	switch {
	case c.Attacker != "":
		note = fmt.Sprintf("%s = %s, a contract the fuzzer deployed to call through, so that msg.sender is a contract; it %s",
			name, c.Sender, attackerRoles[c.Attacker])
	case strings.EqualFold(c.Sender, session.Deployer.Hex()):
		note = fmt.Sprintf("%s = %s, the account that deployed the contracts; its transactions are privileged (an owner's)",
			name, strings.ToLower(c.Sender))
	case s.setUp != "":
		note = fmt.Sprintf("%s = test account %s, one of %d that send transactions; the contracts were deployed by %s.setUp()",
			name, c.Sender, session.DefaultSenders, s.setUp)
	default:
		note = fmt.Sprintf("%s = test account %s, one of %d that send transactions; the contracts were deployed by another account, %s",
			name, c.Sender, session.DefaultSenders, strings.ToLower(session.Deployer.Hex()))
	}
	if s.seen[name] {
		return name, ""
	}
	s.seen[name] = true
	return name, note
}
