package fuzz

import (
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
	"time"
)

// This file is the per-execution path, the fuzzer's interpreter loop:
// exec takes a sequence and an execInput, runs the transactions on a
// starting state, applies the oracle pipeline (engine/oracle, registry.go) after each, and
// returns everything the run tells the caller as one outcome.

// execInput is what an execution needs besides its sequence.
type execInput struct {
	// from is the first transaction to run: seq[:from] already ran in
	// start, whose storage writes are startWrites (nil for the deployed
	// state).
	from        int
	start       chain.Snapshot
	startWrites map[trace.Slot]uint16
	// startHist describes seq[:from] as the oracles left it (what each
	// transaction paid its sender: notePaid); nil rebuilds it from the
	// sequence, without that, which order.go and leak.go would read as
	// payouts never made.
	startHist []oracle.TxInfo
	// probeTx is the transaction whose storage writes may report an
	// arbitrary write: the one a running prediction changed an input of
	// (the slot moved with that input); probeAny accepts any (shrinking),
	// -1 none.
	probeTx int
	// target is the cost index a running prediction aims at, or -1.
	target int32
	// shrinking is the key of the finding being shrunk, if any: the event
	// oracles prefer it to other findings of a transaction.
	shrinking *Key
	// profile runs no oracles and merges no coverage: it records each
	// transaction's path and whether it was inert in w.s.prof
	// (compact.go).
	profile bool
	// dup is a known finding seq[:in.from] passed over (outcome.dup).
	dup passed
}

// passed is a finding a run passed over and its transaction; f is nil if
// none.
type passed struct {
	f  *Finding
	tx int
}

// probeAny makes every transaction's probe hits count.
const probeAny = -2

// fresh returns the input that runs a whole sequence from the deployed
// state, with no probe and no prediction target.
func (w *worker) fresh() execInput {
	return execInput{start: w.m.Base, probeTx: -1, target: -1}
}

// outcome is what one execution of a sequence did.
type outcome struct {
	pathID    uint64 // path of the last transaction (every one, eagerly)
	seqPathID uint64 // path of every transaction
	state     uint64 // storage signature after the sequence (see stateSig)
	newCov    int    // new (edge, hit class) pairs, all transactions
	// covered has bit i set if transaction i (below 64) covered new pairs.
	covered uint64
	// lastWrote: the last transaction committed and wrote storage, the
	// slots in lastSlots (the worker's buffer, writers.go).
	lastWrote bool
	lastSlots []slotWrite
	fail      *Finding
	failTx    int
	// also is a property or invariant failTx broke beside fail (nil if
	// none), reported too.
	also *Finding
	// dup is the first finding the run passed over (passes): one already
	// reported, of a transaction that committed. A later finding of the
	// run with a known key is reported as dup instead (nothing), so that a
	// reported sequence finds nothing before its last transaction, as its
	// replay does; a new one is fail, masked.
	dup passed
	// masked marks a new fail behind dup, on a later transaction: its
	// sequence finds dup first, so report keeps it only if shrinking
	// leaves a sequence that finds fail alone (report).
	masked bool

	// What the last transaction left, if it ran (ranLast). The slices
	// alias the worker's buffers: valid until its next execution.
	ranLast  bool
	costs    []txseq.CostEntry     // its cost vector (predict.go)
	loads    []trace.Slot          // the storage slots it read
	path     []uint64              // its top-level path, with targets only
	operands []uint256.Int         // comparison operands and returned words
	writes   map[trace.Slot]uint16 // storage writes of the whole run
	// reached reports that the last transaction reached the input's
	// target; targetCost and targetResid are the target's metric there.
	reached                 bool
	targetCost, targetResid uint256.Int
	marks                   []valueMark // what the senders were paid (value.go)
}

