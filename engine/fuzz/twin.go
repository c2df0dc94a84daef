package fuzz

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file finds SWC-101 in runtime arithmetic on a value the
// constructor fixed (code compiled before 0.8): a sale's rate times the
// ether paid, a vesting's start plus its duration, a payee's shares times
// what was received. The campaign deploys each contract once, with the
// arguments the deployment search found (cut to small integers when they
// still deploy, ctorsmall.go), so such a product never wraps. Once the
// plan is made, each target with runtime arithmetic is deployed again on
// the planning chain with one numeric argument at a time at the first of
// wrapExtremes its constructor accepts (a twin). Each worker keeps a
// second chain holding the plan and the twins; every sequence the corpus
// keeps that calls such a contract is run again there, once per twin, with
// the twin in the contract's place, and a wrap it uses (the oracle's rule,
// engine/trace/taint.go) in a transaction that commits is reported, with
// the twin's arguments: only the deployer chooses them, so the finding
// says so. Twins never take part in the campaign's own runs.

// maxTwins bounds the twins per contract, and maxTwinTargets the numeric
// arguments tried.
const (
	maxTwins       = 4
	maxTwinTargets = 16
)

// Twin is a second instance of a contract, deployed after the plan's
// contracts with extreme constructor arguments.
type Twin struct {
	Contract int
	Addr     common.Address
	Args     []byte // ABI-encoded constructor arguments
	Value    *uint256.Int
	Grants   []Grant
}

// twinSource is what planDeployment keeps of a deployed contract for its
// twins.
type twinSource struct {
	code []byte
	in   *ctorInput
	fix  func(*ctorInput)
}

// twinWorthy reports whether contract c may get twins: a target whose
// runtime code has arithmetic that can wrap silently (before 0.8).
func twinWorthy(c *program.Contract) bool {
	return c.Target && c.Kind != "library" && len(c.ArithSites()) > 0
}

// twins deploys, at the end of the plan on s.ch, the twins of the
// contracts srcs holds, and returns them.
func (s *ctorSearch) twins(p *program.Program, d *Deployment, srcs map[int]twinSource, order []int) []Twin {
	var out []Twin
	for _, ci := range order {
		src, ok := srcs[ci]
		if !ok {
			continue
		}
		var ts []ctorTarget
		for _, t := range targets(src.in, false) {
			if !t.array && len(ts) < maxTwinTargets {
				ts = append(ts, t)
			}
		}
		// Round by round, so that a contract's twins spread over its
		// arguments and extremes: a product with 2^255 wraps to 0 for an
		// even operand, with 2^255-1 to a small remainder.
		var seen [][]byte
		for _, e := range wrapExtremes {
			for _, t := range ts {
				if len(seen) == maxTwins {
					break
				}
				cand := src.in.clone()
				calldata.SetWord(cand.args, t.path, e)
				src.fix(cand)
				args := calldata.EncodeArgs(nil, cand.args)
				if bytes.Equal(args, d.Args[ci]) || slices.ContainsFunc(seen, func(x []byte) bool { return bytes.Equal(x, args) }) {
					continue
				}
				if tw, ok := s.deployTwin(p, d, ci, src.code, args, cand.value); ok {
					seen = append(seen, args)
					out = append(out, tw)
				}
			}
		}
	}
	return out
}

// deployTwin deploys contract ci with args on s.ch and funds it as its
// first instance was (grant.go); on failure the chain is left as it was.
func (s *ctorSearch) deployTwin(p *program.Program, d *Deployment, ci int, code, args []byte, value uint256.Int) (Twin, bool) {
	snap := s.ch.Snapshot()
	v := value
	res := s.ch.Call(chain.Tx{From: chain.Deployer, Input: append(append([]byte(nil), code...), args...), Value: &v})
	if res.Err != nil {
		s.ch.Reset(snap)
		return Twin{}, false
	}
	td := *d
	td.Addrs = append([]common.Address(nil), d.Addrs...)
	td.Args = append([][]byte(nil), d.Args...)
	td.Addrs[ci], td.Args[ci] = res.Created, args
	tw := Twin{Contract: ci, Addr: res.Created, Args: args, Grants: s.grants(p, &td, ci)}
	if slices.Contains(d.TokenHeld, ci) {
		if g, ok := s.mintHeld(d, res.Created); ok {
			tw.Grants = append(tw.Grants, g)
		}
	}
	if !value.IsZero() {
		tw.Value = &v
	}
	return tw, true
}

