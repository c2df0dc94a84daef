package solve

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is input-to-state solving (Redqueen, Aschermann et al., NDSS
// 2019, §III-A, extended to offsets and xors): when a
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
// operands). With the parent's point (x0 and the parent's operands at
// the same comparison, prev), only the transforms the two points agree
// with: a side that moved as x did under + (or under ^), so that a guard
// that is neither (x * x + 10 == 110) costs no run.
func i2sCandidates(out []uint256.Int, x *uint256.Int, t *abi.Type, e *txseq.CostEntry, x0 *uint256.Int, prev *[2]uint256.Int) []uint256.Int {
	var d uint256.Int
	d.Sub(&e.Opnd[0], &e.Opnd[1])
	if !d.Eq(&e.Resid) || d.IsZero() {
		return out
	}
	wide := calldata.Bits(t) >= 256
	for s := range 2 {
		side, c := &e.Opnd[s], &e.Opnd[1-s]
		var v uint256.Int
		for k := range 2 {
			if prev != nil && !movedAs(t, k, x0, x, &prev[s], side) {
				continue
			}
			if k == 1 && prev != nil && wide && movedAs(t, 0, x0, x, &prev[s], side) {
				// Both transforms fit (a bit set where the offset
				// carries nothing): in a full word, where masks and
				// hashes cut down to a narrow type are not, the
				// offset's candidate stands for both, and a later
				// mutation tells them apart.
				continue
			}
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

// movedAs reports whether side went from s0 to s1 as x went from x0 to x1,
// in x's width: by the same difference (k 0) or the same xor (k 1).
func movedAs(t *abi.Type, k int, x0, x1, s0, s1 *uint256.Int) bool {
	var dx, ds uint256.Int
	if k == 0 {
		dx.Sub(x1, x0)
		ds.Sub(s1, s0)
	} else {
		dx.Xor(x1, x0)
		ds.Xor(s1, s0)
	}
	a, b := wrapTo(t, &dx), wrapTo(t, &ds)
	return !a.IsZero() && a.Eq(&b)
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
// queued behind it; next itself if there is no candidate. With the
// parent's residual (r0, nil if unknown), the first candidate is the
// modular step (modStep); with the parent's operands (prev), only the
// transforms the two points agree with.
func i2sStart(me *txseq.CostEntry, r0 *big.Int, prev *[2]uint256.Int, mut txseq.Sequence, m txseq.Mutation, t *abi.Type, next *Prediction) *Prediction {
	cands := make([]uint256.Int, 0, maxI2S+1)
	if r0 != nil {
		// Not when the secant step runs the same input.
		w, ok := modStep(t, ToBig(&m.Arg.Old, t), r0, ToBig(&m.Arg.New, t), Signed(&me.Resid))
		if ok && !w.Eq(&m.Arg.New) && (next == nil || next.i2s != nil || !w.Eq(&next.M.Arg.New)) {
			cands = append(cands, w)
		}
	}
	var x0 *uint256.Int
	if prev != nil {
		x0 = &m.Arg.Old
	}
	cands = i2sCandidates(cands, &m.Arg.New, t, me, x0, prev)
	if next != nil && next.i2s == nil && next.joint == nil {
		// The secant step runs that input anyway (an offset's line is
		// exact): not twice.
		for i := range cands {
			if cands[i].Eq(&next.M.Arg.New) {
				cands = append(cands[:i], cands[i+1:]...)
				break
			}
		}
	}
	return i2sNext(&i2sQueue{mut: mut, m: m, t: t, cands: cands, next: next}, me.Idx)
}

// modStep is the secant step in the argument's own arithmetic: a guard
// linear in x modulo 2^n (x * K1 + K2 == C in uint64, whose integer line
// wraps around and misleads HARVEY's secant) has residual r(x) = s*x + d
// modulo 2^n, so two points give s*(x1 - x0) == r1 - r0 and, when x1 -
// x0 is odd, s exactly; the step t with s*t == -r1 (divMod: exact when
// s is odd, one of 2^v roots when s has v factors of two) lands on the
// root. False when x1 - x0 is even, no root exists, or x is a full
// 256-bit word (there solc 0.8 reverts on overflow, and a wrap modulo
// anything else, x % M, only misleads the slope).
func modStep(t *abi.Type, x0, r0, x1, r1 *big.Int) (uint256.Int, bool) {
	n := uint(calldata.Bits(t))
	if n == 0 || n >= 256 {
		return uint256.Int{}, false
	}
	mod := new(big.Int).Lsh(big.NewInt(1), n)
	dx := new(big.Int).Sub(x1, x0)
	dx.Mod(dx, mod)
	if dx.Bit(0) == 0 {
		return uint256.Int{}, false
	}
	s := new(big.Int).Sub(r1, r0)
	s.Mul(s, new(big.Int).ModInverse(dx, mod)).Mod(s, mod)
	step, ok := divMod(new(big.Int).Neg(r1), s, n)
	if !ok {
		return uint256.Int{}, false
	}
	x := new(big.Int).Add(x1, step)
	x.Mod(x, mod)
	w := FromBig(x)
	return wrapTo(t, &w), true
}

// i2sQueue is what remains of an input-to-state attempt: the mutant it
// changes, its candidates, and the prediction to run after them.
type i2sQueue struct {
	mut   txseq.Sequence
	m     txseq.Mutation
	t     *abi.Type
	cands []uint256.Int
	next  *Prediction
	// plain: in-range candidates (inrange.go), each run once with no
	// repair of a guard it breaks.
	plain bool
}

// i2sNext returns the run of q's next candidate, or q.next once none is
// left.
func i2sNext(q *i2sQueue, target int32) *Prediction {
	for len(q.cands) > 0 {
		w := q.cands[0]
		q.cands = q.cands[1:]
		if p := aimWord(&Prediction{Target: target, i2s: q}, q.mut, q.m, w); p != nil {
			return p
		}
	}
	return q.next
}

// i2sAgain follows a candidate that missed: if it broke a condition the
// mutant's path satisfied (nested guards over the same argument, (a3 ^
// K) == C inside a3 * 1313 + a2 * 3183 == C'), a joint solve that leaves
// the candidate's argument where it is and brings the first broken
// condition back to zero with the other arguments (linear.go); else, or
// once that fails, the next candidate, then the queued secant step.
func (pr *Predictor) i2sAgain(p *Prediction) *Prediction {
	if !pr.NoJoint && !p.i2s.plain && p.M.Field == txseq.FieldArg {
		k, resid, ok := pr.firstBroken()
		if ok {
			o := &pr.origin
			if j := newJoint(p.Seq, p.M.Tx, o.guards[k], o.guards[:k], resid, 0, p.M.Arg.Path, pr.last); j != nil {
				j.joint.resume, j.joint.after, j.joint.level = p.i2s, p.Target, int32(k)
				j.Target = p.Target
				return j
			}
		}
	}
	return i2sNext(p.i2s, p.Target)
}

// firstBroken returns the first guard of the current chain that the last
// predicted run did not take, with its residual there.
func (pr *Predictor) firstBroken() (int, *big.Int, bool) {
	if !pr.lastRan {
		return 0, nil, false
	}
	for k, g := range pr.origin.guards {
		if r, ok := pr.lastResid(g); ok && r.Sign() != 0 {
			return k, r, true
		}
	}
	return 0, nil, false
}

// repairDeeper follows a repair (i2sAgain's joint solve) whose last run
// brought its guard back but broke a deeper one of the chain: a candidate
// that fixes a1 by (a1 ^ K) == C breaks both a6*3372 + a1*789 == K1 and
// a0*2339 + a1*3141 == K2 above it, one repair mends only the first, and
// its run takes no new path, so it is not kept to be mended further
// (three nested equalities sharing a1). Then another joint solve, the
// candidate's argument still pinned, from that run for the next broken
// guard; nil if the run broke none deeper.
func (pr *Predictor) repairDeeper(p *Prediction) *Prediction {
	j := p.joint
	if j.pin == nil || pr.NoJoint {
		return nil
	}
	k, resid, ok := pr.firstBroken()
	if !ok || int32(k) <= j.level {
		return nil
	}
	o := &pr.origin
	q := newJoint(p.Seq, j.tx, o.guards[k], o.guards[:k], resid, 0, j.pin, pr.last)
	if q != nil {
		q.joint.resume, q.joint.after, q.joint.level = j.resume, j.after, int32(k)
		q.Target = j.after
	}
	return q
}
