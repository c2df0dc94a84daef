package fuzz

import (
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/holiman/uint256"
)

// shrink minimises a failing sequence while it still produces a finding
// with the same key: first it drops transactions (reverting ones first),
// then it simplifies what remains (arguments toward zero and shorter,
// values and delays to zero, the first sender). It spends at most limit
// executions and returns the smallest failing sequence found. in says how
// each candidate runs (in.shrinking is the finding's key).
func (w *worker) shrink(seq Sequence, in execInput, limit int) Sequence {
	key := *in.shrinking
	budget := limit
	fails := func(s Sequence) bool {
		if budget <= 0 {
			return false
		}
		budget--
		w.c.shrinkExecs.Add(1)
		o := w.exec(s, in)
		return o.fail != nil && o.fail.Key() == key && o.failTx == len(s)-1
	}
	// Drop transactions: reverting ones first, then any, last to first.
	for _, revertingOnly := range []bool{true, false} {
		reverting := w.reverting(seq)
		for i := len(seq) - 2; i >= 0; i-- {
			if revertingOnly && !reverting[i] {
				continue
			}
			cand := append(append(Sequence{}, seq[:i]...), seq[i+1:]...)
			// Keep the time that passed: move the delays to the next tx.
			cand[i].Blocks += seq[i].Blocks
			cand[i].Seconds += seq[i].Seconds
			if fails(cand) {
				seq = cand
				reverting = w.reverting(seq)
			}
		}
	}
	// Simplify fields one at a time.
	for i := range seq {
		for p, v := range calldata.Leaves(seq[i].Args) {
			if leafIsZero(v) {
				continue
			}
			cand := seq.Clone()
			zeroLeaf(calldata.At(cand[i].Args, p))
			if fails(cand) {
				seq = cand
			}
		}
		if !seq[i].Value.IsZero() {
			cand := seq.Clone()
			cand[i].Value = uint256.Int{}
			if fails(cand) {
				seq = cand
			}
		}
		if seq[i].Blocks != 0 || seq[i].Seconds != 0 {
			cand := seq.Clone()
			cand[i].Blocks, cand[i].Seconds = 0, 0
			if fails(cand) {
				seq = cand
			}
		}
		if seq[i].Sender != 0 {
			cand := seq.Clone()
			cand[i].Sender = 0
			if fails(cand) {
				seq = cand
			}
		}
	}
	return seq
}

// reverting reports which transactions of seq revert when it runs.
func (w *worker) reverting(seq Sequence) []bool {
	out := make([]bool, len(seq))
	w.ch.Reset(w.base)
	for i := range seq {
		out[i] = w.runTx(&seq[i], 0).Err != nil
	}
	return out
}

// zeroLeaf sets a leaf to its simplest value: zero, false, the zero
// address, or empty bytes.
func zeroLeaf(v *calldata.Value) {
	v.Word.Clear()
	v.Bytes = v.Bytes[:0]
}

func leafIsZero(v *calldata.Value) bool {
	return v.Word.IsZero() && len(v.Bytes) == 0 && len(v.Elems) == 0
}
