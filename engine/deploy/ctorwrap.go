package deploy

import (
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/holiman/uint256"
)

// This file finds SWC-101 in constructors (code compiled before 0.8). A
// constructor runs once, with the arguments the deployment search chose,
// so the campaign's transactions never reach its arithmetic: once a
// contract is deployed, its constructor is run again (and undone) with
// its numeric arguments at the extremes of their types, one at a time and
// all together. A wrap whose result the constructor stores, compares or
// sends (the oracle's rule, engine/trace/taint.go) in a run that succeeds
// is reported at the arithmetic, with the arguments that caused it. Only
// the deployer chooses those arguments: the finding says so.

// maxWrapProbeTargets bounds the numeric arguments (array elements
// included) probed one at a time.
const maxWrapProbeTargets = 16

// CtorWrap is a constructor's arithmetic that wrapped and was used, seen
// by the deployment search.
type CtorWrap struct {
	Contract int    // program contract index
	PC       uint64 // in the creation code
	Args     []byte // the ABI-encoded constructor arguments that wrapped
}

// WrapExtremes are the values the probe gives numeric arguments: 2^256-1
// (every type's maximum once clamped, and -1 for signed ones), 2^255 and
// 2^255-1 (half of the range: a sum of two wraps).
var WrapExtremes = func() []uint256.Int {
	var maxU, half, halfM1 uint256.Int
	maxU.SetAllOne()
	half.Lsh(uint256.NewInt(1), 255)
	halfM1.SubUint64(&half, 1)
	return []uint256.Int{maxU, half, halfM1}
}()

// ctorWraps records the wraps of the successful constructor run just made
// for contract ci (the tracer's events), then probes the constructor with
// extreme arguments. The chain is left as it was.
func (s *ctorSearch) ctorWraps(ci int, c *program.Contract, code []byte, in *ctorInput, fix func(*ctorInput)) []CtorWrap {
	out := s.wrapsSeen(ci, in, nil)
	if len(c.CreationArithSites()) == 0 {
		return out
	}
	var ts []ctorTarget
	for _, t := range targets(in, false) {
		if !t.array {
			ts = append(ts, t)
		}
	}
	if len(ts) == 0 {
		return out
	}
	after := s.ch.Snapshot()
	s.tr.TraceCreation(ci)
	defer s.tr.TraceCreation(-1)
	try := func(cand *ctorInput) {
		fix(cand)
		input := append(append([]byte(nil), code...), calldata.EncodeArgs(nil, cand.args)...)
		s.tr.BeginTx()
		v := cand.value
		res := s.ch.Call(chain.Tx{From: chain.Deployer, Input: input, Value: &v})
		if res.Err == nil {
			out = s.wrapsSeen(ci, cand, out)
		}
		s.ch.Reset(after)
	}
	for _, e := range WrapExtremes {
		cand := in.clone()
		for _, t := range ts {
			calldata.SetWord(cand.args, t.path, e)
		}
		try(cand)
		for _, t := range ts[:min(len(ts), maxWrapProbeTargets)] {
			cand := in.clone()
			calldata.SetWord(cand.args, t.path, e)
			try(cand)
		}
	}
	return out
}

// wrapsSeen appends to out the wraps the last constructor run of ci used,
// each site once.
func (s *ctorSearch) wrapsSeen(ci int, in *ctorInput, out []CtorWrap) []CtorWrap {
	for _, e := range s.tr.Events() {
		if e.Kind != trace.EventWrapUsed || int(e.Code) != ci {
			continue
		}
		dup := false
		for _, w := range out {
			dup = dup || w.PC == e.PC
		}
		if !dup {
			out = append(out, CtorWrap{Contract: ci, PC: e.PC, Args: calldata.EncodeArgs(nil, in.args)})
		}
	}
	return out
}
