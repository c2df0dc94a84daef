package oracle

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is the token-theft oracle's net-gain rule: a stranger that
// paid some tokens in and was paid back more of the same token than it
// paid, out of what other users deposited (a vault whose withdraw checks
// only that the caller has some deposit, then pays another's). The rule
// in token.go for a sender that paid nothing in cannot see it: this
// sender did pay. A gain alone is no theft (a swap, interest, a reward, a
// bonus the protocol funded), so the gain must be all the sender took
// part in, must not have grown with time, and must have come out of the
// other users' deposits rather than the deployment's own holdings:
//
//   - the sender paid in no ether and, of every other token, no more
//     than it was paid back: a swap or a loan pays one token for another
//     (a share minted on deposit and burnt on withdrawal nets out);
//   - no other sender's transaction named it (a beneficiary, a payee);
//   - the gain stands with no time passing: when a block passed after
//     the sender's first payment in, the sequence runs again from the
//     deployed state with none passing between its transactions, and is
//     judged on that run (interest, rewards and streams accrue with time,
//     and are paid as designed, out of what borrowers owe; at most
//     gainTries re-runs per function and worker);
//   - after the payout, the deployment's contracts (and every contract
//     the fuzzer's accounts exchanged the token with) hold less of the
//     token, read with balanceOf, than the other senders who likewise
//     paid in nothing else deposited and were not paid back: some of
//     their deposits left, and this sender holds more than its own. A
//     transfer called on the token itself is a gift, not a deposit (a
//     donation to a pool is its liquidity providers'), and so is a
//     payment for which the contract paid another token back in the
//     same transaction, however little (a swap rounded down to nothing
//     is the swapper's loss, its counterparty's gain).
//
// An AMM's liquidity providers paid in two tokens, so a swap's gain,
// even one made of other swaps (arbitrage), takes no such deposit; a
// reserve the deployment funded (a bonus, an insurance fund) is part of
// the holdings. Not told apart from theft: a design that pays one
// depositor out of another's deposit with nothing else paid in and no
// time passing (an entry fee shared among earlier depositors, a pot).

// A TokenMove is a token transfer between an account the fuzzer controls
// and anything else: a contract, or the zero address (a mint or a burn).
type TokenMove struct {
	Token     common.Address
	Principal int
	// Other is the other party: a contract, zero for a mint or a burn.
	Other common.Address
	// In: the principal paid it (to Other); else it was paid it.
	In     bool
	Amount uint256.Int // an ERC-721 token counts one, an ERC-1155 batch one
}

// balanceOfSel is balanceOf(address)'s selector.
var balanceOfSel = []byte{0x70, 0xa0, 0x82, 0x31}

// noteMove records in h a transfer event l of a watched token, from from
// to to, when exactly one party is an account the fuzzer controls.
func (o *tokens) noteMove(h *TxInfo, l *types.Log, from, to common.Address) {
	pf, pt := o.principalIndex(from), o.principalIndex(to)
	switch {
	case pf >= 0 && pt < 0:
		h.Moves = append(h.Moves, TokenMove{Token: l.Address, Principal: pf, Other: to, In: true})
	case pt >= 0 && pf < 0:
		h.Moves = append(h.Moves, TokenMove{Token: l.Address, Principal: pt, Other: from})
	default:
		return
	}
	addAmount(&h.Moves[len(h.Moves)-1].Amount, l)
}

// overpaid returns the theft a payout of token tok (an ERC-20 or ERC-721:
// its holdings are read with balanceOf(address)) from contract from to
// the last transaction's sender s shows by the net-gain rule, or "".
// shrinking is the key of the finding being shrunk, if any.
func (o *tokens) overpaid(seq txseq.Sequence, hist []TxInfo, s int, tok, from common.Address, shrinking *finding.Key) string {
	n := len(hist)
	if _, ok := o.gained(hist, s, tok); !ok || !o.gaveOnly(hist, s, tok) || o.named(seq[:n-1], hist, s, s, s) {
		// A payee another user chose (a stream's recipient, a
		// beneficiary) is paid what that user put in.
		return ""
	}
	again := ""
	if o.timePassed(seq, hist, s) {
		if !o.mayRerun(&seq[n-1], shrinking) {
			return ""
		}
		run, ok := o.timeless(seq, hist)
		defer o.Chain.Reset(run)
		if !ok {
			return ""
		}
		hist, again = o.again, " (run again with no block passing between its transactions, as here)"
		if _, ok := o.gained(hist, s, tok); !ok || !o.gaveOnly(hist, s, tok) {
			return ""
		}
	}
	gain, _ := o.gained(hist, s, tok)
	claim, ok := o.claim(hist, s, tok)
	if !ok {
		return ""
	}
	held, ok := o.holdings(hist, tok)
	if !ok || held.Cmp(&claim) >= 0 {
		return ""
	}
	return fmt.Sprintf("transaction %d paid %s tokens of %s out of %s: over the sequence%s it was paid %s more of them than it paid in, and it paid in no ether and nothing else; the deployment's contracts then held %s of them, less than the %s that the other senders paying in nothing else deposited and were not paid back",
		n, o.Principals[s].Hex(), tok.Hex(), from.Hex(), again, gain.Dec(), held.Dec(), claim.Dec())
}

