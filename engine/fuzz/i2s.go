package fuzz

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/holiman/uint256"
)

// This file is input-to-state solving (Redqueen, Aschermann et al., NDSS
// 2019, §III-A, extended to the arithmetic the maze guards use): when a
// mutation of argument x changed the residual of an equality the run did
// not satisfy, one side of that comparison is likely x itself, x ^ K or
// x + K, and the other side the constant C it must equal. Then
// x ^ (side ^ C) and x + (C - side), in x's own width, satisfy it
// exactly: (x ^ K) == C and x + K == C (offsets, wrapping around 2^n)
// in one run each, where HARVEY's secant step (predict.go) meets xor not
// at all and an offset only when the line is exact. Which side is which
// is unknown, so both are tried; inequalities are left to the secant.

// maxI2S bounds the candidates per target: two sides, two transforms.
const maxI2S = 4

// i2sCandidates appends to out the values of x (of type t) that would
// satisfy the equality e compares, by the input-to-state transforms;
// none unless e is an equality (its residual is the difference of its
// operands).
func i2sCandidates(out []uint256.Int, x *uint256.Int, t *abi.Type, e *costEntry) []uint256.Int {
	var d uint256.Int
	d.Sub(&e.opnd[0], &e.opnd[1])
	if !d.Eq(&e.resid) || d.IsZero() {
		return out
	}
	for s := range 2 {
		side, c := &e.opnd[s], &e.opnd[1-s]
		var v uint256.Int
		for k := range 2 {
			if k == 0 {
				v.Sub(c, side).Add(&v, x) // x + (C - side)
			} else {
				v.Xor(c, side).Xor(&v, x) // x ^ (side ^ C)
			}
			w := wrapTo(t, &v)
			if w.Eq(x) || contains(out, &w) {
				continue
			}
			out = append(out, w)
		}
	}
	return out
}

// wrapTo reduces v to type t's width as the EVM's cleanup does: the low
// bits for uintN, sign-extended for intN.
func wrapTo(t *abi.Type, v *uint256.Int) uint256.Int {
	n := calldata.Bits(t)
	w := *v
	if n <= 0 || n >= 256 {
		return w
	}
	if calldata.Signed(t) {
		w.ExtendSign(&w, uint256.NewInt(uint64(n/8-1)))
		return w
	}
	var mask uint256.Int
	mask.Lsh(uint256.NewInt(1), uint(n)).SubUint64(&mask, 1)
	return *w.And(&w, &mask)
}

func contains(ws []uint256.Int, w *uint256.Int) bool {
	for i := range ws {
		if ws[i].Eq(w) {
			return true
		}
	}
	return false
}

// i2sStart returns the first run of the input-to-state candidates for
// target me of mutant mut (whose mutation m changed argument x of type
// t), with the rest and then next (HARVEY's secant step, may be nil)
// queued behind it; next itself if there is no candidate.
func i2sStart(me *costEntry, mut Sequence, m Mutation, t *abi.Type, next *prediction) *prediction {
	cands := i2sCandidates(make([]uint256.Int, 0, maxI2S), &m.Arg.New, t, me)
	return i2sNext(&i2sQueue{mut: mut, m: m, t: t, cands: cands, next: next}, me.idx)
}

// i2sQueue is what remains of an input-to-state attempt: the mutant it
// changes, its candidates, and the prediction to run after them.
type i2sQueue struct {
	mut   Sequence
	m     Mutation
	t     *abi.Type
	cands []uint256.Int
	next  *prediction
}

// i2sNext returns the run of q's next candidate, or q.next once none is
// left.
func i2sNext(q *i2sQueue, target int32) *prediction {
	for len(q.cands) > 0 {
		w := q.cands[0]
		q.cands = q.cands[1:]
		if p := aimWord(&prediction{target: target, i2s: q}, q.mut, q.m, w); p != nil {
			return p
		}
	}
	return q.next
}

// i2sAgain follows a candidate that missed: the next candidate, or the
// queued secant step.
func (pr *predictor) i2sAgain(p *prediction) *prediction {
	return i2sNext(p.i2s, p.target)
}
