package fuzz

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file is SWC-104's re-run (a step of the oracle pipeline, check.go).
// The tracer reports a call whose success flag no copy of decides anything
// (trace/callflag.go) whether or not the call failed. When it did not fail
// and the callee is an account the fuzzer controls (a sender or an
// attacker contract, not one a constructor named), the oracle makes it
// fail instead of waiting for a run where it does: the transaction runs
// again from the state before it with the callee's code replaced by the
// reverting attacker's, which forwards the operator's transactions as
// before and reverts whenever anything else calls or pays it. If the call
// then fails, its flag is again left unchecked and the transaction
// completes, the unchecked path ran: that is the finding, at the call.
// A replay of the sequence applies the same step, so it reproduces it.

// uncheckedTries bounds the re-runs per call site and worker that did not
// confirm one (the callee's failure made the transaction revert, or took
// it elsewhere): after that the oracle waits for a run in which the call
// fails by itself, as it did before.
const uncheckedTries = 3

// rerunState is what a worker keeps for the oracles' re-runs.
type rerunState struct {
	// pending are the current transaction's unchecked calls that await a
	// failure (checkEvents collects them, confirmUnchecked re-runs them).
	pending []trace.Event
	// tried counts the re-runs per call site that confirmed nothing.
	tried      map[callSite]int
	loopTried  map[callSite]int // the same for SWC-113's (loopfail.go)
	revertCode []byte           // the reverting attacker's code for the chain's rules
	txs        uint64           // transactions re-run since the last flush (rerunTx)
	// instr is the instruction coverage from before the first re-run of
	// a pipeline step (saved is set): re-runs run code no fuzzed sequence
	// ran (a reverting callee, a repeated call) and must neither show in
	// the coverage report nor steer the corpus.
	instr trace.InstrSave
	saved bool
	// again is a payout awaiting SWC-105's re-run (recollect.go).
	again recollectState
}

// callSite is a call instruction of one contract.
type callSite struct {
	code int
	pc   uint64
}

// awaitsFailure reports an unchecked call that did not fail, to an account
// the fuzzer can make fail: confirmUnchecked's to judge.
func (w *worker) awaitsFailure(e *trace.Event) bool {
	if e.Kind != trace.EventUncheckedCall || !e.Value.IsZero() {
		return false
	}
	p := w.principalIndex(e.Addr)
	return p >= 0 && !w.privileged[p]
}

// confirmUnchecked re-runs the last transaction of seq (hist describes
// the transactions so far) with the callee of each unchecked call that
// awaits a failure (w.rr.pending) made to fail, and reports the first such
// call whose flag the transaction still ignores. Calls already reported
// are skipped (while shrinking, all but the one shrunk). The chain is left
// in the state the transactions left.
func (w *worker) confirmUnchecked(seq txseq.Sequence, hist []txInfo, shrinking *Key) *Finding {
	if len(w.rr.pending) == 0 || !w.c.enabled(finding.UncheckedCall) || len(seq) < len(hist) {
		return nil
	}
	n := len(hist)
	for i := range w.rr.pending {
		e := &w.rr.pending[i]
		f := &Finding{Kind: finding.UncheckedCall, Contract: int(e.Code), PC: e.PC}
		w.c.locate(f, e.Site)
		if key := f.Key(); shrinking != nil && key != *shrinking || shrinking == nil && w.c.known(key) {
			continue
		}
		if shrinking == nil {
			site := callSite{int(e.Code), e.PC}
			if w.rr.tried == nil {
				w.rr.tried = make(map[callSite]int)
			}
			if w.rr.tried[site] >= uncheckedTries {
				continue
			}
			w.rr.tried[site]++
		}
		if !w.failCallee(seq[:n], e) {
			continue
		}
		f.Detail = fmt.Sprintf("no copy of the success flag of this call to %s decides anything: run again with %s reverting, transaction %d went on after the call failed and completed as if it had not",
			e.Addr.Hex(), e.Addr.Hex(), n) + w.deployerNote(hist)
		return f
	}
	return nil
}

// failCallee runs seq again from the deployed state, its last transaction
// with e's callee reverting, and reports whether that transaction
// completed with e's call failed and its flag unchecked. The chain is left
// in the state it was in.
func (w *worker) failCallee(seq txseq.Sequence, e *trace.Event) bool {
	return w.withReverting(seq, e.Addr, func(r chain.Result) bool {
		if r.Err != nil {
			return false
		}
		evs := w.tr.Events()
		for i := range evs {
			if evs[i].Kind == trace.EventUncheckedCall && evs[i].Code == e.Code && evs[i].PC == e.PC && evs[i].Addr == e.Addr && !evs[i].Value.IsZero() {
				return true
			}
		}
		return false
	})
}

// withReverting runs seq again from the deployed state, its last
// transaction with addr's code replaced by the reverting attacker's, and
// returns what judge says of that transaction's result (the tracer still
// holds its run). The chain is left in the state it was in.
func (w *worker) withReverting(seq txseq.Sequence, addr common.Address, judge func(chain.Result) bool) bool {
	after := w.ch.Snapshot()
	defer w.ch.Reset(after)
	w.ch.Reset(w.base)
	n := len(seq)
	for i := range seq[:n-1] {
		w.rerunTx(&seq[i], 0)
	}
	if w.rr.revertCode == nil {
		w.rr.revertCode = deploy.AttackerCodeFor(deploy.Reverting, w.ch.Rules())
	}
	w.ch.Install(addr, w.rr.revertCode, nil)
	return judge(w.rerunTx(&seq[n-1], 0))
}

// rerunTx runs a transaction an oracle re-runs (this file, order.go,
// dos.go), counted as such.
func (w *worker) rerunTx(tx *txseq.Tx, gas uint64) chain.Result {
	w.rr.txs++
	if !w.rr.saved {
		w.rr.saved = true
		w.tr.SaveInstr(&w.rr.instr)
	}
	return w.runTx(tx, gas)
}

// endRerun restores the instruction coverage of before a pipeline step's
// re-runs, if it made any.
func (w *worker) endRerun() {
	if !w.rr.saved {
		return
	}
	w.rr.saved = false
	w.tr.RestoreInstr(&w.rr.instr)
}
