package engine

import (
	"bytes"
	"github.com/foresight-sol/foresight/engine/report"
	"sort"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// etherFlow is what a finding's sequence did with ether, measured by
// replaying it: what its last transaction paid a sender, and where the
// paying contract's balance came from. The ether-leak message (SWC-105)
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
	// most of it: the replay shows the recipient credited, so the
	// message must not say it never paid in.
	credited uint256.Int
	creditor common.Address
}

// flowKinds are the kinds whose message is told from an etherFlow
// (finding.HookEtherFlow).
var flowKinds = func() map[finding.Kind]bool {
	m := map[finding.Kind]bool{}
	for _, k := range finding.Kinds() {
		if finding.Describe(k).Hook == finding.HookEtherFlow {
			m[k] = true
		}
	}
	return m
}()

// flowOf replays f's sequence on the campaign's deployment and measures
// the ether it moved; ok is false when the replay fails or the last
// transaction paid no sender.
func flowOf(p *program.Program, cc chain.Config, setup report.Setup, f report.Finding, names map[common.Address]string) (*etherFlow, bool) {
	if len(f.Calls) == 0 {
		return nil, false
	}
	steps, err := replaySteps(p, cc, setup, f)
	if err != nil {
		return nil, false
	}
	return measureFlow(p, setup, f.Calls, steps, names)
}

// measureFlow reads an etherFlow off the replayed steps of calls.
func measureFlow(p *program.Program, setup report.Setup, calls []report.Call, steps []fuzz.Step, names map[common.Address]string) (*etherFlow, bool) {
	if len(steps) == 0 || len(steps) != len(calls) {
		return nil, false
	}
	contracts := map[common.Address]string{}
	for _, d := range setup.Contracts {
		if d.Address != "" {
			contracts[common.HexToAddress(d.Address)] = d.Name
		}
	}
	// The payer: the contract that paid a sender most in the last step.
	fl := &etherFlow{in: map[common.Address]*uint256.Int{}, out: map[common.Address]*uint256.Int{}}
	var payer common.Address
	last := steps[len(steps)-1]
	if last.Err != nil {
		return nil, false
	}
	eachTransfer(last, calls[len(calls)-1], func(from, to common.Address, v *uint256.Int) {
		if _, isSender := names[to]; isSender && contracts[from] != "" && v.Gt(&fl.paid) {
			payer, fl.recipient, fl.paid = from, to, *v
		}
	})
	if payer == (common.Address{}) {
		return nil, false
	}
	fl.payer = contracts[payer]
	fl.start = startBalance(p, setup, payer)
	recipientWord := common.LeftPadBytes(fl.recipient[:], 32)
	var most uint256.Int
	for i, st := range steps {
		if st.Err != nil {
			continue
		}
		if calls[i].Attacker == "" && st.To == payer && st.From != fl.recipient && !st.Call.Value.IsZero() &&
			len(st.Call.Input) > 4 && bytes.Contains(st.Call.Input[4:], recipientWord) {
			fl.credited.Add(&fl.credited, &st.Call.Value)
			if st.Call.Value.Gt(&most) {
				most, fl.creditor = st.Call.Value, st.From
			}
		}
		eachTransfer(st, calls[i], func(from, to common.Address, v *uint256.Int) {
			switch payer {
			case to:
				add(fl.in, from, v)
			case from:
				add(fl.out, to, v)
			}
		})
	}
	return fl, true
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

func add(m map[common.Address]*uint256.Int, a common.Address, v *uint256.Int) {
	if m[a] == nil {
		m[a] = new(uint256.Int)
	}
	m[a].Add(m[a], v)
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

// campaignRenderer renders a campaign's findings, measuring by replay the
// ether of those whose message tells it, once per finding (a finding is
// streamed through OnFinding and then reported).
type campaignRenderer struct {
	prog  *program.Program
	chain chain.Config
	setUp string
	seed  uint64
	mu    sync.Mutex
	done  map[*fuzz.Finding]report.Finding
}

func (r *campaignRenderer) render(f *fuzz.Finding, d *deploy.Deployment) report.Finding {
	r.mu.Lock()
	if out, ok := r.done[f]; ok && d != nil {
		r.mu.Unlock()
		return out
	}
	r.mu.Unlock()
	out := render(r.prog, f, r.seed, d)
	out.Mock = isMock(r.prog, f, r.setUp)
	if !flowKinds[f.Kind] || d == nil {
		return out
	}
	setup := setupOf(r.prog, d, r.seed)
	setup.SetUp = r.setUp
	names := principalNames(d)
	if fl, ok := flowOf(r.prog, r.chain, setup, out, names); ok {
		out.Message = message(out, fl, names)
	}
	r.mu.Lock()
	if r.done == nil {
		r.done = map[*fuzz.Finding]report.Finding{}
	}
	r.done[f] = out
	r.mu.Unlock()
	return out
}