// check applies the oracle pipeline (engine/oracle's Set) to transaction
// tx, which just ran with result r; hist describes the sequence's
// transactions so far (tx last), seq holds them (those so far first).
// probe lets the storage-write probe report; shrinking is the key of the
// finding being shrunk, if any.
func (w *worker) check(tx *txseq.Tx, r chain.Result, hist []oracle.TxInfo, probe bool, shrinking *Key, seq txseq.Sequence) *Finding {
	w.s.x = oracle.Context{Seq: seq, Hist: hist, Tx: tx, Result: r, Probe: probe, Shrinking: shrinking}
	return w.o.AfterTx(&w.s.x)
}

// checkEnd applies the oracles that judge the end of seq, whose
// transactions all ran (hist describes them), by running it again.
func (w *worker) checkEnd(seq txseq.Sequence, hist []oracle.TxInfo, shrinking *Key) *Finding {
	w.s.x = oracle.Context{Seq: seq, Hist: hist, Shrinking: shrinking}
	return w.o.AfterSeq(&w.s.x)
}

// history fills the worker's reused history buffer from a sequence.
func (w *worker) history(seq txseq.Sequence) []oracle.TxInfo {
	w.s.hist = w.s.hist[:0]
	for j := range seq {
		w.s.hist = append(w.s.hist, oracle.TxInfo{Sender: seq[j].Sender, Contract: seq[j].Contract, Value: seq[j].Value})
	}
	return w.s.hist
}

// aggressiveGas bounds a transaction run on directly fuzzed state: a
// fuzzed array length or loop bound would otherwise run every such
// transaction to the full gas limit, at a thousand times the usual cost.
// Only coverage comes from these runs, never findings.
const aggressiveGas = 1_000_000

// exec runs seq[in.from:] on in.start and applies the oracles after every
// transaction; it stops at the first finding it does not pass over
// (passes).
func (w *worker) exec(seq txseq.Sequence, in execInput) outcome {
	o := outcome{writes: w.s.writes, dup: in.dup}
	w.m.Chain.ResetFor(in.start, len(seq)-in.from)
	clear(w.s.writes)
	if in.from > 0 && len(in.startHist) == in.from {
		w.s.hist = append(w.s.hist[:0], in.startHist...)
		w.notePrefix(w.s.hist) // earlier.go
	} else {
		w.s.hist = w.history(seq[:in.from])
	}
	var ledger uint64
	if in.profile {
		w.s.prof = w.s.prof[:0]
		ledger = w.ledger()
	}
	for i := in.from; i < len(seq); i++ {
		tx := &seq[i]
		t0 := time.Now()
		r := w.m.RunTx(tx, 0)
		w.stats.record(tx, &r, time.Since(t0))
		if r.TimedOut {
			w.c.timeouts.Add(1)
		}
		var n int
		if in.profile {
			n = w.m.Tracer.NewCoverage(w.seen)
			o.newCov += n
		} else if n = w.m.Tracer.MergeCoverage(w.seen); n > 0 {
			o.newCov += n
			if i < 64 {
				o.covered |= 1 << i
			}
		}
		w.share.tx(w.stats.slot(tx), r.GasUsed, i == len(seq)-1, n > 0)
		if r.Err == nil {
			for k, v := range w.m.Tracer.Writes() {
				w.s.writes[k] = v
			}
		}
		made, madeKind := w.noteEarlier(tx, r) // earlier.go
		pid := w.m.Tracer.PathID()
		o.seqPathID = o.seqPathID*0x100000001b3 ^ pid
		if !w.c.cfg.NoDemandDriven {
			o.pathID = pid
		} else {
			// Eager sequences: the path spans every transaction.
			o.pathID = o.seqPathID
		}
		if i == len(seq)-1 && !in.profile {
			w.captureLast(&o, tx, r, in.target)
			o.lastWrote = r.Err == nil && len(w.m.Tracer.Writes()) > 0
			if o.lastWrote {
				o.lastSlots = w.wr.lastWrites(w.m.Tracer.Writes())
			}
		}
		w.s.hist = append(w.s.hist, oracle.TxInfo{Sender: tx.Sender, Contract: tx.Contract, Value: tx.Value, Failed: r.Err != nil, Made: made, MadeKind: madeKind})
		if in.profile {
			ledger = w.profileTx(tx, r, pid, ledger)
			continue
		}
		probe := in.probeTx == probeAny || in.probeTx == i
		if f := w.check(tx, r, w.s.hist, probe, in.shrinking, seq); f != nil && w.stops(&o, f, w.s.x.Also, i, r.Err == nil, in) {
			return o
		}
	}
	if in.profile {
		o.state = stateSig(in.startWrites, w.s.writes)
		return o
	}
	if f := w.checkEnd(seq, w.s.hist, in.shrinking); f != nil && !w.passes(&o, f, len(seq)-1, w.lastCommitted(), in) {
		return o
	}
	o.state = stateSig(in.startWrites, w.s.writes)
	o.marks = w.valueMarks(w.s.hist, seq[len(seq)-1].Contract)
	return o
}

