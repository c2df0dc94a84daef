package oracle

import (
	"bytes"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is SWC-105's rule for a sender that paid the contract ether
// (vulns.go judges one that never did). Its payout is no leak when it is
// its own money paid back (a deposit, a refund) or a prize the rules give
// it (a game's pot). It is a leak when the sender drains: it ends the
// sequence with more ether than it put in, and its own transactions since
// it was last paid, with no other sender paying in meanwhile, paid it more
// than it sent in them. A winner is paid once per round, and a new round
// needs the players' stakes again; a withdrawal that forgets to debit pays
// again and again with nobody paying in, out of the other depositors'
// money (or the ether the contract held).

// drained judges the payout to principal p, the sender of the last
// transaction of hist (of seq), which paid in before: it returns the
// finding's detail, or "" when the payout is no leak.
func (o *events) drained(seq txseq.Sequence, hist []TxInfo, p int) string {
	n := len(hist)
	if n < 2 || hist[n-1].Sender != p || !hist[n-1].Paid {
		// Paid by another sender's transaction: a withdrawal to it
		// of the other's money, or a winner's prize settled by another.
		return ""
	}
	// first: the transaction after p's previous payout (hist[first-1]),
	// provided no other sender paid in since (a new round's stakes). Only
	// transactions to the contract of the payout count: another contract
	// paying p (a splitter's claim) is no payout of this one's, and ether
	// paid into another funds none of this one's.
	c := hist[n-1].Contract
	first := -1
	for j := n - 2; j >= 0; j-- {
		if hist[j].Contract != c {
			continue
		}
		if hist[j].Sender != p {
			if hist[j].paidIn() {
				break
			}
			continue
		}
		if hist[j].Paid {
			first = j + 1
			break
		}
	}
	if first < 0 {
		return ""
	}
	// What it paid in of its own while re-entering the payout before
	// (after being paid, a deposit made again) counts with the run.
	var runIn, runOut uint256.Int
	runIn.Set(&hist[first-1].Own)
	for j := first; j < n; j++ {
		if hist[j].Sender == p && hist[j].Contract == c {
			runIn.Add(&runIn, &hist[j].Value)
			runIn.Add(&runIn, &hist[j].Own)
			runOut.Add(&runOut, &hist[j].Got)
		}
	}
	if runOut.Cmp(&runIn) <= 0 {
		// It bought the repeat (a new round of tickets of its own).
		return ""
	}
	if credit := o.paidFor(seq, hist, p, c); !tookMore(hist, p, c, &credit) {
		// Its own money back from this contract, or what other senders
		// paid in for it (wrapped ether minted to it with depositTo(p),
		// drawn in several withdrawals); what it ended the sequence up
		// came from another (netGain counts every contract).
		return ""
	}
	gain, ok := o.netGain(hist, p)
	if !ok {
		return ""
	}
	var got, paid uint256.Int
	for j := range hist {
		if hist[j].Sender == p {
			got.Add(&got, &hist[j].Got)
		}
	}
	if got.Cmp(&gain) >= 0 {
		// What it received less what it ended up: what it paid in (the
		// transactions that reverted were refunded).
		paid.Sub(&got, &gain)
	}
	return fmt.Sprintf("%s paid %s wei in and received %s wei (%s wei of other senders' deposits or the contract's own ether): its transactions %d to %d, after it had been paid in transaction %d and with no other sender paying in meanwhile, paid it %s wei more than it sent in them (a withdrawal that pays again without a debit)",
		o.Principals[p].Hex(), paid.Dec(), got.Dec(), gain.Dec(), first+1, n, first, new(uint256.Int).Sub(&runOut, &runIn).Dec())
}

// netGain reports how much more ether principal p holds after the
// transactions of hist than before them, and whether that is positive.
func (o *events) netGain(hist []TxInfo, p int) (uint256.Int, bool) {
	var gain uint256.Int
	bal := o.Chain.Reader().GetBalance(o.Principals[p])
	start, _ := o.startOf(hist, p)
	if bal.Cmp(&start) <= 0 {
		return gain, false
	}
	gain.Sub(bal, &start)
	return gain, true
}

// upAfter reports whether principal p would be up on the sequence were
// it paid extra more now.
func (o *events) upAfter(hist []TxInfo, p int, extra *uint256.Int) bool {
	var bal uint256.Int
	bal.Add(o.Chain.Reader().GetBalance(o.Principals[p]), extra)
	start, _ := o.startOf(hist, p)
	return bal.Cmp(&start) > 0
}

// startOf is what principal p is counted to start the transactions of
// hist with, and whether it is an attacker contract: an account its
// initial balance, an attacker attackerStart.
func (m *Machine) startOf(hist []TxInfo, p int) (uint256.Int, bool) {
	if _, _, attacker := deploy.SenderOf(m.Chain, p); attacker {
		return attackerStart(hist, p), true
	}
	return *chain.InitialBalance, false
}

// attackerStart is what attacker principal p is counted to start the
// transactions of hist with: its own ether, and what the operator sent
// through it (reverted transactions too), which it forwarded.
func attackerStart(hist []TxInfo, p int) uint256.Int {
	start := *deploy.AttackerBalance
	for _, h := range hist {
		if h.Sender == p {
			start.Add(&start, &h.Value)
		}
	}
	return start
}

// tookMore reports whether principal p's transactions to contract c paid
// it more than it paid c in them (reverted ones paid nothing in) and
// credit, what others paid c for it (paidFor; nil: none).
func tookMore(hist []TxInfo, p, c int, credit *uint256.Int) bool {
	in, out := flowOf(hist, p, c)
	if credit != nil {
		in.Add(&in, credit)
	}
	return out.Cmp(&in) > 0
}

// flowOf sums what principal p's transactions to contract c paid in
// (reverted ones paid nothing) and what they paid p.
func flowOf(hist []TxInfo, p, c int) (in, out uint256.Int) {
	for j := range hist {
		if hist[j].Sender != p || hist[j].Contract != c {
			continue
		}
		if !hist[j].Failed {
			in.Add(&in, &hist[j].Value)
		}
		in.Add(&in, &hist[j].Own)
		out.Add(&out, &hist[j].Got)
	}
	return in, out
}

// paidFor sums the ether other senders paid contract c, in transactions
// of seq (hist describes them) that committed and name principal p as a
// word of their arguments: `depositTo(p)`, a purchase for p, wrapped
// ether minted to p. That ether was paid in for p, so p withdrawing it is
// no more taking other people's money than withdrawing its own deposit.
func (o *events) paidFor(seq txseq.Sequence, hist []TxInfo, p, c int) uint256.Int {
	var sum uint256.Int
	word := common.LeftPadBytes(o.Principals[p][:], 32)
	for j := range hist[:min(len(hist), len(seq))] {
		h := &hist[j]
		if h.Sender == p || h.Contract != c || h.Failed || h.Value.IsZero() {
			continue
		}
		if data := o.Encode(&seq[j]); len(data) > 4 && bytes.Contains(data[4:], word) {
			sum.Add(&sum, &h.Value)
		}
	}
	return sum
}
