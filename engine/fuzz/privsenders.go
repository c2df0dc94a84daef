package fuzz

import (
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// privSenders are the principals that configure rather than attack: the
// deployer and the accounts the deployment granted a role
// (deploy.Roles), which Deploy makes senders right before the deployer,
// so they are principals roleLo to roleLo+roles-1.
type privSenders struct {
	deployer      int // the deployer's principal index, -1 if it does not send
	roleLo, roles int
	named         []bool // per contract: code meant for them (deploy.Deployment.PrivNamed)
}

// privSendersOf finds the deployer and the role holders among the
// principals: the deployer is the last principal, unless a set-up's
// targetSender choices left it out.
func privSendersOf(principals []common.Address, dep *deploy.Deployment) privSenders {
	p := privSenders{deployer: -1, named: dep.PrivNamed}
	roles := dep.Roles
	if n := len(principals); n > 0 && principals[n-1] == chain.Deployer {
		p.deployer = n - 1
	}
	for i, a := range principals {
		if slices.Contains(roles, a) {
			if p.roles == 0 {
				p.roleLo = i
			}
			p.roles++
		}
	}
	return p
}

// share is how rarely they send to contract ct: one transaction in share.
func (p *privSenders) share(ct int) int {
	if ct >= 0 && ct < len(p.named) && p.named[ct] {
		return deployerShare
	}
	return deployerRare
}

// count is how many privileged senders there are.
func (p *privSenders) count() int {
	if p.deployer >= 0 {
		return p.roles + 1
	}
	return p.roles
}

// at is the k-th privileged sender: the role holders, then the deployer.
func (p *privSenders) at(k int) int {
	if k < p.roles {
		return p.roleLo + k
	}
	return p.deployer
}

// is reports whether principal s is a privileged sender.
func (p *privSenders) is(s int) bool {
	return s == p.deployer || p.roles > 0 && s >= p.roleLo && s < p.roleLo+p.roles
}

// unjudged drops o's payout marks when a privileged account sent one of
// seq's transactions: the oracles judge no payout of such a sequence, so
// it is no step toward a finding (value.go).
func (w *worker) unjudged(seq txseq.Sequence, o *outcome) {
	if len(o.marks) > 0 && w.sentByPriv(seq) {
		o.marks = nil
	}
}

// sentByPriv reports whether a privileged principal sends one of seq's
// transactions.
func (w *worker) sentByPriv(seq txseq.Sequence) bool {
	for i := range seq {
		if s := seq[i].Sender; s >= 0 && s < len(w.m.Privileged) && w.m.Privileged[s] {
			return true
		}
	}
	return false
}

// lends reports whether s, the sender of a sequence's transaction, also
// sends, half the time, a transaction added right after or before it
// (appendTx, insertTx): an unprivileged account, whose state left is
// often its own (a deposit, a position). A privileged one's is
// configuration, made for the users: the call after it is theirs, and
// its own next step comes from its share (randomSender); a sequence it
// sends in is not judged for payouts either. Carried on, two role
// holders that enabled a market's parameters created most markets
// themselves and went on re-enabling them (priv_pos_role_market.sol,
// seed 1, first 14,000 executions: 286 of 502 markets created theirs,
// their setters completed 3,280 times, no supply completed: the first at
// 16,062, the finding at 51,324; without: 17 of 265, 40 supplies, found
// at 13,607; seeds 1-36 within 40,000: 31, now 34).
func (w *worker) lends(s int) bool {
	return !w.priv.is(s)
}