// passes reports whether the run goes on past finding f of transaction
// tx, as an ordinary execution would: f's key was reported already and
// its transaction committed (a vulnerability such as a wrap, not an
// assertion failure or a panic, whose transactions revert). Such findings
// are common once reported (every wrapping input of a function), and
// stopping at them would take the corpus and input prediction most of
// those inputs. Shrinking passes over nothing. Otherwise it sets o's
// failure (the first passed-over finding if any, see outcome.dup). The
// campaign's keys are looked up only here, when an oracle fired.
func (w *worker) passes(o *outcome, f *Finding, tx int, committed bool, in execInput) bool {
	if committed && in.shrinking == nil && w.known(f.Key()) {
		if o.dup.f == nil {
			o.dup = passed{f, tx}
		}
		return true
	}
	o.fail, o.failTx = f, tx
	if o.dup.f != nil {
		if in.shrinking == nil && o.dup.tx < tx && !w.known(f.Key()) {
			// A wrap every sequence of a function reaches would otherwise
			// hide each later finding of a sequence that wraps first (a
			// vault's theft after its known SWC-101).
			o.masked = true
			return false
		}
		o.fail, o.failTx = o.dup.f, o.dup.tx
	}
	return false
}

// stops applies passes to transaction tx's finding f and then to also,
// the property or invariant the same transaction broke beside it (nil if
// none), and reports whether the run ends there. When f ends it, also is
// kept in o.also if new, to be reported beside f; when f is passed over,
// a new also is reported itself, not as f's duplicate.
func (w *worker) stops(o *outcome, f, also *Finding, tx int, committed bool, in execInput) bool {
	if !w.passes(o, f, tx, committed, in) {
		if o.fail == f && also != nil && !w.known(also.Key()) {
			o.also = also
		}
		return true
	}
	if also == nil || w.passes(o, also, tx, committed, in) {
		return false
	}
	if o.dup.f == f && o.dup.tx == tx {
		// f, passed over on this very transaction, is no earlier
		// finding to report instead.
		o.fail, o.failTx = also, tx
	}
	return true
}

// lastCommitted reports whether the running sequence's last transaction
// committed.
func (w *worker) lastCommitted() bool {
	return len(w.s.hist) > 0 && !w.s.hist[len(w.s.hist)-1].Failed
}

// captureLast records in o what the last transaction of a sequence left:
// its costs and loads, its path (with targets), and the operands worth
// keeping.
func (w *worker) captureLast(o *outcome, tx *txseq.Tx, r chain.Result, target int32) {
	o.ranLast = true
	o.costs = w.captureCosts()
	if target >= 0 {
		o.reached = w.m.Tracer.Reached(target)
		for _, e := range o.costs {
			if e.Idx == target {
				o.targetCost, o.targetResid = e.Cost, e.Resid
			}
		}
	}
	w.s.loads = append(w.s.loads[:0], w.m.Tracer.Loads()...)
	o.loads = w.s.loads
	if len(w.c.targetPCs) > 0 {
		w.s.path = append(w.s.path[:0], w.m.Tracer.Path()...)
		o.path = w.s.path
		if testHookPath != nil {
			testHookPath(tx.Contract, w.s.path)
		}
	}
	w.s.operands = append(w.s.operands[:0], w.m.Tracer.Operands()...)
	// Values the contract returned are likely inputs of later calls.
	for j := 0; j+32 <= len(r.Ret) && j < 4*32; j += 32 {
		var word uint256.Int
		word.SetBytes32(r.Ret[j : j+32])
		w.s.operands = append(w.s.operands, word)
	}
	o.operands = w.s.operands
}

