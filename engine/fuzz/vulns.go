package fuzz

import (
	"fmt"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
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

// txInfo is what the oracles need to know of an earlier transaction.
type txInfo struct {
	Sender int
	Value  uint256.Int
	Paid   bool        // it paid its own sender ether (order.go); false if not run
	Got    uint256.Int // how much ether it paid its own sender (order.go)
	// Own is the ether an attacker sender paid in of its own besides
	// Value, re-entering with value (order.go); zero if not run.
	Own uint256.Int
	// Failed: it reverted (false if not run: a prefix's transactions).
	Failed bool
}

// paidIn reports whether the transaction's sender paid ether in: the
// transaction's value, or an attacker's own ether while re-entering.
func (h *txInfo) paidIn() bool { return !h.Value.IsZero() || !h.Own.IsZero() }

// history fills the worker's reused history buffer from a sequence.
func (w *worker) history(seq txseq.Sequence) []txInfo {
	w.s.hist = w.s.hist[:0]
	for j := range seq {
		w.s.hist = append(w.s.hist, txInfo{Sender: seq[j].Sender, Value: seq[j].Value})
	}
	return w.s.hist
}

// checkEvents applies the vulnerability oracles to the events of the
// transaction hist[len(hist)-1], which committed (events of reverted
// frames are gone) or, for the few oracles that do not need that, ran.
// While a finding is shrunk, its key is shrinking.
// Findings not known yet (or the one shrunk) come first, then a re-run
// that confirms an unchecked call, then findings known already.
func (w *worker) checkEvents(seq txseq.Sequence, hist []txInfo, shrinking *Key) *Finding {
	w.rr.pending = w.rr.pending[:0]
	w.rr.again.pending = false
	if shrinking == nil {
		w.noteDepriv(seq, hist, w.tr.Events())
	}
	f, wanted := w.judge(seq, hist, w.tr.Events(), shrinking)
	if wanted {
		return f
	}
	g, wanted := w.judge(seq, hist, w.tr.Sticky(), shrinking)
	if wanted {
		return g
	}
	// The re-run reuses the tracer's buffers: the events are judged.
	if u := w.confirmUnchecked(seq, hist, shrinking); u != nil {
		return u
	}
	if u := w.confirmRecollect(seq, hist, shrinking); u != nil {
		return u
	}
	if f != nil {
		return f
	}
	return g
}

// judge turns events into a finding: one not known yet, or the one being
// shrunk (wanted), else a known one. Unchecked calls awaiting a failure
// go to w.rr.pending.
func (w *worker) judge(seq txseq.Sequence, hist []txInfo, evs []trace.Event, shrinking *Key) (f *Finding, wanted bool) {
	if len(evs) == 0 {
		return nil, false
	}
	unprivileged := true
	for _, h := range hist {
		if h.Sender < len(w.privileged) && w.privileged[h.Sender] {
			unprivileged = false
		}
	}
	// One transaction may show several findings; report one not known
	// yet (or, while shrinking, the one being shrunk), so that none hides
	// behind another.
	// A payout the transaction made twice by re-entering is SWC-107's:
	// the depositor-drain rule of SWC-105 would report the same bug again.
	reentered := false
	for i := range evs {
		reentered = reentered || evs[i].Kind == trace.EventReentrancy
	}
	var first *Finding
	for i := range evs {
		if w.awaitsFailure(&evs[i]) {
			w.rr.pending = append(w.rr.pending, evs[i])
			continue
		}
		f := w.judge1(seq, hist, unprivileged, reentered, &evs[i])
		if f == nil {
			continue
		}
		key := f.Key()
		if shrinking != nil {
			if key == *shrinking {
				return f, true
			}
		} else if !w.c.known(key) {
			return f, true
		}
		if first == nil {
			first = f
		}
	}
	return first, false
}

// judge1 turns one event into a finding, or nil.
func (w *worker) judge1(seq txseq.Sequence, hist []txInfo, unprivileged, reentered bool, e *trace.Event) *Finding {
	n := len(hist)
	var kind finding.Kind
	var detail string
	switch e.Kind {
	case trace.EventUncheckedCall:
		// A callee the fuzzer controls that did not fail is made to
		// fail by confirmUnchecked; an owner's address is fixed.
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
			detail = fmt.Sprintf("in transaction %d the callee re-entered another function, which changed storage slot %s that the outer call had read before the call and used again after it%s", n, slotName(&e.Value), w.lineOf(int(e.Code), e.PC2, " at line "))
		} else {
			detail = fmt.Sprintf("in transaction %d the callee re-entered the same function, which read or changed storage slot %s that the outer call had read before the call and used again after it%s", n, slotName(&e.Value), w.lineOf(int(e.Code), e.PC2, " at line "))
		}
	case trace.EventEtherOut:
		if detail = w.etherOut(n, hist, unprivileged, reentered, e); detail == "" {
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
		if p := w.principalIndex(e.Addr); !unprivileged || p >= 0 && w.privileged[p] {
			// The deployer chose that address (a constructor argument).
			return nil
		}
		kind = finding.Delegatecall
		detail = fmt.Sprintf("transaction %d made the contract delegatecall %s, an address the sender chose", n, e.Addr.Hex())
	case trace.EventOriginAuth:
		kind = finding.TxOrigin
		detail = "this condition compares tx.origin with an address: a contract the owner calls can pass it (phishing)"
	case trace.EventTimeTransfer:
		if p := w.principalIndex(e.Addr); w.isPrivileged(hist[n-1].Sender) || p < 0 || w.isPrivileged(p) || e.Label&trace.LabelRandom == 0 && w.ownersSchedule(seq[:min(n-1, len(seq))], p, int(e.Code)) {
			// An owner's time lock, or ether forwarded to an address the
			// deployer fixed (a sale's wallet): not a miner's lever. An
			// owner's earlier transaction (opening refunds) does not
			// make the payout it enabled the owner's, but a schedule it
			// gave the payee does: a salary per day, a vesting grant
			// (swc105_neg_owner_credit_debit.sol's hire(to, perDay)).
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
	if !w.c.enabled(kind) {
		return nil
	}
	f := &Finding{Kind: kind, Contract: int(e.Code), PC: e.PC, Detail: detail + w.deployerNote(hist)}
	w.c.locate(f, e.Site)
	return f
}

// ownersSchedule reports whether principal p is paid on a schedule the
// owner gave it: a privileged transaction to contract ct named p without
// paying in (a salary, a vesting grant), and none paid in for p (a
// deposit made for p is p's money, its refund p's to claim).
func (w *worker) ownersSchedule(seq txseq.Sequence, p, ct int) bool {
	return w.namedBy(seq, p, ct, -1, true) && !w.paidInFor(seq, p, ct)
}

// paidInFor reports whether a privileged transaction of seq to contract
// ct sent ether and named principal p.
func (w *worker) paidInFor(seq txseq.Sequence, p, ct int) bool {
	for i := range seq {
		if !seq[i].Value.IsZero() && w.namedBy(seq[i:i+1], p, ct, -1, false) {
			return true
		}
	}
	return false
}

// deployerNote says when the deployer sent part of the sequence hist.
func (w *worker) deployerNote(hist []txInfo) string {
	if d := w.principalIndex(chain.Deployer); d >= 0 {
		for _, h := range hist {
			if h.Sender == d {
				return "; the deployer (a privileged sender) sent part of the sequence"
			}
		}
	}
	return ""
}

// etherOut judges ether paid to e.Addr in transaction n as a leak
// (SWC-105) and returns the evidence, or "" when it is none.
func (w *worker) etherOut(n int, hist []txInfo, unprivileged, reentered bool, e *trace.Event) string {
	p := w.principalIndex(e.Addr)
	if p < 0 || w.privileged[p] {
		// Paying the owner (a fee, a treasury) is no leak either.
		return ""
	}
	if !unprivileged {
		// What an owner gave may be taken once: recollect.go re-runs
		// the payout.
		if !reentered {
			w.noteRecollect(hist, p, e)
		}
		return ""
	}
	if w.deposited(hist, p) || w.entitled[p] {
		if reentered {
			return ""
		}
		// A depositor's payout, or a payee's: leak.go judges it.
		return w.drained(hist, p)
	}
	gain, taken, ok := w.gains(hist, p)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s wei went to %s in transaction %d; it never sent the contract any, ended the sequence %s wei up, and the sequence's senders together took %s wei more than they put in (other people's money)",
		e.Value.Dec(), e.Addr.Hex(), n, gain.Dec(), taken.Dec())
}

// checkLoopFailure reports SWC-113: the transaction reverted right after a
// call in a loop to an account the fuzzer controls failed.
func (w *worker) checkLoopFailure(n int, r chain.Result) *Finding {
	if r.Err == nil || !w.c.enabled(finding.DoSFailedCall) {
		return nil
	}
	loop := w.tr.Failure().Loop
	if !loop.Valid {
		return nil
	}
	f := &Finding{Kind: finding.DoSFailedCall, Contract: loop.Contract, PC: loop.PC,
		Detail: fmt.Sprintf("a recipient that rejects payments made transaction %d revert inside the loop", n)}
	w.c.locate(f, loop.Site)
	return f
}

func (w *worker) principalIndex(a common.Address) int {
	for i, p := range w.principals {
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
func (w *worker) gains(hist []txInfo, p int) (gain, taken uint256.Int, ok bool) {
	st := w.ch.State()
	var in, out uint256.Int // ether into and out of the principals, summed
	for i, a := range w.principals {
		bal := st.GetBalance(a)
		var start uint256.Int
		_, _, attacker := deploy.SenderOf(w.ch, i)
		if !attacker {
			start.Set(chain.InitialBalance) // an account: its balance says it all
		} else {
			start = attackerStart(hist, i)
		}
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
func (w *worker) deposited(hist []txInfo, p int) bool {
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
func (w *worker) lineOf(ci int, pc uint64, prefix string) string {
	c := w.c.prog.Contracts[ci]
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

// receipts remembers, per contract, the first sequence that paid it ether,
// for the freezing-ether finding.
type receipts struct {
	mu  sync.Mutex
	seq map[int]txseq.Sequence
}

func (rc *receipts) note(ci int, seq txseq.Sequence) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.seq == nil {
		rc.seq = map[int]txseq.Sequence{}
	}
	if _, ok := rc.seq[ci]; !ok {
		rc.seq[ci] = seq.Clone()
	}
}

func (rc *receipts) has(ci int) bool {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	_, ok := rc.seq[ci]
	return ok
}

// canSendEther reports whether code has any instruction that can move
// ether out: a call, a create with value, or a self-destruct.
func canSendEther(code []byte) bool {
	for pc := 0; pc < len(code); pc++ {
		switch op := vm.OpCode(code[pc]); {
		case op == vm.CALL || op == vm.CALLCODE || op == vm.DELEGATECALL || op == vm.SELFDESTRUCT ||
			op == vm.CREATE || op == vm.CREATE2:
			return true
		case op >= vm.PUSH1 && op <= vm.PUSH32:
			pc += int(op - vm.PUSH1 + 1)
		}
	}
	return false
}

// frozen reports freezing ether at the end of a campaign: a target that
// received ether and has no instruction that could send any out. Code that
// could send but never did in the campaign is not reported: the fuzzer may
// just not have reached the path (sFuzz's false positives).
func (c *campaign) frozen(coverage [][]bool) []*Finding {
	if !c.enabled(finding.FreezingEther) {
		return nil
	}
	var out []*Finding
	for ci, ct := range c.prog.Contracts {
		if !ct.Target || !c.receipts.has(ci) || canSendEther(ct.Artifact.Runtime.Bytes) {
			continue
		}
		covered, total := 0, 0
		for pc, user := range ct.UserPC {
			if user {
				total++
				if pc < len(coverage[ci]) && coverage[ci][pc] {
					covered++
				}
			}
		}
		f := &Finding{Kind: finding.FreezingEther, Contract: ci, Seq: c.receipts.seq[ci],
			Detail: fmt.Sprintf("the last transaction paid it ether, and its code has no instruction that sends ether (call, create or selfdestruct); %d of %d instructions covered", covered, total)}
		f.Location, f.Located = ct.Location()
		out = append(out, f)
	}
	return out
}
