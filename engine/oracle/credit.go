package oracle

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is a search step for payouts an owner funds for someone: a
// privileged transaction pays ether in for an account it names (a
// crowdsale's vault: deposit(investor), owner only), and a later
// transaction names an account to pay (refund(investor)). The payout
// happens only when both name the same account, which two independent
// address arguments rarely do, and nothing rewards the match before it
// pays (a refund of nothing runs the same code). So when a transaction
// that committed names an address and an earlier privileged transaction to
// the same contract paid ether in naming another, the sequence is run
// again with both naming one unprivileged sender, which also sends the
// later transaction if a privileged sender did. The variant is an ordinary
// execution of the campaign (the oracles judge it as any other).

// creditTries bounds the variants per pair of functions and worker.
const creditTries = 4

// creditKey is a pair of functions of one contract: the privileged one
// that paid ether in, the later one.
type creditKey struct{ contract, in, later int }

// creditState is the variant awaiting its run.
// credit searches for an owner's deposit named for one account and a later
// call naming another, sent by an unprivileged account (a Search); its
// Check notes the candidates.
type credit struct {
	*Machine
	depriv *depriv // not while the depriv search's sequence runs
	creditState
}

// Check notes a committed transaction's candidate, outside shrinking.
func (o *credit) Check(x *Context) *finding.Finding {
	if x.Result.Err == nil && x.Shrinking == nil {
		o.noteCredit(x.Seq, x.Hist)
	}
	return nil
}

type creditState struct {
	seq     txseq.Sequence // the variant (owned)
	pending bool
	tried   map[creditKey]int
}

// noteCredit remembers the variant of seq[:len(hist)], whose last
// transaction committed, in which that transaction and the earlier
// privileged ones to the same contract that paid ether in name one
// unprivileged sender wherever they named an address, when one of those
// that committed named another address than the last.
func (o *credit) noteCredit(seq txseq.Sequence, hist []TxInfo) {
	n := len(hist)
	if o.pending || o.depriv.running || o.Replaying || n < 2 || len(seq) < n {
		return
	}
	last := &seq[n-1]
	y, ok := addressArg(last)
	if !ok || last.Method < 0 {
		return
	}
	in := -1
	for j := n - 2; j >= 0; j-- {
		if !hist[j].Failed && o.creditedIn(seq, j, last.Contract) {
			if x, ok := addressArg(&seq[j]); ok && !x.Eq(&y) {
				in = j
				break
			}
		}
	}
	to := o.unprivileged()
	if in < 0 || to < 0 {
		return
	}
	c := &o.creditState
	key := creditKey{last.Contract, seq[in].Method, last.Method}
	if c.tried == nil {
		c.tried = make(map[creditKey]int)
	}
	if c.tried[key] >= creditTries {
		return
	}
	c.tried[key]++
	var u uint256.Int
	u.SetBytes20(o.Principals[to].Bytes())
	v := seq[:n].Clone()
	for j := 0; j < n-1; j++ {
		if o.creditedIn(v, j, last.Contract) {
			nameCredited(&v[j], &u)
		}
	}
	nameCredited(&v[n-1], &u)
	if s := v[n-1].Sender; s < len(o.Privileged) && o.Privileged[s] {
		v[n-1].Sender = to
	}
	c.seq, c.pending = v, true
}

// creditedIn reports whether transaction j of seq is a privileged one to
// contract ct that paid ether in.
func (o *credit) creditedIn(seq txseq.Sequence, j, ct int) bool {
	d := &seq[j]
	return d.Contract == ct && d.Method >= 0 && !d.Value.IsZero() && d.Sender < len(o.Privileged) && o.Privileged[d.Sender]
}

// creditStep runs the remembered variant.
func (o *credit) Step(try func(txseq.Sequence)) bool {
	if !o.pending {
		return false
	}
	o.pending = false
	try(o.seq)
	return true
}

// addressArg returns the first top-level address argument of tx that is
// not zero.
func addressArg(tx *txseq.Tx) (uint256.Int, bool) {
	for i := range tx.Args {
		a := &tx.Args[i]
		if a.Type != nil && a.Type.T == abi.AddressTy && !a.Word.IsZero() {
			return a.Word, true
		}
	}
	return uint256.Int{}, false
}

// nameCredited sets tx's top-level address arguments that are not zero
// to u.
func nameCredited(tx *txseq.Tx, u *uint256.Int) {
	for i := range tx.Args {
		a := &tx.Args[i]
		if a.Type != nil && a.Type.T == abi.AddressTy && !a.Word.IsZero() {
			a.Word = *u
		}
	}
}
