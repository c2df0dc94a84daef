package oracle

import (
	"bytes"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is SWC-105's rule for a sequence an owner took part in (a
// step of the oracle pipeline, registry.go). vulns.go and leak.go judge
// sequences of unprivileged senders only: whatever an owner did, it may
// have given the payee the ether (a deposit made for it, a refund opened).
// But what an owner gave is given once: when a transaction of an
// unprivileged sender, sending no ether, paid an unprivileged account the
// fuzzer controls, and the same transaction run again at once (same
// block, same calldata), with the contract holding one wei more than the
// payout besides (other people's ether: another investor's deposit), pays
// it exactly the same amount again and changes none of the contract's
// storage, the withdrawal forgets its debit (a sale of tokens for ether
// pays again too, but debits the tokens). A
// sweep of the balance to a payee the owner chose pays a different amount
// (the balance changed), and a withdrawal that debits pays nothing. A partial withdrawal whose amount the caller
// names (the amount is a word of its calldata) is left alone: a grant
// paid out in instalments pays again by design. Time-based payouts
// (vesting, a salary per period) pay nothing more in the same block.

//
// A depositor's withdrawal in a sequence of unprivileged senders is
// re-run the same way (noteRecollect, own), its amount named or not: a
// withdrawal without its debit pays the depositor its own money once and
// then, at once, other people's. Three transactions (deposit, withdraw,
// withdraw again) with amounts the contract can cover are rarer than two;
// a depositor taking its own deposit back in instalments changes its
// balance each time (a debit), and one paid more than it put in by
// design (interest) is debited too.

// recollectTries bounds the re-runs per payout site and worker that
// confirmed nothing.
const recollectTries = 8

// recollectState is the payout awaiting the re-run (checkEvents).
type recollectState struct {
	pending bool
	ev      trace.Event
	p       int
	// own: the payee is an unprivileged depositor paid in a sequence of
	// unprivileged senders (noteRecollect's own).
	own   bool
	tried map[callSite]int
}

// noteRecollect remembers the payout e to principal p, for
// confirmRecollect, when it may be one: the last transaction's sender
// paid nothing in and, in a sequence with a privileged sender (own
// false), is unprivileged; in a sequence of unprivileged senders (own:
// p is a depositor), is p, and the same payout again would leave p up
// on the sequence (a partial withdrawal of a larger deposit proves
// nothing paid again, and would use up the site's tries).
func (o *events) noteRecollect(hist []TxInfo, p int, e *trace.Event, own bool) {
	n := len(hist)
	if o.again.pending || n == 0 || hist[n-1].paidIn() || e.Value.IsZero() {
		return
	}
	if own && (hist[n-1].Sender != p || !o.upAfter(hist, p, &e.Value)) || !own && o.isPrivileged(hist[n-1].Sender) {
		return
	}
	o.again = recollectState{pending: true, ev: *e, p: p, own: own, tried: o.again.tried}
}

// confirmRecollect runs the last transaction of seq again from the state
// it left (and the contract holding the payout and one wei more) and
// reports the remembered payout when it is paid again, exactly, and the
// payee is then up on the sequence. The chain is left in the state the
// sequence left.
func (o *events) confirmRecollect(seq txseq.Sequence, hist []TxInfo, shrinking *finding.Key) *finding.Finding {
	c := &o.again
	if !c.pending {
		return nil
	}
	c.pending = false
	n := len(hist)
	if !o.enabled(finding.EtherLeak) || len(seq) < n || seq[n-1].Method < 0 {
		return nil
	}
	e := c.ev
	f := &finding.Finding{Kind: finding.EtherLeak, Contract: int(e.Code), PC: e.PC}
	o.locate(f, e.Site)
	if key := f.Key(); shrinking != nil && key != *shrinking || shrinking == nil && o.known(key) {
		return nil
	}
	last := seq[n-1]
	if !c.own && named(o.Encode(&last), e.Value.Bytes32()) {
		return nil
	}
	if shrinking == nil {
		site := callSite{int(e.Code), e.PC}
		if c.tried == nil {
			c.tried = make(map[callSite]int)
		}
		if c.tried[site] >= recollectTries {
			return nil
		}
		c.tried[site]++
	}
	ci := int(e.Code)
	if ci >= len(o.Dep.Addrs) || o.Dep.Addrs[ci] == (common.Address{}) {
		// A contract created at run time: its storage is not compared.
		return nil
	}
	// The payout's code runs at its own address or, delegated to (a
	// proxy's implementation), at the called contract's: both hold the
	// ether and the storage that may be debited.
	addrs := [2]common.Address{o.Dep.Addrs[ci], o.Dep.Addrs[ci]}
	if last.Contract < len(o.Dep.Addrs) && o.Dep.Addrs[last.Contract] != (common.Address{}) {
		addrs[1] = o.Dep.Addrs[last.Contract]
	}
	after := o.Chain.Snapshot()
	defer o.Chain.Reset(after)
	// Other people's ether the contract could hold (another investor's
	// deposit), one wei more than the payout: a withdrawal without a
	// debit pays the same again, a sweep of the balance (or a share of
	// it) pays a different amount.
	var top uint256.Int
	top.AddUint64(&e.Value, 1)
	o.Chain.State().AddBalance(addrs[0], &top, tracing.BalanceChangeUnspecified)
	if addrs[1] != addrs[0] {
		o.Chain.State().AddBalance(addrs[1], &top, tracing.BalanceChangeUnspecified)
	}
	last.Blocks, last.Seconds = 0, 0
	if r := o.Rerun(&last, 0); r.Err != nil || !o.paidAgain(&e) {
		return nil
	}
	gain, ok := o.netGain(hist, c.p)
	if !ok || o.debited(after, addrs, e.Code) {
		return nil
	}
	f.Detail = fmt.Sprintf("transaction %d (its sender sent no ether) paid %s %s wei; run again at once, with the contract holding that and one wei more of other people's ether, it pays exactly the same again (a withdrawal without a debit), and %s would be %s wei up on the sequence",
		n, e.Addr.Hex(), e.Value.Dec(), e.Addr.Hex(), gain.Dec()) + o.deployerNote(hist)
	return f
}

// paidAgain reports whether the transaction just re-run paid e's payee
// e's amount at e's payout instruction.
func (o *events) paidAgain(e *trace.Event) bool {
	evs := o.Tracer.Events()
	for i := range evs {
		if evs[i].Kind == trace.EventEtherOut && evs[i].Code == e.Code && evs[i].PC == e.PC && evs[i].Addr == e.Addr && evs[i].Value.Eq(&e.Value) {
			return true
		}
	}
	return false
}

// named reports whether word is one of the argument words of calldata.
func named(calldata []byte, word [32]byte) bool {
	for off := 4; off+32 <= len(calldata); off += 32 {
		if bytes.Equal(calldata[off:off+32], word[:]) {
			return true
		}
	}
	return false
}

// debited reports whether the transaction just re-run changed a storage
// slot of contract code at one of addrs from its value in snapshot before: a
// payout that debits something (a token balance sold for ether, a
// counter) is not paid for nothing. The chain is left at before.
func (o *events) debited(before chain.Snapshot, addrs [2]common.Address, code int32) bool {
	if !o.Tracer.StoredAll() {
		return true
	}
	type word struct {
		addr     common.Address
		key, val common.Hash
	}
	var after []word
	st := o.Chain.State()
	for _, s := range o.Tracer.Stored() {
		if s.Code == code {
			k := common.Hash(s.Key.Bytes32())
			for i, a := range addrs {
				if i == 0 || a != addrs[0] {
					after = append(after, word{a, k, st.GetState(a, k)})
				}
			}
		}
	}
	o.Chain.Reset(before)
	st = o.Chain.State()
	for _, x := range after {
		if st.GetState(x.addr, x.key) != x.val {
			return true
		}
	}
	return false
}
