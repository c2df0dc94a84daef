package render

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/holiman/uint256"
)

// Flow is what a finding's sequence did with ether, as the oracle that
// judged it recorded (finding.EtherFlow): what its last transaction paid
// a sender, and where the paying contract's balance came from. The
// ether-leak message (SWC-105) says it in words.
type Flow struct {
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

// FlowOf is the oracle's record of a finding's ether flow
// (finding.EtherFlow) in the report's terms: the payer named, with what
// it started with; nil when the finding carries none.
func FlowOf(p *program.Program, setup report.Setup, rec *finding.EtherFlow) *Flow {
	if rec == nil || rec.Payer < 0 || rec.Payer >= len(p.Contracts) {
		return nil
	}
	return &Flow{
		payer: p.Contracts[rec.Payer].Name, recipient: rec.Recipient, paid: rec.Paid,
		in: rec.In, out: rec.Out, start: startBalance(p, setup, rec.PayerAddr),
		credited: rec.Credited, creditor: rec.Creditor,
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
func (fl *Flow) contributors() []contribution {
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

// sources words whose ether the payer paid with, most detailed first:
// "It came from the 10 ether Vault started with." or "It came from
// Vault's 10 ether from the start and 1 ether from user 2." The
// recipient's own deposits are not counted: a leak is paid with others'.
func (fl *Flow) sources(names map[common.Address]string) []string {
	type part struct {
		amount *uint256.Int
		from   string
	}
	var parts []part
	for _, c := range fl.contributors() {
		parts = append(parts, part{c.amount, nameOr(names, c.from)})
	}
	if fl.start != nil && !fl.start.IsZero() {
		parts = append(parts, part{fl.start, ""})
	}
	sort.SliceStable(parts, func(i, j int) bool { return parts[i].amount.Gt(parts[j].amount) })
	if len(parts) == 1 {
		if parts[0].from == "" {
			return []string{fmt.Sprintf("It came from the %s %s started with.", Ether(parts[0].amount), fl.payer)}
		}
		return []string{fmt.Sprintf("It came from the %s %s deposited in %s.", Ether(parts[0].amount), parts[0].from, fl.payer)}
	}
	var out []string
	for n := len(parts); n >= 2; n-- {
		var words []string
		for _, p := range parts[:n] {
			if p.from == "" {
				words = append(words, Ether(p.amount)+" from the start")
			} else {
				words = append(words, Ether(p.amount)+" from "+p.from)
			}
		}
		out = append(out, fmt.Sprintf("It came from %s's %s.", fl.payer, strings.Join(words, " and ")))
	}
	return out
}
