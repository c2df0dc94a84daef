package oracle

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/foresight-sol/foresight/solc/position"
	"github.com/holiman/uint256"
)

// This file turns the tracer's events into vulnerability findings (sFuzz
// §3.1 and §4, HARVEY's SWC list). Each oracle asks for evidence an
// attacker could produce alone: the senders of the sequence must be
// unprivileged (not named in a constructor, never the deployer), ether
// must reach an account that never paid any in or that collects again and
// again (leak.go), and so on, because a
// false positive in the editor costs more than a missed finding.

// Check judges the events of the transaction x describes, if it left
// any, and re-runs what needs confirming.
func (o *events) Check(x *Context) *finding.Finding {
	// Before the early return: an attacker that re-entered with value
	// paid in even when the transaction left no event of its own.
	o.notePaid(x.Hist)
	if !o.Tracer.HasEvents() {
		return nil
	}
	f := o.checkEvents(x.Seq, x.Hist, x.Shrinking)
	if f == nil && x.Result.Err == nil {
		f = o.confirmLoopBlock(x.Seq, x.Hist, x.Shrinking)
	}
	o.EndRerun()
	return f
}

// checkEvents applies the vulnerability oracles to the events of the
// transaction hist[len(hist)-1], which committed (events of reverted
// frames are gone) or, for the few oracles that do not need that, ran.
// While a finding is shrunk, its key is shrinking.
// Findings not known yet (or the one shrunk) come first, then a re-run
// that confirms an unchecked call, then findings known already.
func (o *events) checkEvents(seq txseq.Sequence, hist []TxInfo, shrinking *finding.Key) *finding.Finding {
	o.pending = o.pending[:0]
	o.again.pending = false
	if shrinking == nil {
		o.depriv.noteDepriv(seq, hist, o.Tracer.Events())
	}
	f, wanted := o.judge(seq, hist, o.Tracer.Events(), shrinking)
	if wanted {
		return f
	}
	g, wanted := o.judge(seq, hist, o.Tracer.Sticky(), shrinking)
	if wanted {
		return g
	}
	// The re-run reuses the tracer's buffers: the events are judged.
	if u := o.confirmUnchecked(seq, hist, shrinking); u != nil {
		return u
	}
	if u := o.confirmRecollect(seq, hist, shrinking); u != nil {
		return u
	}
	if f != nil {
		return f
	}
	return g
}

// judge turns events into a finding: one not known yet, or the one being
// shrunk (wanted), else a known one. Unchecked calls awaiting a failure
// go to o.pending.
func (o *events) judge(seq txseq.Sequence, hist []TxInfo, evs []trace.Event, shrinking *finding.Key) (f *finding.Finding, wanted bool) {
	if len(evs) == 0 {
		return nil, false
	}
	unprivileged := !o.privilegedActed(seq, hist)
	// One transaction may show several findings; report one not known
	// yet (or, while shrinking, the one being shrunk), so that none hides
	// behind another.
	// A payout the transaction made twice by re-entering is SWC-107's:
	// the depositor-drain rule of SWC-105 would report the same bug again.
	reentered := false
	for i := range evs {
		reentered = reentered || evs[i].Kind == trace.EventReentrancy
	}
	var first *finding.Finding
	for i := range evs {
		if o.awaitsFailure(&evs[i]) {
			o.pending = append(o.pending, evs[i])
			continue
		}
		f := o.judge1(seq, hist, unprivileged, reentered, &evs[i])
		if f == nil {
			continue
		}
		key := f.Key()
		if shrinking != nil {
			if key == *shrinking {
				return f, true
			}
		} else if !o.known(key) {
			return f, true
		}
		if first == nil {
			first = f
		}
	}
	return first, false
}