// twinState is a worker's chain of twins.
type twinState struct {
	ch   *chain.Chain
	base chain.Snapshot
	deps []*Deployment // per twin: the worker's deployment with the twin in its contract's place
	of   []int         // per twin: its contract
	args [][]byte
}

// deployTwins makes the worker's twin chain: the plan replayed, then the
// twins deployed, funded and bound to their contracts' code. It returns
// nil when the plan has no twins or the chain differs from the plan's.
func (c *campaign) deployTwins(tr *trace.Tracer, hooks *tracing.Hooks, dep *Deployment) *twinState {
	plan := c.deployPlan
	if c.plan != nil || plan == nil || len(plan.Twins) == 0 || !c.enabled(oracle.IntegerWrap) {
		return nil
	}
	ch, err := chain.New(c.cfg.Chain, hooks)
	if err != nil {
		return nil
	}
	ch.SetOpHook(tr.Step)
	if _, err := Deploy(ch, c.prog, plan); err != nil {
		return nil
	}
	ts := &twinState{ch: ch}
	for _, tw := range plan.Twins {
		code, ok, err := link(c.prog.Contracts[tw.Contract], c.prog, dep.Addrs, allDone(len(dep.Addrs)))
		if err != nil || !ok {
			return nil
		}
		res := ch.Call(chain.Tx{From: chain.Deployer, Input: append(append([]byte(nil), code...), tw.Args...), Value: tw.Value})
		if res.Err != nil || res.Created != tw.Addr || applyGrants(ch, c.prog.Contracts[tw.Contract].Name, tw.Grants) != nil {
			return nil
		}
		b := ch.State().GetBalance(tw.Addr)
		ch.Install(tw.Addr, nil, new(uint256.Int).Add(b, TargetFunds))
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

// runTwins runs seq again on the twin chain, once per twin of a contract
// it calls, and reports the wraps used in its committed transactions.
func (w *worker) runTwins(seq txseq.Sequence) {
	ts := w.twin
	if ts == nil || w.replaying {
		return
	}
	ch, dep := w.ch, w.dep
	defer func() { w.ch, w.dep = ch, dep }()
	for k, ci := range ts.of {
		if !callsContract(seq, ci) {
			continue
		}
		w.ch, w.dep = ts.ch, ts.deps[k]
		w.ch.Reset(ts.base)
		for i := range seq {
			if r := w.rerunTx(&seq[i], 0); r.Err != nil {
				continue
			}
			w.twinWraps(seq, k, i+1)
		}
		w.endRerun()
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
func (w *worker) twinWraps(seq txseq.Sequence, k, n int) {
	for _, e := range w.tr.Events() {
		if e.Kind != trace.EventWrapUsed {
			continue
		}
		f := &Finding{Kind: oracle.IntegerWrap, Contract: int(e.Code), PC: e.PC}
		w.c.locate(f, e.Site)
		if w.c.known(f.Key()) {
			continue
		}
		ct := w.c.prog.Contracts[w.twin.of[k]]
		f.Detail = fmt.Sprintf("with a second %s deployed with the constructor arguments %s (chosen by the deployer, a privileged sender), the result wrapped around its type in transaction %d of the sequence %s and was then stored, compared, sent or passed to another contract; the campaign's own %s was deployed with other arguments, so there is no sequence to replay",
			ct.Name, formatArgs(ct, w.twin.args[k]), n, w.callNames(seq[:n]), ct.Name)
		w.recordTwin(f)
	}
}

// callNames lists the functions seq calls, as "a, b, send ether".
func (w *worker) callNames(seq txseq.Sequence) string {
	var b strings.Builder
	for i := range seq {
		if i > 0 {
			b.WriteString(", ")
		}
		ct := w.c.prog.Contracts[seq[i].Contract]
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
func (w *worker) recordTwin(f *Finding) {
	f.Execs, f.Time, f.Worker = w.c.execs.Load(), time.Since(w.c.start), w.id
	w.c.addOnce(f)
}
