package engine

import (
	"github.com/foresight-sol/foresight/engine/report"
	"sort"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// etherFlow is what a finding's sequence did with ether, as the oracle
// that judged it recorded (finding.EtherFlow): what its last transaction
// paid a sender, and where the paying contract's balance came from. The ether-leak message (SWC-105)
// says it in words.
type etherFlow struct {
	payer     string         // the paying contract's name
	recipient common.Address // the sender paid most in the last transaction
	paid      uint256.Int    // what the last transaction paid it
	// in and out are what each account paid the payer and was paid by it
	// over the whole sequence (committed calls only).
	in, out map[common.Address]*uint256.Int
	start   *uint256.Int // the payer's balance after deployment; nil if unknown
	// credited is what others paid the payer in calls that name the
	// recipient (deposit(user 1) from the owner), and creditor who paid
	// most of it: the recipient was credited, so the message must not
	// say it never paid in.
	credited uint256.Int
	creditor common.Address
}

// flowOf is the oracle's record of a finding's ether flow
// (finding.EtherFlow) in the report's terms: the payer named, with what
// it started with; nil when the finding carries none.
func flowOf(p *program.Program, setup report.Setup, rec *finding.EtherFlow) *etherFlow {
	if rec == nil || rec.Payer < 0 || rec.Payer >= len(p.Contracts) {
		return nil
	}
	return &etherFlow{
		payer: p.Contracts[rec.Payer].Name, recipient: rec.Recipient, paid: rec.Paid,
		in: rec.In, out: rec.Out, start: startBalance(p, setup, rec.PayerAddr),
		credited: rec.Credited, creditor: rec.Creditor,
	}
}

// eachTransfer calls fn for each ether transfer of a committed step: the
// transaction's own value (for an attacker's call, its forwarded call
// carries it) and each inner call no reverted frame undid.
func eachTransfer(st fuzz.Step, c report.Call, fn func(from, to common.Address, v *uint256.Int)) {
	if c.Attacker == "" && !st.Call.Value.IsZero() {
		fn(st.From, st.To, &st.Call.Value)
	}
	var dead []bool // by depth: that frame or one around it reverted
	for _, in := range st.Inner {
		for len(dead) <= in.Depth {
			dead = append(dead, false)
		}
		dead[in.Depth] = dead[in.Depth-1] || in.Reverted
		if !dead[in.Depth] && !in.Value.IsZero() {
			v := in.Value
			fn(in.From, in.To, &v)
		}
	}
}

// startBalance is what the contract at addr held once deployed: its
// constructor's value and the funds every target gets; nil for a Foundry
// set-up's contracts, whose setUp() may have paid them anything.
func startBalance(p *program.Program, setup report.Setup, addr common.Address) *uint256.Int {
	if setup.SetUp != "" {
		return nil
	}
	for _, d := range setup.Contracts {
		if common.HexToAddress(d.Address) != addr {
			continue
		}
		b := new(uint256.Int)
		if d.CtorValue != "" {
			if v, err := uint256.FromDecimal(d.CtorValue); err == nil {
				b.Set(v)
			}
		}
		if c, ok := p.Lookup(d.Name); ok && c.Target {
			b.Add(b, deploy.TargetFunds)
		}
		return b
	}
	return nil
}

// contributors lists who paid the payer's balance, other than the
// recipient, largest first: each account's net deposit.
func (fl *etherFlow) contributors() []contribution {
	var out []contribution
	for a, in := range fl.in {
		if a == fl.recipient {
			continue
		}
		net := new(uint256.Int).Set(in)
		if o := fl.out[a]; o != nil {
			if !net.Gt(o) {
				continue
			}
			net.Sub(net, o)
		}
		out = append(out, contribution{a, net})
	}
	sort.Slice(out, func(i, j int) bool {
		if c := out[i].amount.Cmp(out[j].amount); c != 0 {
			return c > 0
		}
		return out[i].from.Cmp(out[j].from) < 0
	})
	return out
}

type contribution struct {
	from   common.Address
	amount *uint256.Int
}

// campaignRenderer renders a campaign's findings with the set-up they
// were found on: the ether of those whose message tells it comes from
// the oracle's record (flowOf), not from running the sequence again.
type campaignRenderer struct {
	prog  *program.Program
	setUp string
	seed  uint64
}

func (r *campaignRenderer) render(f *fuzz.Finding, d *deploy.Deployment) report.Finding {
	out := render(r.prog, f, r.seed, d)
	out.Mock = isMock(r.prog, f, r.setUp)
	if f.Flow == nil || d == nil {
		return out
	}
	setup := setupOf(r.prog, d, r.seed)
	setup.SetUp = r.setUp
	names := principalNames(d)
	if fl := flowOf(r.prog, setup, f.Flow); fl != nil {
		out.Message = message(out, fl, names)
	}
	return out
}