// judge1 turns one event into a finding, or nil.
func (o *events) judge1(seq txseq.Sequence, hist []TxInfo, unprivileged, reentered bool, e *trace.Event) *finding.Finding {
	n := len(hist)
	var kind finding.Kind
	var detail string
	switch e.Kind {
	case trace.EventUncheckedCall:
		// A callee the fuzzer controls that did not fail is made to
		// fail by confirmUnchecked; an owner's address is fixed. (A
		// STATICCALL's flag, console.log's among them, is not
		// followed: trace/callflag.go.)
		failed := !e.Value.IsZero()
		kind = finding.UncheckedCall
		if failed {
			detail = fmt.Sprintf("the call to %s failed in transaction %d, no copy of its success flag decided anything, and the transaction went on and completed", e.Addr.Hex(), n)
		} else {
			detail = fmt.Sprintf("no copy of the success flag of this call to %s (transaction %d) decides anything: had it failed, the transaction would have gone on as if it had not", e.Addr.Hex(), n)
		}
	case trace.EventReentrancy:
		kind = finding.Reentrancy
		if e.Cross {
			detail = fmt.Sprintf("in transaction %d the callee re-entered another function, which changed storage slot %s that the outer call had read before the call and used again after it%s", n, slotName(&e.Value), o.lineOf(int(e.Code), e.PC2, " at line "))
		} else {
			detail = fmt.Sprintf("in transaction %d the callee re-entered the same function, which read or changed storage slot %s that the outer call had read before the call and used again after it%s", n, slotName(&e.Value), o.lineOf(int(e.Code), e.PC2, " at line "))
		}
	case trace.EventEtherOut:
		if detail = o.etherOut(seq, n, hist, unprivileged, reentered, e); detail == "" {
			return nil
		}
		kind = finding.EtherLeak
	case trace.EventSelfdestruct:
		if !unprivileged {
			return nil
		}
		kind = finding.SelfDestruct
		detail = fmt.Sprintf("the contract self-destructed in transaction %d, sent by unprivileged accounts only", n)
	case trace.EventDelegateToInput:
		if p := o.principalIndex(e.Addr); !unprivileged || p >= 0 && o.Privileged[p] {
			// The deployer chose that address (a constructor argument).
			return nil
		}
		if e.Reverted || o.factoryMade(seq, n, int(e.Code)) {
			// Its frame reverted, so nothing the code did was committed
			// (simulate-and-revert); or a sender initialized a contract
			// that its factory initializes as it creates it.
			return nil
		}
		kind = finding.Delegatecall
		detail = fmt.Sprintf("transaction %d made the contract delegatecall %s, an address the sender chose", n, e.Addr.Hex())
	case trace.EventOriginAuth:
		kind = finding.TxOrigin
		detail = "this condition compares tx.origin with an address: a contract the owner calls can pass it (phishing)"
	case trace.EventTimeTransfer:
		if p := o.principalIndex(e.Addr); o.isPrivileged(hist[n-1].Sender) || p < 0 || o.isPrivileged(p) || e.Label&trace.LabelRandom == 0 && o.ownersSchedule(seq[:min(n-1, len(seq))], p, int(e.Code)) {
			// An owner's time lock, or ether forwarded to an address the
			// deployer fixed (a sale's wallet): not a miner's lever. An
			// owner's earlier transaction (opening refunds) does not
			// make the payout it enabled the owner's, but a schedule it
			// gave the payee does: a salary per day, a vesting grant
			// (swc105_neg_owner_credit_debit.sol's hire(to, perDay)).
			return nil
		}
		if o.ownRefund(hist, e.Addr) {
			// The sender got back at most its own msg.value (the excess
			// over a price): whatever the time, nobody gains.
			return nil
		}
		if (e.Label == trace.LabelTimestamp || e.Label == trace.LabelNumber) && o.ownStakeBack(seq, hist, e) {
			// A delay, in seconds or blocks, before a sender gets its
			// own ether back (an unstake delay, a time lock on its
			// deposit): the clock decided only when; nobody gains.
			return nil
		}
		kind = finding.BlockNumber
		what := "block.number"
		switch {
		case e.Label&trace.LabelRandom != 0:
			what = "a blockhash or block.prevrandao (known to every transaction of the block)"
		case e.Label&trace.LabelTimestamp != 0:
			kind, what = finding.Timestamp, "block.timestamp"
		}
		detail = fmt.Sprintf("%s decided this branch, and ether was sent after it in transaction %d", what, n)
	case trace.EventWrappedSlot:
		kind = finding.StorageWrite
		detail = fmt.Sprintf("transaction %d wrote a storage slot computed from an array index that wrapped past the end of storage, onto other variables", n)
	case trace.EventAssertionFailed:
		kind = finding.AssertFailure
		detail = fmt.Sprintf("transaction %d emitted AssertionFailed and committed", n)
	case trace.EventWrapUsed:
		kind = finding.IntegerWrap
		detail = fmt.Sprintf("the result wrapped around its type in transaction %d and was then stored, compared, sent or passed to another contract", n)
	default:
		return nil
	}
	if !o.enabled(kind) {
		return nil
	}
	f := &finding.Finding{Kind: kind, Contract: int(e.Code), PC: e.PC, Detail: detail + o.deployerNote(hist)}
	o.locate(f, e.Site)
	return f
}

