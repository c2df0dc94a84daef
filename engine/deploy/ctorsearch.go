package deploy

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/solve"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/holiman/uint256"
)

// This file solves constructor inputs (arguments and msg.value). The
// first attempt is generated from the ABI; if the constructor fails, its
// own branches guide the search like any other: the blocking branch is
// the last one whose other edge the run never took, and an input is
// kept when it takes at least as many distinct edges as the best one and,
// at the same blocking branch, costs no more to flip (HARVEY §4.3's cost).
// Mutations set a numeric argument, an array's length or the ether sent
// to an operand of the blocking comparison, mutate one argument as the
// fuzzer does, and after a numeric change that moved the cost, run the
// input where the secant through the two costs meets zero (predict.go).

// CtorBudget bounds the constructor runs spent on one contract beyond its
// first.
const CtorBudget = 1000

// maxCtorPath bounds the top-level PCs recorded per constructor run.
const maxCtorPath = 1 << 16

// ctorInput is one constructor input: arguments and ether.
type ctorInput struct {
	args  []calldata.Value
	value uint256.Int
}

func (in *ctorInput) clone() *ctorInput {
	return &ctorInput{args: calldata.Clone(in.args), value: in.value}
}

// ctorFit is how far a failing constructor run got.
type ctorFit struct {
	edges int   // distinct branch edges taken
	block int32 // the edge that would have avoided the failure; -1 unknown
	cost  uint256.Int
	resid uint256.Int
}

// cmp is +1 if f got further than g, -1 if less far, 0 if as far.
func (f *ctorFit) cmp(g *ctorFit) int {
	switch {
	case f.edges != g.edges:
		if f.edges > g.edges {
			return 1
		}
		return -1
	case f.block >= 0 && f.block == g.block:
		return -f.cost.Cmp(&g.cost)
	}
	return 0
}

// ctorTarget is what a targeted mutation sets: a numeric leaf or a
// dynamic array's length at path, or the ether sent.
type ctorTarget struct {
	path  calldata.Path
	array bool
	value bool
}

// ctorSearch is the deployment search's state over one chain.
type ctorSearch struct {
	ctx    context.Context // ends the search early
	ch     *chain.Chain
	tr     *trace.Tracer
	r      *rand.Rand
	env    *calldata.Env
	seen   []uint32 // per edge, the stamp of the run that took it
	stamp  uint32
	execs  uint64 // runs beyond each contract's first
	budget uint64 // what is left of the campaign's share
	// deadline, if not zero, ends the search (a wall-clock campaign's).
	deadline time.Time
	// grow, if not nil, lengthens the deployed input's member lists
	// (growMembers), tried once the contract deploys (settle).
	grow func(*ctorInput) bool
	// mints counts the contracts minted each token (grant.go).
	mints map[common.Address]uint
	// funded are the build's tokens minted to the senders (tokenpull.go).
	funded map[common.Address]bool
}

// solve deploys contract ci with creation code code, or returns why it
// could not. fix makes arguments fit the parameters' contract types.
func (s *ctorSearch) solve(ci int, c *program.Contract, code []byte, fix func(*ctorInput)) (common.Address, *ctorInput, error) {
	base := s.ch.Snapshot()
	s.tr.TraceCreation(ci)
	defer s.tr.TraceCreation(-1)
	in := &ctorInput{args: make([]calldata.Value, len(c.ABI.Constructor.Inputs))}
	for j, p := range c.ABI.Constructor.Inputs {
		in.args[j] = calldata.Generate(s.r, &p.Type, s.env)
	}
	fix(in)
	res, best := s.run(ci, code, in, base)
	if ts, clock := s.clockArgs(in, s.tr.Operands()); len(ts) > 0 {
		if res.Err == nil {
			s.ch.Reset(base) // undo the deployment: the window comes first
		}
		// The window draws from a generator of its own, so the other
		// contracts' deployments draw what they drew without it.
		shared := s.r
		s.r = clockRand(ci, in)
		for _, reverse := range []bool{false, true} {
			cand := s.nearClock(in, ts, clock, reverse)
			fix(cand)
			r, f := s.run(ci, code, cand, base)
			s.execs++
			s.budget -= min(s.budget, 1)
			if r.Err == nil {
				s.r = shared
				return s.settle(ci, c, code, cand, base, r.Created)
			}
			if res.Err != nil && f.cmp(&best) >= 0 {
				in, best, res = cand, f, r
			}
		}
		s.r = shared
		if res.Err == nil {
			// No window near the clock passes: the first input does.
			res, best = s.run(ci, code, in, base)
		}
	}
	if res.Err == nil {
		return s.settle(ci, c, code, in, base, res.Created)
	}
	lastErr := revertErr(res)
	for _, w := range calldata.PushConstants(code) {
		s.env.Dict.Add(w)
	}
	payable := c.ABI.Constructor.IsPayable()
	var ops []uint256.Int
	ops = append(ops[:0], s.tr.Operands()...)
	for spent := 0; spent < CtorBudget && s.budget > 0 && (s.deadline.IsZero() || time.Now().Before(s.deadline)) && s.ctx.Err() == nil; {
		cand := in.clone()
		t, x0, numeric := s.mutate(cand, payable, ops)
		fix(cand)
		for step := 0; ; step++ {
			r, f := s.run(ci, code, cand, base)
			spent++
			s.execs++
			s.budget--
			if r.Err == nil {
				return s.settle(ci, c, code, cand, base, r.Created)
			}
			lastErr = revertErr(r)
			if f.cmp(&best) < 0 {
				break
			}
			x1 := s.get(cand, t)
			prevResid := best.resid
			in, best = cand, f
			ops = append(ops[:0], s.tr.Operands()...)
			if !numeric || step >= 4 || spent >= CtorBudget || s.budget == 0 || f.block < 0 || f.resid.Eq(&prevResid) {
				break
			}
			// The numeric change moved the blocking branch's cost: run
			// where the line through both costs meets zero.
			root := solve.SecantRoot(x0, solve.Signed(&prevResid), x1, solve.Signed(&f.resid))
			if root == nil {
				break
			}
			cand = in.clone()
			if !s.set(cand, t, solve.FromBig(root)) {
				break
			}
			x0 = x1
		}
	}
	return common.Address{}, nil, fmt.Errorf("deploy %s: %w: %w", c.Name, ErrConstructorFailed, lastErr)
}

