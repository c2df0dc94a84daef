package oracle

import (
	"context"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file runs the twins engine/deploy/twin.go deploys (SWC-101 in
// runtime arithmetic on a value the constructor fixed): each worker keeps
// a second chain holding the plan and the twins, and every sequence the
// corpus keeps that calls such a contract is run again there, once per
// twin, with the twin in the contract's place.

// Twins is a worker's chain of twins.
type Twins struct {
	ch   *chain.Chain
	base chain.Snapshot
	deps []*deploy.Deployment // per twin: the worker's deployment with the twin in its contract's place
	of   []int                // per twin: its contract
	args [][]byte
}

// NewTwins makes a worker's twin chain for a plain deployment's plan: the
// plan replayed, then the twins deployed, funded and bound to their
// contracts' code in tr (whose hooks the chain runs). It returns nil when
// the plan has no twins, the chain differs from the plan's or ctx ended
// (a nil ctx never ends).
func NewTwins(ctx context.Context, cfg chain.Config, prog *program.Program, plan *deploy.Deployment, tr *trace.Tracer, hooks *tracing.Hooks, dep *deploy.Deployment) *Twins {
	if plan == nil || len(plan.Twins) == 0 {
		return nil
	}
	ch, err := chain.New(cfg, hooks)
	if err != nil {
		return nil
	}
	ch.SetOpHook(tr.Step)
	// A second deployment of the whole plan: as long as the worker's own,
	// so it ends with the campaign's set-up (ctx).
	if _, err := deploy.DeployContext(ctx, ch, prog, plan); err != nil {
		return nil
	}
	ts := &Twins{ch: ch}
	for _, tw := range plan.Twins {
		code, ok, err := deploy.Link(prog.Contracts[tw.Contract], prog, dep.Addrs, allDone(len(dep.Addrs)))
		if err != nil || !ok {
			return nil
		}
		res := ch.Call(chain.Tx{From: chain.Deployer, Input: append(append([]byte(nil), code...), tw.Args...), Value: tw.Value})
		if res.Err != nil || res.Created != tw.Addr || deploy.ApplyGrants(ch, prog.Contracts[tw.Contract].Name, tw.Grants) != nil {
			return nil
		}
		b := ch.State().GetBalance(tw.Addr)
		ch.Install(tw.Addr, nil, new(uint256.Int).Add(b, deploy.TargetFunds))
		tr.Bind(tw.Addr, tw.Contract)
		td := *dep
		td.Addrs = append([]common.Address(nil), dep.Addrs...)
		td.Addrs[tw.Contract] = tw.Addr
		ts.deps = append(ts.deps, &td)
		ts.of = append(ts.of, tw.Contract)
		ts.args = append(ts.args, tw.Args)
	}
	ts.base = ch.Snapshot()
	return ts
}

func allDone(n int) []bool {
	d := make([]bool, n)
	for i := range d {
		d[i] = true
	}
	return d
}

// twins runs the sequences that join the corpus on the twin chain (an
// Added Oracle).
type twins struct {
	*Machine
	twins *Twins
}

// Check runs x.Seq on the twins; their findings go to Campaign.Report.
func (o *twins) Check(x *Context) *finding.Finding {
	o.runTwins(x.Seq)
	return nil
}

// runTwins runs seq again on the twin chain, once per twin of a contract
// it calls, and reports the wraps used in its committed transactions.
func (o *twins) runTwins(seq txseq.Sequence) {
	ts := o.twins
	if o.Replaying {
		return
	}
	ch, dep := o.Chain, o.Dep
	defer func() { o.Chain, o.Dep = ch, dep }()
	for k, ci := range ts.of {
		if !callsContract(seq, ci) {
			continue
		}
		o.Chain, o.Dep = ts.ch, ts.deps[k]
		o.Chain.Reset(ts.base)
		for i := range seq {
			if r := o.Rerun(&seq[i], 0); r.Err != nil {
				continue
			}
			o.twinWraps(seq, k, i+1)
		}
		o.EndRerun()
	}
}

func callsContract(seq txseq.Sequence, ci int) bool {
	for i := range seq {
		if seq[i].Contract == ci {
			return true
		}
	}
	return false
}

// twinWraps reports the wraps used by the transaction just run, the n-th
// of seq, on twin k.
func (o *twins) twinWraps(seq txseq.Sequence, k, n int) {
	for _, e := range o.Tracer.Events() {
		if e.Kind != trace.EventWrapUsed {
			continue
		}
		f := &finding.Finding{Kind: finding.IntegerWrap, Contract: int(e.Code), PC: e.PC}
		o.locate(f, e.Site)
		if o.known(f.Key()) {
			continue
		}
		ct := o.Prog.Contracts[o.twins.of[k]]
		f.Detail = fmt.Sprintf("with a second %s deployed with the constructor arguments %s (chosen by the deployer, a privileged sender), the result wrapped around its type in transaction %d of the sequence %s and was then stored, compared, sent or passed to another contract; the campaign's own %s was deployed with other arguments, so there is no sequence to replay",
			ct.Name, FormatArgs(ct, o.twins.args[k]), n, o.callNames(seq[:n]), ct.Name)
		o.recordTwin(f)
	}
}

// callNames lists the functions seq calls, as "a, b, send ether".
func (o *twins) callNames(seq txseq.Sequence) string {
	var b strings.Builder
	for i := range seq {
		if i > 0 {
			b.WriteString(", ")
		}
		ct := o.Prog.Contracts[seq[i].Contract]
		if seq[i].Method < 0 {
			b.WriteString(ct.Name + ": send ether")
			continue
		}
		b.WriteString(ct.Name + "." + ct.Methods[seq[i].Method].Name)
	}
	return b.String()
}

// recordTwin records a finding of a twin run unless one with its key
// exists. It has no transactions: they ran on the twin, which the
// campaign's chain does not hold.
func (o *twins) recordTwin(f *finding.Finding) {
	o.Campaign.Report(f)
}

// FormatArgs shows ABI-encoded constructor arguments as values.
func FormatArgs(ct *program.Contract, enc []byte) string {
	vals, err := ct.ABI.Constructor.Inputs.UnpackValues(enc)
	if err != nil {
		return "0x" + fmt.Sprintf("%x", enc)
	}
	return fmt.Sprint(vals)
}
