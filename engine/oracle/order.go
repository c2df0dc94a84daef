package oracle

import (
	"fmt"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is the transaction-order dependence oracle (SWC-114): when
// the last two transactions of a sequence come from different
// unprivileged senders who both have a stake in the contract, and one of
// them paid a sender, they are run again in both orders from the state
// before them. If each order has a different sender ending up with the
// most ether, and each sender's gain moves with the order in the opposite
// direction of the other's, whoever gets their transaction mined first is
// paid: a front-runner copying a pending transaction (a puzzle's answer)
// takes the payout.

// orderFree is how many qualifying sequences a worker checks in both
// orders before it checks one in orderEvery only: each check runs the
// sequence again.
const (
	orderFree  = 256
	orderEvery = 8
)

// order is the SWC-114 oracle (an AfterSeq Oracle).
type order struct {
	*Machine
	orders int // sequences that qualified for a check in both orders
}

// Check judges the end of x.Seq.
func (o *order) Check(x *Context) *finding.Finding { return o.checkOrder(x.Seq, x.Hist, x.Shrinking) }

// notePaid records in the last history entry whether, and how much, its
// transaction paid its own sender ether, and what an attacker sender paid
// in of its own ether besides the transaction's value (re-entering a
// payable function with value): what it was paid less what its balance
// gained.
func (m *Machine) notePaid(hist []TxInfo) {
	if len(hist) == 0 {
		return
	}
	h := &hist[len(hist)-1]
	sender := m.Principals[h.Sender]
	if m.Tracer.HasEvents() {
		evs := m.Tracer.Events()
		reentrant := deploy.AttackerAddress(deploy.Reentrant)
		for i := range evs {
			switch e := &evs[i]; {
			case e.Kind == trace.EventEtherOut && e.Addr == sender:
				h.Paid = true
				h.Got.Add(&h.Got, &e.Value)
			case e.Kind == trace.EventEtherIn && e.Addr == reentrant && sender != reentrant:
				h.Lent.Add(&h.Lent, &e.Value)
			}
		}
		if h.Paid && sender != reentrant {
			notePaidByAttacker(h, evs)
		}
	}
	// An attacker that re-entered with value paid in of its own even when
	// nothing paid it (a claim of nothing that calls back into pay()).
	if _, _, attacker := deploy.SenderOf(m.Chain, h.Sender); attacker {
		var own uint256.Int
		own.Add(&m.before, &h.Got)
		if after := m.Chain.Reader().GetBalance(sender); own.Gt(after) {
			h.Own.Sub(&own, after)
		}
	}
}

// notePaidByAttacker takes out of what the last transaction (h, whose
// events are evs) paid its sender what the reentrant attacker, another
// principal, paid in of its own in it: what it paid the program's
// contracts (trace.EventEtherIn, re-entering with value) less what they
// paid it. Re-entering a user's withdrawal with a deposit it then
// withdraws to the user (swc105_neg_attacker_pays_user.sol), it passes
// its own money on: not ether the user's transaction took from the
// contract. What it was paid and paid in again is not its own.
func notePaidByAttacker(h *TxInfo, evs []trace.Event) {
	reentrant := deploy.AttackerAddress(deploy.Reentrant)
	var own, got uint256.Int
	for i := range evs {
		switch e := &evs[i]; {
		case e.Addr != reentrant:
		case e.Kind == trace.EventEtherIn:
			own.Add(&own, &e.Value)
		case e.Kind == trace.EventEtherOut:
			got.Add(&got, &e.Value)
		}
	}
	if !own.Gt(&got) {
		return
	}
	own.Sub(&own, &got)
	if own.Cmp(&h.Got) >= 0 {
		h.Got.Clear()
		h.Paid = false
		return
	}
	h.Got.Sub(&h.Got, &own)
}

// checkOrder applies the SWC-114 oracle to the end of seq, which just ran
// (hist describes it). When the last transaction paid its own sender, the
// pair judged is that transaction and a copy of it from the sender
// before it (a front-runner repeating a pending transaction); otherwise,
// when the one before paid, the last two transactions. The chain is left
// in the state the sequence left. While a finding is shrunk (shrinking),
// every candidate is checked.
func (o *order) checkOrder(seq txseq.Sequence, hist []TxInfo, shrinking *finding.Key) *finding.Finding {
	n := len(seq)
	if n < 2 || len(hist) != n || !o.enabled(finding.FrontRunning) {
		return nil
	}
	// Front-running is two users' transactions racing; an attacker
	// contract's gains come from re-entering (SWC-107's to judge), and
	// order alone says nothing about them.
	a, b := seq[n-2].Sender, seq[n-1].Sender
	if o.isPrivileged(b) || o.isAttacker(b) {
		return nil
	}
	pair, prefix := [2]txseq.Tx{seq[n-2], seq[n-1]}, n-2
	switch {
	case hist[n-1].Paid:
		// The last transaction, sent by a copier first: the sender of
		// the one before, or else another user with a stake (the one
		// before may be the winner's own deposit).
		if !o.racer(a, b) {
			if a = o.copier(hist[:n-1], &seq[n-1]); a < 0 {
				return nil
			}
		}
		pair[0], pair[1], prefix = seq[n-1], seq[n-1], n-1
		pair[0].Sender = a
	case !hist[n-2].Paid || !o.racer(a, b):
		return nil
	}
	if !o.paidIn(hist[:prefix], &pair[0]) || !o.paidIn(hist[:prefix], &pair[1]) {
		// A payout to a sender who never paid in, or was paid back all
		// it paid in, is SWC-105's to judge (whoever comes first takes
		// other people's money).
		return nil
	}
	o.orders++
	if shrinking == nil && o.orders > orderFree && o.orders%orderEvery != 0 {
		return nil
	}
	orig, swapped, pay := o.bothOrders(seq[:prefix], pair)
	if o.enabled(finding.EtherLeak) && !o.Entitled[a] && !o.Entitled[b] && o.Chain.State().GetBalance(o.Dep.Addrs[pair[1].Contract]).IsZero() {
		// The payout (in the transactions' own order, the state the
		// chain is left in) emptied the contract, the ether it holds of other
		// people's included: a sweep anyone may call, SWC-105's to
		// report (swc105_pos_missing_modifier.sol), not a race for a
		// prize. Members a constructor named race for a pot that is
		// theirs (swc114_pos_members_first04.sol).
		return nil
	}
	// orig[0] and swapped[1] are pair[0]'s sender's gains, orig[1] and
	// swapped[0] pair[1]'s.
	won, lost := winner(orig[0], orig[1]), winner(swapped[1], swapped[0])
	if won < 0 || lost < 0 || won == lost || !pay.ok {
		return nil
	}
	// Each one's gain moves with the order, in opposite directions: what
	// one takes by going first, the other loses.
	if !orig[won].Sgt(&swapped[1-won]) || !swapped[won].Sgt(&orig[1-won]) {
		return nil
	}
	var wins [2]uint256.Int // each sender's gain in the order it wins
	wins[won], wins[1-won] = orig[won], swapped[won]
	if !prizeRace(hist[:prefix], [2]int{pair[0].Sender, pair[1].Sender}, wins) {
		return nil
	}
	if shrinking != nil && shrinking.Kind != finding.FrontRunning {
		return nil
	}
	names := [2]string{o.Principals[pair[0].Sender].Hex(), o.Principals[pair[1].Sender].Hex()}
	what := fmt.Sprintf("transactions %d and %d come from different senders", n-1, n)
	if prefix == n-1 {
		what = fmt.Sprintf("transaction %d, sent by %s, and a copy of it sent by %s", n, names[1], names[0])
	}
	f := &finding.Finding{Kind: finding.FrontRunning, Contract: pay.code, PC: pay.pc,
		Detail: fmt.Sprintf("%s: in this order %s gains %s wei and %s %s wei; swapped, %s gains %s wei and %s %s wei. Whoever is mined first is paid, so a sender who sees the other's pending transaction can take its payout",
			what, names[0], signedDec(orig[0]), names[1], signedDec(orig[1]), names[1], signedDec(swapped[0]), names[0], signedDec(swapped[1]))}
	f.Location, f.Located = o.Prog.Contracts[f.Contract].Locate(f.PC, false)
	return f
}

// racer reports whether principal a can race b: an unprivileged
// externally owned sender other than b.
func (o *order) racer(a, b int) bool {
	return a != b && !o.isPrivileged(a) && !o.isAttacker(a)
}

// copier returns the first principal that can race tx's sender and has a
// stake in the contract when it sends a copy of tx after hist, or -1.
func (o *order) copier(hist []TxInfo, tx *txseq.Tx) int {
	for p := range o.Principals {
		c := *tx
		c.Sender = p
		if o.racer(p, tx.Sender) && o.paidIn(hist, &c) {
			return p
		}
	}
	return -1
}

// paidIn reports whether tx's sender has a stake in the contract when tx
// runs after hist: it sends ether with tx, it paid the contracts more
// ether in hist than they paid it back, or it is a member a constructor
// named in an address list (a payee entitled to a share without paying
// in). A sender already paid back in full that is paid again owes it to a
// missing debit, SWC-105's to report: both senders then claim the same
// ether, and whoever comes first gets it (swc105_pos_double_withdraw04.sol;
// prizeRace judges one that paid in again, less than it claims).
func (m *Machine) paidIn(hist []TxInfo, tx *txseq.Tx) bool {
	return !tx.Value.IsZero() || owedBack(hist, tx.Sender) || m.Entitled[tx.Sender]
}

// prizeRace reports whether one of two racing senders (pair positions;
// win[i] is what sender i gains in the order where it wins) wins a prize:
// more than its stake (what it paid in before the pair, less what it was
// paid), never having been paid before. Anything else is a missing
// debit's, SWC-105's to report, and paidIn cannot tell it (a sender paid
// back in full that deposits 1 wei again has a stake): a winner paid back
// no more than its stake takes its own money back, nobody's payout (a run
// on a contract another sender's repeated withdrawals emptied); one paid
// again, more than its stake, claims a credit never debited, out of the
// other's deposit (swc105_pos_double_withdraw04.sol, TestNoRaceOnRepaidClaims).
func prizeRace(hist []TxInfo, senders [2]int, win [2]uint256.Int) bool {
	for i, p := range senders {
		var stake uint256.Int
		paid := false
		for j := range hist {
			if h := &hist[j]; h.Sender == p {
				stake.Add(&stake, &h.Value)
				stake.Add(&stake, &h.Own)
				stake.Sub(&stake, &h.Got)
				paid = paid || h.Paid
			}
		}
		if win[i].Sgt(&stake) && !paid {
			return true
		}
	}
	return false
}

// owedBack reports whether principal p paid in more ether in hist (the
// transactions' values and an attacker's own ether) than it was paid.
func owedBack(hist []TxInfo, p int) bool {
	var in, out uint256.Int
	for i := range hist {
		if h := &hist[i]; h.Sender == p {
			in.Add(&in, &h.Value)
			in.Add(&in, &h.Own)
			out.Add(&out, &h.Got)
		}
	}
	return in.Gt(&out)
}

// bothOrders runs prefix from the deployed state, then pair swapped and
// pair in order, each from the state after prefix; it returns the
// senders' gains in both runs (indexed by position in the run) and where
// the ordered run paid one of them first.
func (o *order) bothOrders(prefix txseq.Sequence, pair [2]txseq.Tx) (orig, swapped [2]uint256.Int, pay payout) {
	o.Chain.Reset(o.Base)
	for i := range prefix {
		o.Rerun(&prefix[i], 0)
	}
	before := o.Chain.Snapshot()
	first, second := pair[1], pair[0]
	// The block advances stay in place: the first transaction mined
	// moves the clock as the original first did.
	first.Blocks, first.Seconds = pair[0].Blocks, pair[0].Seconds
	second.Blocks, second.Seconds = pair[1].Blocks, pair[1].Seconds
	swapped = o.gainsInOrder([2]*txseq.Tx{&first, &second}, nil)
	o.Chain.Reset(before)
	orig = o.gainsInOrder([2]*txseq.Tx{&pair[0], &pair[1]}, &pay)
	return orig, swapped, pay
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
func (o *order) gainsInOrder(txs [2]*txseq.Tx, pay *payout) [2]uint256.Int {
	st := o.Chain.State()
	var gain [2]uint256.Int
	for i, tx := range txs {
		gain[i].Set(st.GetBalance(o.Principals[tx.Sender]))
	}
	var spent [2]uint256.Int // ether an attacker's operator paid in
	for i, tx := range txs {
		r := o.Rerun(tx, 0)
		if _, _, attacker := deploy.SenderOf(o.Chain, tx.Sender); attacker && r.Err == nil {
			spent[i].Set(&tx.Value)
		}
		if pay == nil || pay.ok {
			continue
		}
		for _, e := range o.Tracer.Events() {
			if e.Kind == trace.EventEtherOut && (e.Addr == o.Principals[txs[0].Sender] || e.Addr == o.Principals[txs[1].Sender]) {
				*pay = payout{code: int(e.Code), pc: e.PC, ok: true}
				break
			}
		}
	}
	st = o.Chain.State()
	for i, tx := range txs {
		var after uint256.Int
		after.Sub(st.GetBalance(o.Principals[tx.Sender]), &gain[i])
		gain[i].Sub(&after, &spent[i])
	}
	return gain
}

// signedDec renders a two's complement gain.
func signedDec(x uint256.Int) string {
	if x.Sign() < 0 {
		var m uint256.Int
		return "-" + m.Neg(&x).Dec()
	}
	return x.Dec()
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

// isAttacker reports whether principal p is one of the attacker contracts.
func (m *Machine) isAttacker(p int) bool {
	_, _, ok := deploy.SenderOf(m.Chain, p)
	return ok
}

// isPrivileged reports whether principal p is the deployer or was named
// in a constructor.
func (m *Machine) isPrivileged(p int) bool { return p < len(m.Privileged) && m.Privileged[p] }

// PrivilegedFor reports whether principal p is privileged for contract
// c: everywhere, or named by c's constructor (PrivilegedAt); c -1 asks
// for everywhere only.
func (m *Machine) PrivilegedFor(p, c int) bool {
	if !m.isPrivileged(p) {
		return false
	}
	if p >= len(m.PrivilegedAt) || m.PrivilegedAt[p] == nil {
		return true
	}
	return c >= 0 && c < len(m.PrivilegedAt[p]) && m.PrivilegedAt[p][c]
}