// run executes one constructor input from base and, if it failed, measures
// how far it got and resets the chain to base.
func (s *ctorSearch) run(ci int, code []byte, in *ctorInput, base chain.Snapshot) (chain.Result, ctorFit) {
	input := append(append([]byte(nil), code...), calldata.EncodeArgs(nil, in.args)...)
	s.tr.BeginTx()
	v := in.value
	res := s.ch.Call(chain.Tx{From: chain.Deployer, Input: input, Value: &v})
	if res.Err == nil {
		return res, ctorFit{}
	}
	f := s.fit(ci, code)
	s.ch.Reset(base)
	return res, f
}

// fit reads how far the failed run got from the tracer: the distinct
// edges of the constructor's frame and its blocking branch.
func (s *ctorSearch) fit(ci int, code []byte) ctorFit {
	f := ctorFit{block: -1}
	path := s.tr.Path()
	s.stamp++
	for k := 0; k+1 < len(path); k++ {
		pc := path[k]
		if pc >= uint64(len(code)) || vm.OpCode(code[pc]) != vm.JUMPI {
			continue
		}
		e, ok := s.tr.Edge(ci, pc, path[k+1] != pc+1)
		if !ok {
			continue
		}
		if s.seen[e] != s.stamp {
			s.seen[e] = s.stamp
			f.edges++
		}
		if other := e ^ 1; s.tr.Hits(other) == 0 {
			f.block = other
		}
	}
	if f.block >= 0 {
		f.cost, f.resid = *s.tr.Cost(f.block), *s.tr.Residual(f.block)
	}
	return f
}

// targets lists what targeted mutations may set in in.
func targets(in *ctorInput, payable bool) []ctorTarget {
	var out []ctorTarget
	if payable {
		out = append(out, ctorTarget{value: true})
	}
	var walk func(vals []calldata.Value, path calldata.Path)
	walk = func(vals []calldata.Value, path calldata.Path) {
		for i := range vals {
			v := &vals[i]
			p := append(append(calldata.Path(nil), path...), i)
			switch v.Type.T {
			case abi.IntTy, abi.UintTy:
				out = append(out, ctorTarget{path: p})
			case abi.SliceTy:
				out = append(out, ctorTarget{path: p, array: true})
				walk(v.Elems, p)
			case abi.ArrayTy, abi.TupleTy:
				walk(v.Elems, p)
			}
		}
	}
	walk(in.args, nil)
	return out
}

