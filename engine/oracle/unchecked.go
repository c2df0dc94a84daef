package oracle

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file is SWC-104's re-run (a step of the oracle pipeline, registry.go).
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

// events is the vulnerability oracles over the tracer's events
// (vulns.go) with the re-runs that confirm them: SWC-104's (this file),
// SWC-105's second collection (recollect.go, leak.go), SWC-113's loop of
// payments (loopfail.go). It runs after every transaction that left
// events.
type events struct {
	*Machine
	depriv *depriv // noted when a privileged sender was paid (depriv.go)

	// pending are the current transaction's unchecked calls that await a
	// failure (checkEvents collects them, confirmUnchecked re-runs them).
	pending []trace.Event
	// tried counts the re-runs per call site that confirmed nothing.
	tried     map[callSite]int
	loopTried map[callSite]int // the same for SWC-113's (loopfail.go)
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
func (o *events) awaitsFailure(e *trace.Event) bool {
	if e.Kind != trace.EventUncheckedCall || !e.Value.IsZero() {
		return false
	}
	p := o.principalIndex(e.Addr)
	return p >= 0 && !o.Privileged[p]
}

// confirmUnchecked re-runs the last transaction of seq (hist describes
// the transactions so far) with the callee of each unchecked call that
// awaits a failure (o.pending) made to fail, and reports the first such
// call whose flag the transaction still ignores. Calls already reported
// are skipped (while shrinking, all but the one shrunk). The chain is left
// in the state the transactions left.
func (o *events) confirmUnchecked(seq txseq.Sequence, hist []TxInfo, shrinking *finding.Key) *finding.Finding {
	if len(o.pending) == 0 || !o.enabled(finding.UncheckedCall) || len(seq) < len(hist) {
		return nil
	}
	n := len(hist)
	for i := range o.pending {
		e := &o.pending[i]
		f := &finding.Finding{Kind: finding.UncheckedCall, Contract: int(e.Code), PC: e.PC}
		o.locate(f, e.Site)
		if key := f.Key(); shrinking != nil && key != *shrinking || shrinking == nil && o.known(key) {
			continue
		}
		if shrinking == nil {
			site := callSite{int(e.Code), e.PC}
			if o.tried == nil {
				o.tried = make(map[callSite]int)
			}
			if o.tried[site] >= uncheckedTries {
				continue
			}
			o.tried[site]++
		}
		if !o.failCallee(seq[:n], e) {
			continue
		}
		f.Detail = fmt.Sprintf("no copy of the success flag of this call to %s decides anything: run again with %s reverting, transaction %d went on after the call failed and completed as if it had not",
			e.Addr.Hex(), e.Addr.Hex(), n) + o.deployerNote(hist)
		return f
	}
	return nil
}

// failCallee runs seq again from the deployed state, its last transaction
// with e's callee reverting, and reports whether that transaction
// completed with e's call failed and its flag unchecked. The chain is left
// in the state it was in.
func (o *events) failCallee(seq txseq.Sequence, e *trace.Event) bool {
	return o.withReverting(seq, e.Addr, func(r chain.Result) bool {
		if r.Err != nil {
			return false
		}
		evs := o.Tracer.Events()
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
func (o *events) withReverting(seq txseq.Sequence, addr common.Address, judge func(chain.Result) bool) bool {
	after := o.Chain.Snapshot()
	defer o.Chain.Reset(after)
	o.Chain.Reset(o.Base)
	n := len(seq)
	for i := range seq[:n-1] {
		o.Rerun(&seq[i], 0)
	}
	if o.revertCode == nil {
		o.revertCode = deploy.AttackerCodeFor(deploy.Reverting, o.Chain.Rules())
	}
	o.Chain.Install(addr, o.revertCode, nil)
	return judge(o.Rerun(&seq[n-1], 0))
}
