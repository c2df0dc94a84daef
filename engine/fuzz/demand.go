package fuzz

import (
	"math/big"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/trace"
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

// demand is the demand-driven state of one call target, shared by workers.
type demand struct {
	marked atomic.Bool  // aggressive mode found new coverage
	misses atomic.Int32 // aggressive runs since the last success
}

// grows reports whether sequences ending in a call to t may grow.
func (c *campaign) grows(t callTarget) bool {
	if c.cfg.NoDemandDriven || len(c.checked) > 0 {
		// Property and invariant checks judge the state that sequences
		// build, whatever the last function's own coverage.
		return true
	}
	d := c.demandOf(t)
	return d != nil && d.marked.Load() && d.misses.Load() < aggressiveGiveUp
}

func (c *campaign) demandOf(t callTarget) *demand {
	i, ok := c.callIndex[t]
	if !ok {
		return nil
	}
	return &c.demands[i]
}

// prefixState returns the state after all but the last transaction of e,
// from the worker's cache when it holds e. It reports false if the prefix
// itself fails.
func (w *worker) prefixState(e *Entry) (chain.Snapshot, bool) {
	if len(e.Seq) < 2 {
		return w.base, true
	}
	if w.cacheEntry != e {
		o := w.exec(e.Seq[:len(e.Seq)-1], 0, w.base)
		if o.fail != nil {
			w.cacheEntry = nil
			return chain.Snapshot{}, false
		}
		w.cacheEntry, w.cacheSnap = e, w.ch.Snapshot()
		clear(w.cacheWrites)
		for k, v := range w.seqWrites {
			w.cacheWrites[k] = v
		}
	}
	return w.cacheSnap, true
}

// aggressive runs e's last transaction on states where one slot it read
// holds other values: two random ones, then the value input prediction
// derives from their costs (a state value is an input like any other). If
// any run covers something new, the function is marked.
func (w *worker) aggressive(e *Entry) {
	last := e.Seq[len(e.Seq)-1]
	d := w.c.demandOf(callTarget{last.Contract, last.Method})
	if d == nil || len(e.loads) == 0 {
		return
	}
	start, ok := w.prefixState(e)
	if !ok {
		return
	}
	sl := e.loads[w.rng.IntN(len(e.loads))]
	hit := false
	var vals [3]uint256.Int
	for i := 0; i < 2; i++ {
		vals[i] = w.env.Dict.Pick(w.rng)
		if w.rng.IntN(2) == 0 {
			vals[i].SetUint64(w.rng.Uint64N(1 << 16))
		}
		hit = w.runOnState(start, last, sl, &vals[i]) || hit
		if i == 0 {
			w.aggCosts = append(w.aggCosts[:0], w.lastCosts...)
		}
	}
	if !hit && !w.c.cfg.NoPrediction {
		if v, ok := w.predictState(&vals[0], &vals[1]); ok {
			vals[2] = v
			hit = w.runOnState(start, last, sl, &vals[2])
		}
	}
	w.c.aggressiveRuns.Add(1)
	if hit {
		w.c.aggressiveHits.Add(1)
		d.marked.Store(true)
		d.misses.Store(0)
		return
	}
	d.misses.Add(1)
}

// runOnState runs tx on start with slot sl set to v, and reports whether it
// covered anything the worker has not seen. Its costs land in lastCosts.
func (w *worker) runOnState(start chain.Snapshot, tx Tx, sl trace.Slot, v *uint256.Int) bool {
	w.ch.Reset(start)
	w.ch.SetStorage(w.dep.Addrs[sl.Code], common.Hash(sl.Key.Bytes32()), common.Hash(v.Bytes32()))
	w.runTxGas(&tx, aggressiveGas)
	w.c.execs.Add(1)
	w.c.txs.Add(1)
	w.captureCosts()
	return w.tr.NewCoverage(w.seen) > 0
}

// predictState fits a line through the costs of two state values (the
// first run's costs in aggCosts, the second's in lastCosts) and returns the
// value at its root, modulo 2^256.
func (w *worker) predictState(v0, v1 *uint256.Int) (uint256.Int, bool) {
	edges := int32(w.tr.Edges())
	var best, bestP *costEntry
	for k := range w.lastCosts {
		me := &w.lastCosts[k]
		var pe *costEntry
		for j := range w.aggCosts {
			if w.aggCosts[j].idx == me.idx {
				pe = &w.aggCosts[j]
			}
		}
		if pe == nil || pe.cost.Eq(&me.cost) || pe.cost.IsZero() || me.cost.IsZero() {
			continue
		}
		if best == nil || (me.idx < edges && w.seen[me.idx] == 0) {
			best, bestP = me, pe
		}
	}
	if best == nil {
		return uint256.Int{}, false
	}
	x0, x1 := v0.ToBig(), v1.ToBig()
	c0, c1 := signed(&bestP.resid), signed(&best.resid)
	dc := new(big.Int).Sub(c1, c0)
	if dc.Sign() == 0 {
		return uint256.Int{}, false
	}
	x := new(big.Int).Sub(x1, x0)
	x.Mul(x, c1)
	x.Quo(x, dc)
	x.Sub(x1, x)
	x.Mod(x, two256)
	var out uint256.Int
	out.SetFromBig(x)
	return out, true
}

// captureLoads copies the storage reads of the transaction that just ran.
func (w *worker) captureLoads() {
	w.lastLoads = append(w.lastLoads[:0], w.tr.Loads()...)
}
