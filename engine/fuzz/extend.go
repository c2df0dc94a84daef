package fuzz

import (
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file grows sequences at their end, as a state corpus does: an entry
// whose last transaction opened new coverage left the contract in a state
// no earlier input reached, and a transaction appended to it runs on that
// state, which the worker keeps after the entry's first extension. So
// extending a sequence of any length runs one transaction, and sequences
// grow as deep as the states they reach keep opening coverage (up to
// MaxSeqLen), not by a small constant.

// appendOneIn is how rarely a mutant of an entry that extends (extends)
// is that entry with one transaction appended.
const appendOneIn = 4

// endCache is the state after every transaction of one entry.
type endCache struct {
	entry  *Entry // nil: empty
	snap   chain.Snapshot
	writes map[trace.Slot]uint16
	dup    passed          // a known finding e passed over
	hist   []oracle.TxInfo // the oracles' history of e's transactions
}

// extends reports whether e may grow at its end: its last transaction
// opened new coverage, and it is shorter than the campaign's cap.
func (w *worker) extends(e *Entry) bool {
	return e.opened && len(e.Seq) < w.c.cfg.MaxSeqLen
}

// appendTx returns e's sequence (seq, a copy) with one transaction
// appended, mostly to the contract its last transaction called. The first
// appends to an entry call each function of that contract once: a state
// that just opened new coverage gets every move tried on it, rather than
// the few a random draw picks before the entry's energy is spent.
func (w *worker) appendTx(e *Entry, seq txseq.Sequence) (txseq.Sequence, txseq.Mutation) {
	ct := seq[len(seq)-1].Contract
	var tx txseq.Tx
	if l := w.c.local[ct]; w.sweeping(e) {
		n := e.appends.Add(1) - 1
		if n < int32(len(l)) {
			tx = w.txFor(l[n])
		} else {
			tx = w.txNear(ct)
		}
	} else {
		tx = w.txNear(ct)
	}
	if prev := seq[len(seq)-1].Sender; w.rng.IntN(2) == 0 && w.lends(prev) && w.maySend(tx.Contract, prev) {
		// The same account goes on: the state it left is often its own
		// (lends: not a privileged one's).
		tx.Sender = prev
	}
	mut := append(seq, tx)
	return mut, txseq.Mutation{Tx: len(mut) - 1, Field: txseq.ShapeAppend}
}

// sweeping reports whether e's appends have not yet called every function
// of its contract, and should: its last transaction wrote storage. (A
// stateless contract's entries would each spend a mutant per function on
// sequences that reach nothing new.)
func (w *worker) sweeping(e *Entry) bool {
	return e.sweep && e.appends.Load() < int32(len(w.c.local[e.Seq[len(e.Seq)-1].Contract]))
}

// execAppend runs mut, e's sequence with transactions appended, from the
// state e left (the worker's end cache); in.from and in.start are set here.
func (w *worker) execAppend(e *Entry, mut txseq.Sequence, in execInput) outcome {
	start, writes, dup, ok := w.endState(e, in)
	if !ok {
		// e itself fails on this run: run the whole mutant, so a failure
		// is reported with a complete sequence.
		in.from, in.start, in.startWrites, in.startHist = 0, w.m.Base, nil, nil
		return w.exec(mut, in)
	}
	in.from, in.start, in.startWrites, in.dup, in.startHist = len(e.Seq), start, writes, dup, w.reuse.end.hist
	return w.exec(mut, in)
}

// endState returns the state after all of e, the storage writes that
// made it and the known finding it passed over, from the worker's cache when it holds e; otherwise it runs e's
// last transaction on its prefix's state (prefixState), so filling the
// cache costs one transaction when the prefix is cached. It reports false
// if e fails.
func (w *worker) endState(e *Entry, in execInput) (chain.Snapshot, map[trace.Slot]uint16, passed, bool) {
	if w.reuse.end.entry == e {
		return w.reuse.end.snap, w.reuse.end.writes, w.reuse.end.dup, true
	}
	start, writes, dup, ok := w.prefixState(e, in)
	if !ok {
		return chain.Snapshot{}, nil, passed{}, false
	}
	in.from, in.start, in.startWrites, in.dup, in.startHist = len(e.Seq)-1, start, writes, dup, w.reuse.prefix.hist
	o := w.exec(e.Seq, in)
	if o.fail != nil {
		w.reuse.end.entry = nil
		return chain.Snapshot{}, nil, passed{}, false
	}
	if w.reuse.end.writes == nil {
		w.reuse.end.writes = map[trace.Slot]uint16{}
	}
	clear(w.reuse.end.writes)
	for k, v := range writes {
		w.reuse.end.writes[k] = v
	}
	for k, v := range o.writes {
		w.reuse.end.writes[k] = v
	}
	w.reuse.end.entry, w.reuse.end.snap, w.reuse.end.dup = e, w.m.Chain.Snapshot(), o.dup
	w.reuse.end.hist = append(w.reuse.end.hist[:0], w.s.hist...)
	return w.reuse.end.snap, w.reuse.end.writes, w.reuse.end.dup, true
}
