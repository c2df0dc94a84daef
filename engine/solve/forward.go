package solve

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Forwarded value. Class: an equality in the last call whose one side is
// a value an earlier call of the sequence passed on as it was: stored
// here or in another contract (send(v) -> h.keep(v), then h.kept() ==
// C), returned by it, or handed to a third. Redqueen (§III-A) replaces
// an operand found in the input by the other operand; here the input is
// an earlier transaction's, found by value once a mutation inserted it
// or changed it: the numeric argument of the changed transaction equal
// to the side, in the side's width, is set to the other operand. Where
// the value was stored matters not, so neither does whether the tracer
// follows the contract that keeps it (a contract the target's
// constructor made is not one the fuzzer deployed). A mutation of that
// argument itself is input-to-state's (i2s.go); this is the insertion of
// the writer, or a change of another of its fields, that put a value
// there without aiming it.

// maxForwardTries bounds the chains per target edge: one run each.
const maxForwardTries = 8

// minForwardBits is the least width of a side matched by value: small
// values (a position, a count, a flag) equal some argument by chance.
const minForwardBits = 16

// forwardStart returns a run that sets the argument of mut's changed
// transaction that the side of an untaken equality of the last one
// equals to the other side, then the next such candidate; nil if none.
func (pr *Predictor) forwardStart(costs []txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation) *Prediction {
	if m.Tx >= len(mut)-1 || (m.Field != txseq.ShapeInsert && m.Field != txseq.FieldArg && m.Field != txseq.FieldValue && m.Field != txseq.FieldSender) {
		return nil
	}
	args := mut[m.Tx].Args
	for k := range costs {
		me := &costs[k]
		if me.Idx >= pr.Edges || pr.seen[me.Idx] != 0 || pr.forwardTries[me.Idx] >= maxForwardTries {
			continue
		}
		var d uint256.Int
		d.Sub(&me.Opnd[0], &me.Opnd[1])
		if !d.Eq(&me.Resid) || d.IsZero() {
			continue
		}
		for s := range 2 {
			side, c := &me.Opnd[s], &me.Opnd[1-s]
			if side.BitLen() < minForwardBits {
				continue
			}
			// Top-level arguments only: nothing allocates until one matches.
			for i := range args {
				v := &args[i]
				if !numeric(v.Type) || !v.Word.Eq(side) {
					continue
				}
				w := wrapTo(v.Type, c)
				if !w.Eq(c) {
					continue // the other side does not fit the argument
				}
				pr.forwardTries[me.Idx]++
				fm := txseq.Mutation{Tx: m.Tx, Field: txseq.FieldArg}
				fm.Arg.Path = calldata.Path{i}
				fm.Arg.Scalar = true
				fm.Arg.Old, fm.Arg.New = v.Word, v.Word
				q := &i2sQueue{mut: mut, m: fm, t: v.Type, cands: []uint256.Int{w}, plain: true}
				if p := i2sNext(q, me.Idx); p != nil {
					return p
				}
			}
		}
	}
	return nil
}

// numeric reports whether t is an integer type.
func numeric(t *abi.Type) bool {
	return t.T == abi.UintTy || t.T == abi.IntTy
}
