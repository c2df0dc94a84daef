package oracle

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is SWC-116's and block.number's rule for a delay before a
// sender gets its own ether back (an unstake delay): the clock decided
// only when, so the payout is no finding.

// ownStakeBack reports whether the last transaction of hist paid address
// to, its own sender, while that sender's transactions to the contract it
// called, this one included, have paid it no more than it paid in over
// the sequence: its stake (or what is left of it) paid back, however many
// transactions it took to pay it in. A block producer who moves the
// timestamp a few seconds only moves when the sender gets its own ether
// back. A payout beyond the stake (a bonus, a lottery's pot, a refund
// of another's deposit) is judged as before. The reentrant attacker's
// stake may have been paid in re-entering another sender's transaction
// (lentBy).
//
// The stake may go to an address the sender names in the transaction
// (ERC-4337's withdrawStake(withdrawAddress)): it is the sender's own
// still when what its transactions to the contract were paid before,
// with this payout, is no more than what they paid in.
func (o *events) ownStakeBack(seq txseq.Sequence, hist []TxInfo, e *trace.Event) bool {
	n := len(hist)
	h := &hist[n-1]
	if o.principalIndex(e.Addr) == h.Sender {
		return !tookMore(hist, h.Sender, h.Contract, lentBy(hist, h.Sender, o.Principals))
	}
	if n > len(seq) || !o.namesAddress(&seq[n-1], e.Addr) {
		return false
	}
	// What this transaction paid the sender itself is not counted: a
	// reentrant payee passing its own deposit on to the sender
	// (withdrawTo(sender)) is not the stake, and a transfer the clock
	// decided to the sender is judged by its own event.
	in, out := flowOf(hist[:n-1], h.Sender, h.Contract)
	if !h.Failed {
		in.Add(&in, &h.Value)
	}
	in.Add(&in, &h.Own)
	if lent := lentBy(hist, h.Sender, o.Principals); lent != nil {
		in.Add(&in, lent)
	}
	if p := o.principalIndex(e.Addr); p >= 0 {
		// A payee of the fuzzer's may re-enter and withdraw its own
		// deposit to itself: what it holds in the contract is its own.
		pin, pout := flowOf(hist[:n-1], p, h.Contract)
		if lent := lentBy(hist, p, o.Principals); lent != nil {
			pin.Add(&pin, lent)
		}
		if pin.Gt(&pout) {
			pin.Sub(&pin, &pout)
			in.Add(&in, &pin)
		}
	}
	// The time event names the payee, not the amount: the transfers to
	// it in this transaction say how much.
	for _, x := range o.Tracer.Events() {
		if x.Kind == trace.EventEtherOut && x.Addr == e.Addr {
			out.Add(&out, &x.Value)
		}
	}
	return out.Cmp(&in) <= 0
}

// lentBy sums what principal p, when it is the reentrant attacker, paid
// in of its own re-entering the other senders' transactions of hist
// (TxInfo.Lent): its stake too, staked from inside a callback.
func lentBy(hist []TxInfo, p int, principals []common.Address) *uint256.Int {
	if principals[p] != deploy.AttackerAddress(deploy.Reentrant) {
		return nil
	}
	var sum uint256.Int
	for j := range hist {
		if hist[j].Sender != p {
			sum.Add(&sum, &hist[j].Lent)
		}
	}
	return &sum
}
