package oracle

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is a search step for the owner-lock oracle (lock.go): a
// privileged setting that takes a depositor's whole payout only at its
// bound. A fee the owner fixes once (fixFee(bps), require(bps <= 10000))
// leaves the depositor something at every value but 10000, and a random
// argument is almost never exactly that. So when a sequence ends with an
// unprivileged sender's withdrawal that paid it, after it paid the
// contract in, and a privileged transaction P to the same contract with an
// unsigned argument committed before it, P runs again from the state
// before it to learn what its argument was compared with, and the
// sequence runs once more with the argument at that bound: an ordinary
// execution of the campaign, which the oracle judges as any other.

// worseTries bounds the variants per pair of functions and worker.
const worseTries = 4

// worseKey is a privileged function and a withdrawal of one contract.
type worseKey struct{ contract, priv, with int }

// worseState is the variant awaiting its run.
// worse searches for a privileged setting at its bound (a Search; the
// owner-lock oracle notes the candidates).
type worse struct {
	*Machine
	worseState
}

type worseState struct {
	seq     txseq.Sequence // the variant (owned)
	pending bool
	tried   map[worseKey]int
}

// noteWorse remembers the variant of seq, which just ran (hist), with the
// argument of its last committed privileged transaction to the contract of
// its last one at a bound it was compared with, when the last transaction
// paid its unprivileged sender, who paid the contract in earlier. The
// chain is left in the state the sequence left.
func (o *worse) noteWorse(seq txseq.Sequence, hist []TxInfo) {
	n := len(seq)
	if o.pending || o.Replaying || n < 3 || len(hist) != n {
		return
	}
	last := &seq[n-1]
	p := -1
	for i := n - 2; i >= 0; i-- {
		if seq[i].Contract == last.Contract && seq[i].Method >= 0 && !hist[i].Failed && o.isPrivileged(seq[i].Sender) {
			p = i
			break
		}
	}
	if p < 0 {
		return
	}
	arg := -1
	for j := range seq[p].Args {
		if t := seq[p].Args[j].Type; t != nil && t.T == abi.UintTy {
			arg = j
			break
		}
	}
	if arg < 0 {
		return
	}
	key := worseKey{last.Contract, seq[p].Method, last.Method}
	if o.tried[key] >= worseTries {
		return
	}
	if o.tried == nil {
		o.tried = map[worseKey]int{}
	}
	o.tried[key]++
	end := o.Chain.Snapshot()
	defer o.Chain.Reset(end)
	o.Chain.Reset(o.Base)
	for i := 0; i <= p; i++ {
		o.Rerun(&seq[i], 0)
	}
	x := seq[p].Args[arg].Word
	bound, ok := comparedWith(o.Tracer.Operands(), &x)
	if !ok {
		return
	}
	v := seq.Clone()
	if !calldata.SetWord(v[p].Args, calldata.Path{arg}, bound) || v[p].Args[arg].Word.Eq(&x) {
		return
	}
	o.seq, o.pending = v, true
}

// comparedWith returns the other operand of the last comparison (pairs of
// Tracer.Operands) one of whose operands is x, if it differs from x.
func comparedWith(ops []uint256.Int, x *uint256.Int) (uint256.Int, bool) {
	for i := len(ops) - 2; i >= 0; i -= 2 {
		a, b := &ops[i], &ops[i+1]
		switch {
		case a.Eq(x) && !b.Eq(x):
			return *b, true
		case b.Eq(x) && !a.Eq(x):
			return *a, true
		}
	}
	return uint256.Int{}, false
}

// worseStep runs the remembered variant.
func (o *worse) Step(try func(txseq.Sequence)) bool {
	if !o.pending {
		return false
	}
	o.pending = false
	try(o.seq)
	return true
}