// captureCosts copies the tracer's cost vector of the transaction that just
// ran into the worker's reused buffer.
func (w *worker) captureCosts() []txseq.CostEntry {
	w.s.costs = w.s.costs[:0]
	for _, i := range w.m.Tracer.Costed() {
		w.s.costs = append(w.s.costs, txseq.CostEntry{Idx: i, Cost: *w.m.Tracer.Cost(i), Resid: *w.m.Tracer.Residual(i), Opnd: *w.m.Tracer.CmpOperands(i), Hashed: w.m.Tracer.Hashed(i)})
	}
	return w.s.costs
}

// stateSig summarises the storage a sequence leaves behind (the prefix's
// writes overlaid with the sequence's own), by slot and order of magnitude
// of each value, independent of the order of writes. Zero means no writes.
func stateSig(prefix, own map[trace.Slot]uint16) uint64 {
	var sig uint64
	for k, v := range prefix {
		if _, ok := own[k]; !ok {
			sig += trace.SlotTerm(k, v)
		}
	}
	for k, v := range own {
		sig += trace.SlotTerm(k, v)
	}
	return sig
}

// execMutant runs a mutant of e, reusing the state after e's prefix when
// only the last transaction changed; in.from and in.start are set here.
func (w *worker) execMutant(e *Entry, mut txseq.Sequence, m txseq.Mutation, in execInput) outcome {
	if m.Field == txseq.ShapeAppend {
		return w.execAppend(e, mut, in)
	}
	in.from, in.start, in.startWrites, in.startHist = 0, w.m.Base, nil, nil
	if !m.LastOnly || len(mut) < 2 {
		return w.exec(mut, in)
	}
	start, writes, dup, ok := w.prefixState(e, in)
	if !ok {
		// The prefix itself fails; run the whole mutant so the failure is
		// reported with a complete sequence.
		return w.exec(mut, in)
	}
	in.from, in.start, in.startWrites, in.dup, in.startHist = len(mut)-1, start, writes, dup, w.reuse.prefix.hist
	return w.exec(mut, in)
}

// prefixCache is the state after all but the last transaction of one
// entry, for mutants that change only the last transaction.
type prefixCache struct {
	entry  *Entry // nil: empty
	snap   chain.Snapshot
	writes map[trace.Slot]uint16
	dup    passed          // a known finding the prefix passed over
	hist   []oracle.TxInfo // the oracles' history of the transactions run
}

// prefixState returns the state after all but the last transaction of e,
// the storage writes in it and the known finding it passed over, from the
// worker's cache when it holds e (the prefix runs with in's probe and
// target). It reports false if the prefix itself fails.
func (w *worker) prefixState(e *Entry, in execInput) (chain.Snapshot, map[trace.Slot]uint16, passed, bool) {
	if len(e.Seq) < 2 {
		return w.m.Base, nil, passed{}, true
	}
	if w.reuse.prefix.entry != e {
		in.from, in.start, in.startWrites, in.startHist = 0, w.m.Base, nil, nil
		o := w.exec(e.Seq[:len(e.Seq)-1], in)
		if o.fail != nil {
			w.reuse.prefix.entry = nil
			return chain.Snapshot{}, nil, passed{}, false
		}
		w.reuse.prefix.entry, w.reuse.prefix.snap, w.reuse.prefix.dup = e, w.m.Chain.Snapshot(), o.dup
		w.reuse.prefix.hist = append(w.reuse.prefix.hist[:0], w.s.hist...)
		clear(w.reuse.prefix.writes)
		for k, v := range o.writes {
			w.reuse.prefix.writes[k] = v
		}
	}
	return w.reuse.prefix.snap, w.reuse.prefix.writes, w.reuse.prefix.dup, true
}
