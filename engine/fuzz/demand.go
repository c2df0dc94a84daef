package fuzz

import (
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is HARVEY's demand-driven sequence fuzzing (§5). Sequences grow
// (a transaction inserted before the last one, or the prefix replaced)
// only for functions that need it. Whether a function needs it is found
// out in aggressive mode: with probability p_a = 0.125 the fuzzer writes
// random values into the storage slots the function's transaction read, and
// runs it again. If that covers something new, a different persistent state
// would help the function, so longer sequences are worth building; the
// input itself is discarded, since state written directly may be
// unreachable and its findings false. Once aggressive mode stops finding
// anything new for a function, its sequences stop growing.

const (
	// aggressiveOneIn is 1/p_a.
	aggressiveOneIn = 8
	// aggressiveGiveUp is how many aggressive runs without new coverage
	// end sequence growth for a marked function.
	aggressiveGiveUp = 512
)

// demand is a worker's demand-driven state of one call target; workers
// learn each other's marks at their exchanges (exchange.go).
type demand struct {
	marked atomic.Bool  // aggressive mode found new coverage
	misses atomic.Int32 // aggressive runs since the last success
}

// grows reports whether sequences ending in a call to t may grow.
func (w *worker) grows(t callTarget) bool {
	if c := w.c; c.cfg.NoDemandDriven || len(c.checked) > 0 {
		// Property and invariant checks judge the state that sequences
		// build, whatever the last function's own coverage.
		return true
	}
	d := w.demandOf(t)
	return d != nil && d.marked.Load() && d.misses.Load() < aggressiveGiveUp
}

// demandOf is worker 0's demand of t (the campaign's).
func (c *campaign) demandOf(t callTarget) *demand {
	i, ok := c.callIndex[t]
	if !ok {
		return nil
	}
	return &c.demands[i]
}

// demandOf is the worker's demand of t.
func (w *worker) demandOf(t callTarget) *demand {
	i, ok := w.c.callIndex[t]
	if !ok {
		return nil
	}
	return &w.demands[i]
}

// aggressive runs e's last transaction on states where one slot it read
// holds other values: two random ones, then the value input prediction
// derives from their costs (a state value is an input like any other). If
// any run covers something new, the function is marked.
func (w *worker) aggressive(e *Entry) {
	last := e.Seq[len(e.Seq)-1]
	d := w.demandOf(callTarget{last.Contract, last.Method})
	if d == nil || len(e.loads) == 0 {
		return
	}
	start, _, _, ok := w.prefixState(e, w.fresh())
	if !ok {
		return
	}
	sl := e.loads[w.rng.IntN(len(e.loads))]
	// Code these runs reach may be unreachable by any sequence (a maze's
	// position set directly to a cell no move leads to): it must not show
	// in the campaign's coverage report.
	w.m.Tracer.SaveInstr(&w.s.instr)
	defer w.m.Tracer.RestoreInstr(&w.s.instr)
	hit := false
	edge := int32(-1) // an edge no sequence took, that a run took
	var vals [3]uint256.Int
	var costs []txseq.CostEntry
	for i := 0; i < 2; i++ {
		if i > 0 && w.spent() {
			return // the budget in executions is exact, also mid-way
		}
		vals[i] = w.env.Dict.Pick(w.rng)
		if w.rng.IntN(2) == 0 {
			vals[i].SetUint64(w.rng.Uint64N(1 << 16))
		}
		var newCov bool
		newCov, costs = w.runOnState(start, last, sl, &vals[i])
		hit = newCov || hit
		edge = max(edge, w.m.Tracer.NewEdge(w.seen))
		if i == 0 {
			w.pred.AggCosts = append(w.pred.AggCosts[:0], costs...)
		}
	}
	if !hit && !w.c.cfg.NoPrediction && !w.spent() {
		if v, ok := w.pred.PredictState(&vals[0], &vals[1], costs); ok {
			vals[2] = v
			hit, _ = w.runOnState(start, last, sl, &vals[2])
			edge = max(edge, w.m.Tracer.NewEdge(w.seen))
		}
	}
	w.c.aggressiveRuns.Add(1)
	if edge >= 0 {
		// A value of sl opens an edge: writers of sl go before it
		// (writers.go) until a sequence takes it; if e's last call
		// reached the edge's branch and another call of its function
		// did not, e's next mutant is one (due).
		w.wr.due = w.wr.need(callTarget{last.Contract, last.Method}, sl, edge, w.seen, costed(e.costs, edge)) &&
			!w.corpus.allReach(last.Contract, last.Method, edge)
	}
	if hit {
		w.c.aggressiveHits.Add(1)
		d.marked.Store(true)
		d.misses.Store(0)
		return
	}
	d.misses.Add(1)
}

// runOnState runs tx on start with slot sl set to v, and reports whether it
// covered anything the worker has not seen, and its costs (in the worker's
// buffer, valid until the next run).
func (w *worker) runOnState(start chain.Snapshot, tx txseq.Tx, sl trace.Slot, v *uint256.Int) (bool, []txseq.CostEntry) {
	// The chain keeps start with the slot overwritten between calls, so a
	// second value costs no copy of the state.
	w.m.Chain.ResetWithStorage(start, w.slotAddr(sl, tx.Contract), common.Hash(sl.Key.Bytes32()), common.Hash(v.Bytes32()))
	w.m.RunTx(&tx, aggressiveGas)
	w.executed()
	costs := w.captureCosts()
	return w.m.Tracer.NewCoverage(w.seen) > 0, costs
}
