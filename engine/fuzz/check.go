package fuzz

import (
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file is the oracle pipeline: after every transaction, of a campaign
// (exec) or of a replay (Replay), the same checks run in the same order,
// and the first finding ends the sequence:
//
//  1. checkTx: the arbitrary storage-write probe, then the transaction's
//     own failure (assert, panic codes) at its origin;
//  2. checkLoopFailure: a failed call in a loop that reverted it (vulns.go);
//  3. checkEvents: the vulnerability oracles over the tracer's events
//     (vulns.go), then confirmUnchecked (unchecked.go): an unchecked call
//     to an account the fuzzer controls that did not fail is re-run with
//     that account reverting (SWC-104), then confirmRecollect
//     (recollect.go): a payout in a sequence an owner took part in is
//     run again at once, to see it paid twice (SWC-105); then, for a
//     committed transaction, confirmLoopBlock (loopfail.go): a loop of
//     payments is re-run with one recipient rejecting ether (SWC-113);
//  4. checkProperties: property and invariant functions on the new state.
//
// and after the sequence's last transaction:
//
//  5. checkEnd: the oracles that judge a sequence by running its end
//     again differently: its last two transactions in both orders
//     (SWC-114, order.go), the one before the last repeated (SWC-128,
//     dos.go), and without a privileged transaction and with the calls
//     that could undo it (owner-lock, lock.go).
//
// Re-runs (steps 3 and 5) start from the deployed state, count as the
// oracles' transactions (rerunTx), leave the chain in the state the
// sequence left, and leave no instruction coverage (endRerun). A new oracle goes into one of these steps (or a new one
// here), so a campaign and a replay cannot disagree about what a sequence
// does: a replay of a reported sequence re-runs what found it.

// check applies the oracle pipeline to transaction tx, which just ran with
// result r; hist describes the sequence's transactions so far (tx last).
// probe lets the storage-write probe report; shrinking is the key of the
// finding being shrunk, if any. seq holds the sequence's transactions
// (those so far first): re-runs run them again, and it is remembered as a
// contract's first ether receipt.
func (w *worker) check(tx *txseq.Tx, r chain.Result, hist []txInfo, probe bool, shrinking *Key, seq txseq.Sequence) *Finding {
	if f := w.checkTx(tx, r, probe); f != nil {
		return f
	}
	if f := w.checkLoopFailure(len(hist), r); f != nil {
		return f
	}
	if r.Err == nil && shrinking == nil {
		w.noteCredit(seq, hist)
	}
	if w.tr.HasEvents() {
		w.notePaid(hist)
		f := w.checkEvents(seq, hist, shrinking)
		if f == nil && r.Err == nil {
			f = w.confirmLoopBlock(seq, hist, shrinking)
		}
		w.endRerun()
		if f != nil {
			return f
		}
	}
	if r.Err == nil && !tx.Value.IsZero() && !w.c.received[tx.Contract].Load() {
		// The freezing-ether oracle judges at the end of the campaign
		// (campaign.frozen) from the first sequence that paid a contract.
		w.c.received[tx.Contract].Store(true)
		w.c.receipts.note(tx.Contract, seq[:len(hist)])
	}
	return w.checkProperties()
}

// checkEnd applies the oracles that judge the end of seq, whose
// transactions all ran (hist describes them), by running it again.
func (w *worker) checkEnd(seq txseq.Sequence, hist []txInfo, shrinking *Key) *Finding {
	defer w.endRerun()
	if f := w.checkOrder(seq, hist, shrinking); f != nil {
		return f
	}
	if f := w.checkDoS(seq, hist, shrinking); f != nil {
		return f
	}
	return w.checkLock(seq, hist, shrinking)
}

// checkTx applies the transaction oracles to a finished transaction.
func (w *worker) checkTx(tx *txseq.Tx, r chain.Result, probe bool) *Finding {
	if origin, hit := w.tr.ProbeHit(); hit && probe && r.Err == nil && w.c.enabled(finding.StorageWrite) {
		// A storage write landed on the campaign's arbitrary probe slot:
		// the written location is attacker-controlled (HARVEY §4.3).
		f := &Finding{Kind: finding.StorageWrite, Contract: origin.Contract, PC: origin.PC}
		w.c.locate(f, origin.Site)
		return f
	}
	if r.Err != nil && cheatcode.IsRejection(r.Ret) {
		// vm.assume(false): a rejected input, not a failure.
		return nil
	}
	fail := w.tr.Failure()
	kind, ok := finding.Failure(r.Err, r.Ret, fail.Invalid)
	if !ok || !w.c.enabled(kind) {
		return nil
	}
	f := &Finding{Kind: kind, Contract: tx.Contract}
	if fail.Origin.Valid {
		f.Contract, f.PC = fail.Origin.Contract, fail.Origin.PC
		w.c.locate(f, fail.Origin.Site)
	}
	return f
}

// checkProperties calls every property and invariant function of the
// targets on the current state; the first violation is a finding.
func (w *worker) checkProperties() *Finding {
	for _, ci := range w.c.checked {
		c := w.c.prog.Contracts[ci]
		for _, m := range w.c.checksOf(ci) {
			r := w.ch.Probe(w.ch.Senders()[0], w.dep.Addrs[ci], m.Selector[:])
			if !violated(m, r) || cheatcode.IsRejection(r.Ret) {
				continue
			}
			kind := finding.Property
			if m.Kind == program.Invariant {
				kind = finding.Invariant
			}
			if !w.c.enabled(kind) {
				continue
			}
			f := &Finding{Kind: kind, Contract: ci, Check: m.RawName}
			if fn, ok := c.Function(m.RawName); ok {
				f.Location = fn.Location
				f.Located = true
			}
			return f
		}
	}
	return nil
}

// violated reports a failed check: it reverted, or returned false.
func violated(m program.Method, r chain.Result) bool {
	if r.Err != nil {
		return true
	}
	if len(m.Outputs) == 1 && m.Outputs[0].Type.String() == "bool" {
		return len(r.Ret) < 32 || r.Ret[31] == 0
	}
	return false
}
