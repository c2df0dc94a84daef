package fuzz

import (
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
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
	if c.cfg.NoDemandDriven {
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

// aggressive runs e's last transaction on a state whose read slots were
// overwritten, and updates the function's demand.
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
	w.ch.Reset(start)
	for k := 1 + w.rng.IntN(min(3, len(e.loads))); k > 0; k-- {
		sl := e.loads[w.rng.IntN(len(e.loads))]
		v := w.env.Dict.Pick(w.rng)
		if w.rng.IntN(2) == 0 {
			v.SetUint64(w.rng.Uint64N(256))
		}
		w.ch.SetStorage(w.dep.Addrs[sl.Code], common.Hash(sl.Key.Bytes32()), common.Hash(v.Bytes32()))
	}
	w.tr.BeginTx()
	w.ch.Advance(last.Blocks, last.Seconds)
	w.ch.Call(chain.Tx{From: w.ch.Senders()[last.Sender], To: w.dep.Addrs[last.Contract], Input: w.encode(&last), Value: &last.Value})
	w.c.execs.Add(1)
	w.c.txs.Add(1)
	w.c.aggressiveRuns.Add(1)
	if w.tr.NewCoverage(w.seen) > 0 {
		w.c.aggressiveHits.Add(1)
		d.marked.Store(true)
		d.misses.Store(0)
		return
	}
	d.misses.Add(1)
}

// captureLoads copies the storage reads of the transaction that just ran.
func (w *worker) captureLoads() {
	w.lastLoads = append(w.lastLoads[:0], w.tr.Loads()...)
}
