package oracle

import (
	"fmt"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file is SWC-113's re-run (a step of the oracle pipeline, registry.go).
// The tracer reports a failed call in a loop whose flag reverted the
// transaction (trace/callflag.go), but only when a recipient did fail:
// in a loop of payments to the fuzzer's accounts that all accept ether
// (a payee list a constructor filled with senders and the reentrant
// attacker), no run ever shows it. So when a committed transaction paid
// ether from one call instruction two or more times, one of them to an
// unprivileged account the fuzzer controls that is not the transaction's
// sender, the transaction runs again from the state before it with that
// account's code replaced by the reverting attacker's (as SWC-104's re-run
// does, unchecked.go): a contract in that recipient's place rejects the
// payment. If the transaction then reverts inside the loop at that call,
// one recipient blocks every other's payment: that is the finding. A
// push to a list whose failed payment is skipped, or a single payment
// (no loop), commits or reverts elsewhere and is not reported.

// loopTries bounds the re-runs per call site and worker that confirmed
// nothing.
const loopTries = 3

// loopCandidate returns the index in the tracer's events of an ether
// payment made by a call instruction that paid twice or more in the
// transaction, to an unprivileged principal other than the sender (and
// not the first paid there, so the failing call is a repeat), or -1.
func (o *events) loopCandidate(sender int) int {
	evs := o.Tracer.Events()
	for i := range evs {
		e := &evs[i]
		if e.Kind != trace.EventEtherOut {
			continue
		}
		p := o.principalIndex(e.Addr)
		if p < 0 || p == sender || o.isPrivileged(p) {
			continue
		}
		for j := 0; j < i; j++ {
			if evs[j].Kind == trace.EventEtherOut && evs[j].Code == e.Code && evs[j].PC == e.PC {
				return i
			}
		}
	}
	return -1
}

// confirmLoopBlock re-runs the last transaction of seq (which committed;
// hist describes the transactions so far) with a recipient of a payment
// loop rejecting ether, and reports SWC-113 when the loop then reverts at
// that payment. The chain is left in the state the transactions left.
func (o *events) confirmLoopBlock(seq txseq.Sequence, hist []TxInfo, shrinking *finding.Key) *finding.Finding {
	if !o.enabled(finding.DoSFailedCall) || len(hist) == 0 || len(seq) < len(hist) {
		return nil
	}
	n := len(hist)
	i := o.loopCandidate(seq[n-1].Sender)
	if i < 0 {
		return nil
	}
	e := o.Tracer.Events()[i]
	site := callSite{int(e.Code), e.PC}
	f := &finding.Finding{Kind: finding.DoSFailedCall, Contract: int(e.Code), PC: e.PC}
	o.locate(f, e.Site)
	if key := f.Key(); shrinking != nil && key != *shrinking || shrinking == nil && o.known(key) {
		return nil
	}
	if shrinking == nil {
		if o.loopTried == nil {
			o.loopTried = make(map[callSite]int)
		}
		if o.loopTried[site] >= loopTries {
			return nil
		}
	}
	if !o.rejectPayee(seq[:n], &e) {
		if shrinking == nil {
			o.loopTried[site]++
		}
		return nil
	}
	f.Detail = fmt.Sprintf("run again with %s rejecting payments, transaction %d reverted inside the loop at its payment: one recipient blocks every other's", e.Addr.Hex(), n) + o.deployerNote(hist)
	f.Facts.Rejecter = e.Addr
	return f
}

// rejectPayee runs seq again from the deployed state, its last
// transaction with e's recipient reverting, and reports whether that
// transaction reverted because the payment at e's call failed in the
// loop. The chain is left in the state it was in.
func (o *events) rejectPayee(seq txseq.Sequence, e *trace.Event) bool {
	return o.withReverting(seq, e.Addr, func(r chain.Result) bool {
		if r.Err == nil {
			return false
		}
		loop := o.Tracer.Failure().Loop
		return loop.Valid && loop.Contract == int(e.Code) && loop.PC == e.PC
	})
}