// ownRefund reports whether the last transaction of hist paid address
// to, its own sender, at most the ether that sender paid in.
func (o *events) ownRefund(hist []TxInfo, to common.Address) bool {
	h := &hist[len(hist)-1]
	if o.principalIndex(to) != h.Sender {
		return false
	}
	var in, paid uint256.Int
	in.Add(&h.Value, &h.Own)
	evs := o.Tracer.Events()
	for i := range evs {
		if evs[i].Kind == trace.EventEtherOut && evs[i].Addr == to {
			paid.Add(&paid, &evs[i].Value)
		}
	}
	return paid.Cmp(&in) <= 0
}

// factoryMade reports whether one of the first n transactions of seq
// called, on contract ct, a function that a factory of the program calls
// on each such contract in the transaction that creates it (program's
// FactoryCalled): that call is the contract's deployment, which a
// contract the fuzzer deployed on its own leaves to any sender.
func (m *Machine) factoryMade(seq txseq.Sequence, n, ct int) bool {
	c := m.Prog.Contracts[ct]
	called := c.FactoryCalled()
	if len(called) == 0 {
		return false
	}
	for i := range seq[:min(n, len(seq))] {
		if tx := &seq[i]; tx.Contract == ct && tx.Method >= 0 && called[c.Methods[tx.Method].RawName] {
			return true
		}
	}
	return false
}

// ownersSchedule reports whether principal p is paid on a schedule the
// owner gave it: a privileged transaction to contract ct named p without
// paying in (a salary, a vesting grant), and none paid in for p (a
// deposit made for p is p's money, its refund p's to claim).
func (m *Machine) ownersSchedule(seq txseq.Sequence, p, ct int) bool {
	return m.namedBy(seq, p, ct, -1, true) && !m.paidInFor(seq, p, ct)
}

// paidInFor reports whether a privileged transaction of seq to contract
// ct sent ether and named principal p.
func (m *Machine) paidInFor(seq txseq.Sequence, p, ct int) bool {
	for i := range seq {
		if !seq[i].Value.IsZero() && m.namedBy(seq[i:i+1], p, ct, -1, false) {
			return true
		}
	}
	return false
}

// deployerNote says when the deployer sent part of the sequence hist.
func (m *Machine) deployerNote(hist []TxInfo) string {
	if d := m.principalIndex(chain.Deployer); d >= 0 {
		for _, h := range hist {
			if h.Sender == d {
				return "; the deployer (a privileged sender) sent part of the sequence"
			}
		}
	}
	return ""
}

// privilegedActed reports whether a privileged sender acted in hist: sent
// a transaction that committed and was not a view call without value,
// to a contract it is privileged for (privilegedFor). A
// deployer's read (the fuzzer gives it a share of every contract's
// calls, getters too) or its reverted call changes nothing the payouts
// after it could owe to it.
func (m *Machine) privilegedActed(seq txseq.Sequence, hist []TxInfo) bool {
	for j := range hist {
		h := &hist[j]
		if !m.isPrivileged(h.Sender) || h.Failed {
			continue
		}
		if j < len(seq) && (h.Value.IsZero() && m.isViewCall(&seq[j]) || !m.PrivilegedFor(h.Sender, seq[j].Contract)) {
			// A read, or a call to a contract its privilege is not
			// for: it acted as any user would.
			continue
		}
		return true
	}
	return false
}

// isViewCall reports whether tx calls a view or pure function.
func (m *Machine) isViewCall(tx *txseq.Tx) bool {
	if tx.Method < 0 || tx.Contract >= len(m.Prog.Contracts) {
		return false
	}
	ms := m.Prog.Contracts[tx.Contract].Methods
	return tx.Method < len(ms) && ms[tx.Method].IsConstant()
}

