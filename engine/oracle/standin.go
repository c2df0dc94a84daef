package oracle

import (
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is a search step for an asset argument an attacker contract
// stood in for. A target that pulls a token it is passed (a stream's
// create(params) with params.asset, which calls
// asset.transferFrom(msg.sender, this, amount)) accepts any contract that
// answers the call, and the fuzzer's attacker contracts answer every call
// with success: such a call commits and covers the same code as a real
// deposit, but no token moved, so a later withdrawal pays nothing and
// nothing a stranger takes is a theft. Coverage never tells the two
// apart, and once a struct of many fields is valid (amounts, durations, a
// fee) the mutation that puts the token in the one asset field is a
// chance among many. So a committed call to such a target whose
// arguments name an attacker contract runs again with the pulled token in
// its place, at most standinTries times per function and worker; the
// variant is an ordinary execution, and value feedback keeps it when it
// deposited (engine/fuzz/value.go).

// standinTries bounds the variants per function and worker: a function
// whose address argument is no asset pays one execution each.
const standinTries = 4

// standin searches for deposits an attacker contract stood in for (an
// Oracle that never reports, and a Search).
type standin struct {
	*Machine
	seq     txseq.Sequence // the variant (owned)
	pending bool
	tried   map[payeeKey]int
}

// Check notes the variant of x.Seq with the pulled token in place of the
// attacker contracts its last transaction names, when that transaction
// committed and called a target that pulls the token.
func (o *standin) Check(x *Context) *finding.Finding {
	n := len(x.Hist)
	if o.pending || o.Replaying || x.Shrinking != nil || n == 0 || len(x.Seq) < n || x.Hist[n-1].Failed {
		return nil
	}
	last := &x.Seq[n-1]
	d := o.Dep
	if last.Method < 0 || d == nil || d.Token == (common.Address{}) || !slices.Contains(d.TokenPulled, last.Contract) {
		return nil
	}
	key := payeeKey{last.Contract, last.Method}
	if o.tried[key] >= standinTries {
		return nil
	}
	var tok uint256.Int
	tok.SetBytes20(d.Token[:])
	var v txseq.Sequence
	for a := deploy.Attacker(0); a < deploy.NumAttackers; a++ {
		addr := deploy.AttackerAddress(a)
		var w uint256.Int
		w.SetBytes20(addr[:])
		if !rename(last.Args, &w, nil) {
			continue
		}
		if v == nil {
			v = x.Seq[:n].Clone()
		}
		rename(v[n-1].Args, &w, &tok)
	}
	if v == nil {
		return nil
	}
	if o.tried == nil {
		o.tried = make(map[payeeKey]int)
	}
	o.tried[key]++
	o.seq, o.pending = v, true
	return nil
}

// Step runs the remembered variant.
func (o *standin) Step(try func(txseq.Sequence)) bool {
	if !o.pending {
		return false
	}
	o.pending = false
	try(o.seq)
	return true
}
