package behaviour

import (
	"context"
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// This file drives a comparison: each sequence on both sides, the first
// observable difference confirmed by replaying, shrunk, and recorded.

// confirmRuns is how many more times a difference must replay the same
// on each build before it is claimed.
const confirmRuns = 2

type runner struct {
	ctx           context.Context
	m             matching
	before, after *side
	opts          Options
	rep           *Report

	senders          []common.Address
	acctOld, acctNew []account
	env              *calldata.Env
	results          map[Function]*FunctionResult
	found            map[Function]bool
	gas              map[Function]*gasSum
}

func (r *runner) run() error {
	r.env = r.newEnv()
	r.results, r.found, r.gas = map[Function]*FunctionResult{}, map[Function]bool{}, map[Function]*gasSum{}
	targets := r.m.compared(r.opts.Functions, r.opts.Names)
	for _, t := range targets {
		fr := &FunctionResult{Function: t.fn()}
		r.results[t.fn()] = fr
		r.rep.Compared = append(r.rep.Compared, FunctionResult{})
	}
	for _, seq := range r.opts.Inputs {
		if err := r.ctx.Err(); err != nil {
			return err
		}
		if r.count(seq) > 0 {
			r.check(seq)
		}
	}
	for ti, t := range targets {
		rng := rand.New(rand.NewPCG(r.opts.Seed, uint64(ti)+1))
		for i := 0; i < r.opts.Budget && !r.found[t.fn()]; i++ {
			if err := r.ctx.Err(); err != nil {
				return err
			}
			seq := r.generate(rng, t, i)
			r.count(seq)
			r.check(seq)
		}
	}
	for i, t := range targets {
		r.rep.Compared[i] = *r.results[t.fn()]
		r.meanGas(&r.rep.Compared[i])
	}
	return nil
}

// count adds seq to the inputs of every compared function it calls, and
// says how many those are.
func (r *runner) count(seq Sequence) int {
	counted := map[Function]bool{}
	for _, c := range seq {
		if f, ok := r.functionOf(c); ok && r.results[f] != nil && !counted[f] {
			counted[f] = true
			r.results[f].Inputs++
		}
	}
	return len(counted)
}

// check runs seq on both sides and records its first difference, if it
// replays the same and none was recorded for its function yet.
func (r *runner) check(seq Sequence) {
	ob, oa := r.both(seq)
	d, ok := r.firstDiff(seq, ob, oa)
	if !ok {
		r.addGas(seq, ob, oa)
		return
	}
	if d.Step > 0 {
		seq, ob, oa, d = r.earliest(seq, ob, oa, d)
	}
	if r.found[d.Function] || !r.replays(seq, ob, oa) {
		return
	}
	_, d = r.shrink(seq, d) // d holds the shrunk sequence
	r.found[d.Function] = true
	if fr := r.results[d.Function]; fr != nil {
		fr.Differences++
	}
	r.rep.Differences = append(r.rep.Differences, d)
}

// earliest cuts a sequence at the first call after which it differs
// already (in the getters read afterwards, the state a caller sees):
// that call's function made the difference, not a later one that only
// shows it (a getter returning the count a changed function left).
func (r *runner) earliest(seq Sequence, ob, oa seqObs, d Difference) (Sequence, seqObs, seqObs, Difference) {
	for k := 1; k <= d.Step && k < len(seq); k++ {
		p := seq[:k]
		pb, pa := r.both(p)
		if pd, ok := r.firstDiff(p, pb, pa); ok {
			return p, pb, pa, pd
		}
	}
	return seq, ob, oa, d
}

func (r *runner) both(seq Sequence) (seqObs, seqObs) {
	return r.before.run(seq, r.acctOld, r.m.pairs), r.after.run(seq, r.acctNew, r.m.pairs)
}

// replays reports whether seq shows the same again, confirmRuns times on
// each side: a difference is never claimed from a run that varies.
func (r *runner) replays(seq Sequence, ob, oa seqObs) bool {
	for range confirmRuns {
		b, a := r.both(seq)
		if !equalObs(b, ob) || !equalObs(a, oa) {
			return false
		}
	}
	return true
}

// shrink drops the calls before the differing one that the difference
// does not need, one at a time from the last.
func (r *runner) shrink(seq Sequence, d Difference) (Sequence, Difference) {
	for i := min(d.Step, len(seq)) - 1; i >= 0; i-- {
		if d.Step == len(seq) && i == len(seq)-1 {
			continue // the getters' difference is read after the function's call
		}
		cand := append(append(Sequence(nil), seq[:i]...), seq[i+1:]...)
		ob, oa := r.both(cand)
		if nd, ok := r.firstDiff(cand, ob, oa); ok && nd.Function == d.Function && r.replays(cand, ob, oa) {
			seq, d = cand, nd
		}
	}
	return seq, d
}

// functionOf names the compared function a call calls.
func (r *runner) functionOf(c Call) (Function, bool) {
	m, ok := r.method(c)
	if !ok {
		return Function{}, false
	}
	return Function{c.Contract, m.Sig}, true
}

// method is the new build's method a call's selector names, shared by
// both builds.
func (r *runner) method(c Call) (*program.Method, bool) {
	for _, p := range r.m.pairs {
		if p.name != c.Contract || len(c.Input) < 4 {
			continue
		}
		for _, m := range p.methods {
			if string(m.Selector[:]) == string(c.Input[:4]) {
				return m, true
			}
		}
	}
	return nil, false
}

// newEnv is what generated arguments draw from: the senders, the
// targets, the zero address, and the constants of both builds' code.
func (r *runner) newEnv() *calldata.Env {
	env := &calldata.Env{Addresses: append(append([]common.Address(nil), r.senders...), common.Address{})}
	dict := calldata.NewDictionary(512)
	dict.AddBoundaries()
	for _, p := range r.m.pairs {
		env.Addresses = append(env.Addresses, r.after.addr(p.name))
		for _, c := range []*program.Contract{p.old, p.new} {
			for _, w := range c.Literals() {
				dict.AddWithNeighbours(w)
			}
		}
	}
	env.Dict = dict
	return env
}

// generate makes the i-th sequence ending in t's function: up to Depth
// state-changing calls of the shared functions first, the number cycling
// with i so that short sequences come first.
func (r *runner) generate(rng *rand.Rand, t target, i int) Sequence {
	n := 0
	if r.opts.Depth > 0 {
		n = i % (r.opts.Depth + 1)
	}
	var seq Sequence
	for range n {
		p := r.m.pairs[rng.IntN(len(r.m.pairs))]
		var muts []*program.Method
		for _, m := range p.methods {
			if !isView(m) {
				muts = append(muts, m)
			}
		}
		if len(muts) == 0 {
			continue
		}
		seq = append(seq, r.call(rng, p.name, muts[rng.IntN(len(muts))]))
	}
	return append(seq, r.call(rng, t.p.name, t.m))
}

var oneEther = uint256.NewInt(1e18)

func (r *runner) call(rng *rand.Rand, contract string, m *program.Method) Call {
	args := calldata.GenerateArgs(rng, m.Inputs, r.env)
	c := Call{Contract: contract, Sender: r.senders[rng.IntN(len(r.senders))], Input: calldata.Encode(nil, m.Selector, args)}
	if m.Payable {
		switch rng.IntN(4) {
		case 1:
			c.Value.SetOne()
		case 2:
			c.Value.Set(oneEther)
		case 3:
			c.Value.SetUint64(rng.Uint64N(10 * 1e18))
		}
	}
	if rng.IntN(4) == 0 {
		c.Blocks, c.Seconds = 1, rng.Uint64N(30*86400)
	}
	return c
}