// claim returns what the senders other than s that paid in nothing but
// token tok deposited of it with contracts over hist and were not paid
// back, when positive (ok).
func (o *tokens) claim(hist []TxInfo, s int, tok common.Address) (uint256.Int, bool) {
	var claim, out uint256.Int
	for p := range o.Principals {
		if p == s || o.isPrivileged(p) || !o.gaveOnly(hist, p, tok) {
			continue
		}
		in, paid, ok := o.sums(hist, p, tok, true)
		if !ok || addOverflow(&claim, &in) || addOverflow(&out, &paid) {
			return claim, false
		}
	}
	if claim.Cmp(&out) <= 0 {
		return claim, false
	}
	claim.Sub(&claim, &out)
	return claim, true
}

// mayRerun reports whether a payout by tx may be re-run without time
// (timeless): always for the finding shrunk and in a replay, else at most
// gainTries times per function and worker, as interest paid by design
// fails it every time.
func (o *tokens) mayRerun(tx *txseq.Tx, shrinking *finding.Key) bool {
	if shrinking != nil || o.Replaying {
		return true
	}
	site := [2]int{tx.Contract, tx.Method}
	if o.tries == nil {
		o.tries = make(map[[2]int]int)
	}
	if o.tries[site] >= gainTries {
		return false
	}
	o.tries[site]++
	return true
}

// gainTries bounds the timeless re-runs per function and worker.
const gainTries = 8

// timeless runs the n transactions of hist again from the deployed state
// with no block passing between them, noting what they moved in o.again,
// and returns the state the sequence left, to reset the chain to. ok
// reports that the last one committed again. Interest, rewards and
// streams that accrue with time then pay nothing more than what was paid
// in: a gain that stands is not theirs.
func (o *tokens) timeless(seq txseq.Sequence, hist []TxInfo) (after chain.Snapshot, ok bool) {
	after = o.Chain.Snapshot()
	o.Chain.Reset(o.Base)
	o.again = o.again[:0]
	for j := range hist {
		tx := seq[j]
		tx.Blocks, tx.Seconds = 0, 0
		r := o.Rerun(&tx, 0)
		h := TxInfo{Sender: tx.Sender, Contract: tx.Contract, Value: tx.Value, Own: hist[j].Own, Failed: r.Err != nil}
		if r.Err == nil {
			for _, l := range o.RerunLogs() {
				if from, to, ok := o.transfer(l); ok {
					o.noteMove(&h, l, from, to)
				} else {
					o.noteZero(&h, l)
				}
			}
		}
		o.again = append(o.again, h)
	}
	return after, !o.again[len(o.again)-1].Failed
}

// sums returns what principal p paid of token tok over hist and what it
// was paid; deposits counts only transfers with a contract (mints and
// burns do not change what contracts hold), and no gift (a transfer
// straight to a contract, token.go). ok is false on an overflow.
func (o *tokens) sums(hist []TxInfo, p int, tok common.Address, deposits bool) (in, out uint256.Int, ok bool) {
	for j := range hist {
		gift := deposits && (o.giftOf(&hist[j], tok) || exchanged(&hist[j], p, tok))
		for k := range hist[j].Moves {
			mv := &hist[j].Moves[k]
			if mv.Principal != p || mv.Token != tok || deposits && mv.Other == (common.Address{}) || gift && mv.In {
				continue
			}
			sum := &out
			if mv.In {
				sum = &in
			}
			if addOverflow(sum, &mv.Amount) {
				return in, out, false
			}
		}
	}
	return in, out, true
}

// exchanged reports whether a contract paid principal p a token other
// than tok in h, however little (a swap rounded down to nothing): what p
// paid of tok in it was the price of a trade, not a deposit owed back. A
// mint (a vault's shares, a stream's NFT) is no such payment: the
// deposit stands.
func exchanged(h *TxInfo, p int, tok common.Address) bool {
	for k := range h.Moves {
		if mv := &h.Moves[k]; mv.Principal == p && !mv.In && mv.Token != tok && mv.Other != (common.Address{}) {
			return true
		}
	}
	return false
}