// etherOut judges ether paid to e.Addr in transaction n as a leak
// (SWC-105) and returns the evidence, or "" when it is none.
func (o *events) etherOut(seq txseq.Sequence, n int, hist []TxInfo, unprivileged, reentered bool, e *trace.Event) string {
	p := o.principalIndex(e.Addr)
	if p < 0 || o.Privileged[p] {
		// Paying the owner (a fee, a treasury) is no leak either.
		return ""
	}
	if !unprivileged {
		// What an owner gave may be taken once: recollect.go re-runs
		// the payout.
		if !reentered {
			o.noteRecollect(hist, p, e, false)
		}
		return ""
	}
	if o.deposited(hist, p) || o.Entitled[p] {
		if reentered {
			return ""
		}
		// A depositor's payout, or a payee's: leak.go judges it, and
		// usurp.go one to a sender in an owner's place.
		if d := o.drained(seq, hist, p); d != "" {
			return d
		}
		if u := o.usurped(hist, p, e); u != "" {
			return u
		}
		// A depositor paid for the first time may be paid again at
		// once: recollect.go re-runs the payout.
		if o.deposited(hist, p) {
			o.noteRecollect(hist, p, e, true)
		}
		return ""
	}
	gain, taken, ok := o.gains(hist, p)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s wei went to %s in transaction %d; it never sent the contract any, ended the sequence %s wei up, and the sequence's senders together took %s wei more than they put in (other people's money)",
		e.Value.Dec(), e.Addr.Hex(), n, gain.Dec(), taken.Dec())
}

// checkLoopFailure reports SWC-113: the transaction reverted right after a
// call in a loop to an account the fuzzer controls failed.
func (o *failures) checkLoopFailure(n int, r chain.Result) *finding.Finding {
	if r.Err == nil || !o.enabled(finding.DoSFailedCall) {
		return nil
	}
	loop := o.Tracer.Failure().Loop
	if !loop.Valid {
		return nil
	}
	f := &finding.Finding{Kind: finding.DoSFailedCall, Contract: loop.Contract, PC: loop.PC,
		Detail: fmt.Sprintf("a recipient that rejects payments made transaction %d revert inside the loop", n)}
	o.locate(f, loop.Site)
	return f
}

func (m *Machine) principalIndex(a common.Address) int {
	for i, p := range m.Principals {
		if p == a {
			return i
		}
	}
	return -1
}

// gains compares, after transaction len(hist), what principal p received
// with what it put in over the sequence, and what all the accounts the
// fuzzer controls took out of the contracts with what they put in. ok
// reports a leak: both are positive, so p's ether is not its own money
// paid back (its deposit, a refund, a pot it staked in), nor another
// sender's it was given (a withdrawal to another address).
func (m *Machine) gains(hist []TxInfo, p int) (gain, taken uint256.Int, ok bool) {
	st := m.Chain.Reader()
	var in, out uint256.Int // ether into and out of the principals, summed
	for i, a := range m.Principals {
		bal := st.GetBalance(a)
		start, attacker := m.startOf(hist, i)
		if i == p {
			if bal.Cmp(&start) <= 0 {
				return gain, taken, false
			}
			gain.Sub(bal, &start)
		}
		out.Add(&out, bal)
		if !attacker {
			in.Add(&in, &start)
		} else {
			in.Add(&in, deploy.AttackerBalance)
		}
	}
	out.Add(&out, st.GetBalance(deploy.Operator))
	in.Add(&in, chain.InitialBalance)
	if out.Cmp(&in) <= 0 {
		return gain, taken, false
	}
	taken.Sub(&out, &in)
	return gain, taken, true
}

// deposited reports whether principal p sent ether in any transaction so
// far (reverted ones included: fewer leak reports, never more).
func (m *Machine) deposited(hist []TxInfo, p int) bool {
	for _, h := range hist {
		if h.Sender == p && h.paidIn() {
			return true
		}
	}
	return false
}

// slotName renders a storage slot: small ones in decimal, hashed ones
// (mapping and array entries) in hex.
func slotName(v *uint256.Int) string {
	if v.IsUint64() && v.Uint64() < 1<<32 {
		return v.Dec()
	}
	return v.Hex()
}

// lineOf renders " at line N" for a PC of contract ci, or "".
func (m *Machine) lineOf(ci int, pc uint64, prefix string) string {
	c := m.Prog.Contracts[ci]
	loc, ok := c.Locate(pc, false)
	if !ok {
		return ""
	}
	u := c.Build.Units[loc.Unit]
	if u == nil {
		return ""
	}
	line, _, err := position.NewMapper(u.Content).LineCol(loc.Start)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%s%d", prefix, line+1)
}