// mutate changes cand in one place. It returns the target it set and the
// number that target held, with numeric set when a secant step through the
// change makes sense.
func (s *ctorSearch) mutate(cand *ctorInput, payable bool, ops []uint256.Int) (ctorTarget, *big.Int, bool) {
	ts := targets(cand, payable)
	switch k := s.r.IntN(8); {
	case len(ts) > 0 && len(ops) >= 2 && k < 4:
		// Input to state: a target that holds one operand of a recent
		// comparison gets the other (or one off it); else a random target
		// gets an operand.
		t, w, held := s.matchOperand(cand, ts, ops)
		x0 := s.get(cand, t)
		switch s.r.IntN(4) {
		case 1:
			w.AddUint64(&w, 1)
		case 2:
			w.SubUint64(&w, 1)
		}
		if held != nil && s.r.IntN(2) == 0 {
			// Every target holding the operand (arrays whose lengths
			// must match) moves together.
			for _, o := range ts {
				if h := s.word(cand, o); h.Eq(held) {
					s.set(cand, o, w)
				}
			}
			return t, x0, false
		}
		s.set(cand, t, w)
		return t, x0, !t.array
	case len(ts) > 0 && k < 5:
		// A numeric target moved by a random amount, for a secant step.
		t := ts[s.r.IntN(len(ts))]
		x0 := s.get(cand, t)
		w := s.env.Dict.Pick(s.r)
		if s.r.IntN(2) == 0 {
			w.SetUint64(s.r.Uint64() >> s.r.IntN(64))
		}
		s.set(cand, t, w)
		return t, x0, !t.array
	case payable && k == 5:
		t := ctorTarget{value: true}
		x0 := s.get(cand, t)
		var w uint256.Int
		w.Mul(uint256.NewInt(s.r.Uint64N(100)+1), uint256.NewInt(1e18))
		s.set(cand, t, w)
		return t, x0, true
	}
	var m calldata.Mutation
	calldata.Mutate(s.r, cand.args, s.env, &m)
	return ctorTarget{}, nil, false
}

// get returns the number a target holds (an array's length).
func (s *ctorSearch) get(in *ctorInput, t ctorTarget) *big.Int {
	switch {
	case t.value:
		return in.value.ToBig()
	case t.array:
		return big.NewInt(int64(len(calldata.At(in.args, t.path).Elems)))
	}
	v := calldata.At(in.args, t.path)
	if v == nil {
		return new(big.Int)
	}
	return solve.ToBig(&v.Word, v.Type)
}

// set makes a target hold w: the ether sent is capped by the deployer's
// balance, an array grows or shrinks to w elements (at most
// calldata.MaxMutLen).
func (s *ctorSearch) set(in *ctorInput, t ctorTarget, w uint256.Int) bool {
	switch {
	case t.value:
		if bal := s.ch.State().GetBalance(chain.Deployer); w.Gt(bal) {
			w.Mod(&w, bal)
		}
		in.value = w
		return true
	case t.array:
		v := calldata.At(in.args, t.path)
		if v == nil || !w.IsUint64() || w.Uint64() > calldata.MaxMutLen {
			return false
		}
		n := int(w.Uint64())
		for len(v.Elems) < n {
			v.Elems = append(v.Elems, calldata.Generate(s.r, v.Type.Elem, s.env))
		}
		v.Elems = v.Elems[:n]
		return true
	}
	return calldata.SetWord(in.args, t.path, w)
}

// matchOperand picks a comparison among the recorded operand pairs (the
// latest most often) and a target holding one of its operands, returning
// the target and the other operand; with no such target, a random target
// and operand.
func (s *ctorSearch) matchOperand(in *ctorInput, ts []ctorTarget, ops []uint256.Int) (ctorTarget, uint256.Int, *uint256.Int) {
	pairs := len(ops) / 2
	p := pairs - 1
	if s.r.IntN(2) == 0 {
		p = s.r.IntN(pairs)
	}
	a, b := ops[2*p], ops[2*p+1]
	var match []int
	var other []uint256.Int
	for i, t := range ts {
		h := s.word(in, t)
		switch {
		case h.Eq(&a):
			match, other = append(match, i), append(other, b)
		case h.Eq(&b):
			match, other = append(match, i), append(other, a)
		}
	}
	if len(match) > 0 {
		k := s.r.IntN(len(match))
		held := s.word(in, ts[match[k]])
		return ts[match[k]], other[k], &held
	}
	return ts[s.r.IntN(len(ts))], ops[s.r.IntN(len(ops))], nil
}

// word returns what a target holds as an EVM word (an array's length).
func (s *ctorSearch) word(in *ctorInput, t ctorTarget) uint256.Int {
	switch {
	case t.value:
		return in.value
	case t.array:
		return *uint256.NewInt(uint64(len(calldata.At(in.args, t.path).Elems)))
	}
	if v := calldata.At(in.args, t.path); v != nil {
		return v.Word
	}
	return uint256.Int{}
}

// revertErr is a failed run's error with its revert reason, if it gave
// one.
func revertErr(r chain.Result) error {
	if reason, err := abi.UnpackRevert(r.Ret); err == nil {
		return fmt.Errorf("%w (%q)", r.Err, reason)
	}
	return r.Err
}