// gained returns how much more of token tok principal p was paid by
// contracts over hist than it paid in (burns count as paid in; mints are
// not paid by a contract, and a token's own mint is judged by who may
// call it), when that is positive (ok).
func (o *tokens) gained(hist []TxInfo, p int, tok common.Address) (uint256.Int, bool) {
	var in, out uint256.Int
	for j := range hist {
		for k := range hist[j].Moves {
			mv := &hist[j].Moves[k]
			if mv.Principal != p || mv.Token != tok || !mv.In && mv.Other == (common.Address{}) {
				continue
			}
			sum := &out
			if mv.In {
				sum = &in
			}
			if addOverflow(sum, &mv.Amount) {
				return out, false
			}
		}
	}
	if out.Cmp(&in) <= 0 {
		return out, false
	}
	out.Sub(&out, &in)
	return out, true
}

// gave reports whether principal p paid in more of token tok over hist
// than it got back: what it paid contracts, and what it burnt beyond what
// was minted to it (a share minted on deposit and burnt on withdrawal
// nets out; a faucet's mint pays nothing back), against what contracts
// paid it. An overflow counts as having paid: it makes fewer reports.
func (o *tokens) gave(hist []TxInfo, p int, tok common.Address) bool {
	var paid, got, burnt, minted uint256.Int
	for j := range hist {
		for k := range hist[j].Moves {
			mv := &hist[j].Moves[k]
			if mv.Principal != p || mv.Token != tok {
				continue
			}
			sum := &got
			switch mint := mv.Other == (common.Address{}); {
			case mv.In && mint:
				sum = &burnt
			case mv.In:
				sum = &paid
			case mint:
				sum = &minted
			}
			if addOverflow(sum, &mv.Amount) {
				return true
			}
		}
	}
	if burnt.Gt(&minted) {
		burnt.Sub(&burnt, &minted)
		if addOverflow(&paid, &burnt) {
			return true
		}
	}
	return paid.Gt(&got)
}

// gaveOnly reports whether principal p paid nothing in over hist but
// token tok: no ether in a transaction of its own that committed, none
// while re-entering, and of every other token no more than it got back.
func (o *tokens) gaveOnly(hist []TxInfo, p int, tok common.Address) bool {
	for j := range hist {
		h := &hist[j]
		if h.Sender == p && (!h.Failed && !h.Value.IsZero() || !h.Own.IsZero()) {
			return false
		}
		for k := range h.Moves {
			if mv := &h.Moves[k]; mv.Principal == p && mv.In && mv.Token != tok && o.gave(hist, p, mv.Token) {
				return false
			}
		}
	}
	return true
}

// timePassed reports whether a block passed between principal s's first
// payment in over the sequence (ether or tokens: what could earn it
// interest) and its last transaction.
func (o *tokens) timePassed(seq txseq.Sequence, hist []TxInfo, s int) bool {
	first := len(hist)
	for j := range hist {
		h := &hist[j]
		paid := h.Sender == s && (!h.Failed && !h.Value.IsZero() || !h.Own.IsZero())
		for k := range h.Moves {
			paid = paid || h.Moves[k].Principal == s && h.Moves[k].In
		}
		if paid {
			first = j
			break
		}
	}
	for j := first + 1; j < len(hist) && j < len(seq); j++ {
		if seq[j].Blocks != 0 || seq[j].Seconds != 0 {
			return true
		}
	}
	return false
}

// holdings sums what the deployment's contracts, and every contract the
// fuzzer's accounts exchanged token tok with over hist, hold of it now,
// as balanceOf(address) answers; ok is false when one call fails.
func (o *tokens) holdings(hist []TxInfo, tok common.Address) (uint256.Int, bool) {
	var sum uint256.Int
	o.seen = o.seen[:0]
	add := func(a common.Address) bool {
		if a == (common.Address{}) || o.principalIndex(a) >= 0 {
			return true
		}
		for _, b := range o.seen {
			if a == b {
				return true
			}
		}
		o.seen = append(o.seen, a)
		in := append(append(o.call[:0], balanceOfSel...), common.LeftPadBytes(a[:], 32)...)
		o.call = in
		r := o.Chain.Probe(o.Chain.Senders()[0], tok, in)
		if r.Err != nil || len(r.Ret) < 32 {
			return false
		}
		var v uint256.Int
		v.SetBytes32(r.Ret[:32])
		return !addOverflow(&sum, &v)
	}
	for _, a := range o.Dep.Addrs {
		if !add(a) {
			return sum, false
		}
	}
	for j := range hist {
		for k := range hist[j].Moves {
			if mv := &hist[j].Moves[k]; mv.Token == tok && !add(mv.Other) {
				return sum, false
			}
		}
	}
	return sum, true
}

// addOverflow adds v to sum and reports whether it overflowed.
func addOverflow(sum, v *uint256.Int) bool {
	_, over := sum.AddOverflow(sum, v)
	return over
}
