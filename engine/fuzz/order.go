package fuzz

import (
	"fmt"

	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/holiman/uint256"
)

// This file is the transaction-order dependence oracle (SWC-114): when
// the last two transactions of a sequence come from different
// unprivileged senders and one of them paid a sender, they are run again
// in both orders from the state before them. If each order has a
// different sender ending up with the most ether, and up, whoever gets
// their transaction mined first is paid: a front-runner copying a
// pending transaction (a puzzle's answer) takes the payout.

// orderFree is how many qualifying sequences a worker checks in both
// orders before it checks one in orderEvery only: each check runs the
// sequence again.
const (
	orderFree  = 256
	orderEvery = 8
)

// notePaid records in the last history entry whether its transaction
// paid one of the principals ether.
func (w *worker) notePaid(hist []txInfo) {
	if len(hist) == 0 || !w.tr.HasEvents() {
		return
	}
	for _, e := range w.tr.Events() {
		if e.Kind == trace.EventEtherOut && w.principalIndex(e.Addr) >= 0 {
			hist[len(hist)-1].Paid = true
			return
		}
	}
}

// checkOrder applies the SWC-114 oracle to the last two transactions of
// seq, which just ran (hist describes them). The chain is left in the
// state the sequence left. While a finding is shrunk (shrinking), every
// candidate is checked.
func (w *worker) checkOrder(seq Sequence, hist []txInfo, shrinking *Key) *Finding {
	n := len(seq)
	if n < 2 || len(hist) != n || !w.c.enabled(oracle.FrontRunning) {
		return nil
	}
	a, b := seq[n-2].Sender, seq[n-1].Sender
	if a == b || !hist[n-2].Paid && !hist[n-1].Paid || w.isPrivileged(a) || w.isPrivileged(b) {
		return nil
	}
	w.orders++
	if shrinking == nil && w.orders > orderFree && w.orders%orderEvery != 0 {
		return nil
	}
	w.ch.Reset(w.base)
	for i := range seq[:n-2] {
		w.runTx(&seq[i], 0)
	}
	before := w.ch.Snapshot()
	first, second := seq[n-1], seq[n-2]
	first.Blocks, first.Seconds = seq[n-2].Blocks, seq[n-2].Seconds
	second.Blocks, second.Seconds = seq[n-1].Blocks, seq[n-1].Seconds
	swapped := w.gainsInOrder([2]*Tx{&first, &second}, nil)
	w.ch.Reset(before)
	var pay payout
	orig := w.gainsInOrder([2]*Tx{&seq[n-2], &seq[n-1]}, &pay)
	// orig[0] and swapped[1] are a's gains; orig[1] and swapped[0] b's.
	won, lost := winner(orig[0], orig[1]), winner(swapped[1], swapped[0])
	if won < 0 || lost < 0 || won == lost || !pay.ok {
		return nil
	}
	if shrinking != nil && shrinking.Kind != oracle.FrontRunning {
		return nil
	}
	names := [2]string{w.principals[a].Hex(), w.principals[b].Hex()}
	f := &Finding{Kind: oracle.FrontRunning, Contract: pay.code, PC: pay.pc,
		Detail: fmt.Sprintf("transactions %d and %d come from different senders: in this order %s gains %s wei and %s %s wei; swapped, %s gains %s wei and %s %s wei. Whoever is mined first is paid, so a sender who sees the other's pending transaction can take its payout",
			n-1, n, names[0], orig[0].Dec(), names[1], orig[1].Dec(), names[1], swapped[0].Dec(), names[0], swapped[1].Dec())}
	f.Location, f.Located = w.c.prog.Contracts[f.Contract].Locate(f.PC, false)
	return f
}

// payout is where a contract paid a principal.
type payout struct {
	code int
	pc   uint64
	ok   bool
}

// gainsInOrder runs two transactions and returns what each one's sender
// gained in ether (wei, two's complement when it lost); pay, if not nil,
// gets the first payment to either sender.
func (w *worker) gainsInOrder(txs [2]*Tx, pay *payout) [2]uint256.Int {
	st := w.ch.State()
	var gain [2]uint256.Int
	for i, tx := range txs {
		gain[i].Set(st.GetBalance(w.principals[tx.Sender]))
	}
	var spent [2]uint256.Int // ether an attacker's operator paid in
	for i, tx := range txs {
		r := w.runTx(tx, 0)
		if _, _, attacker := SenderOf(w.ch, tx.Sender); attacker && r.Err == nil {
			spent[i].Set(&tx.Value)
		}
		if pay == nil || pay.ok {
			continue
		}
		for _, e := range w.tr.Events() {
			if e.Kind == trace.EventEtherOut && (e.Addr == w.principals[txs[0].Sender] || e.Addr == w.principals[txs[1].Sender]) {
				*pay = payout{code: int(e.Code), pc: e.PC, ok: true}
				break
			}
		}
	}
	st = w.ch.State()
	for i, tx := range txs {
		var after uint256.Int
		after.Sub(st.GetBalance(w.principals[tx.Sender]), &gain[i])
		gain[i].Sub(&after, &spent[i])
	}
	return gain
}

// winner returns 0 or 1 for the sender that gained strictly more ether
// than the other and more than nothing, or -1.
func winner(x, y uint256.Int) int {
	switch {
	case x.Sgt(&y) && x.Sign() > 0:
		return 0
	case y.Sgt(&x) && y.Sign() > 0:
		return 1
	}
	return -1
}

// isPrivileged reports whether principal p is the deployer or was named
// in a constructor.
func (w *worker) isPrivileged(p int) bool { return p < len(w.privileged) && w.privileged[p] }
