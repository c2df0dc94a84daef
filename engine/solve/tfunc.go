package solve

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Bit lifting. Class: an equality whose one side is an invertible
// T-function of one input modulo 2^n, wherever it is computed: any
// composition of +, -, *, ^, &, | with values that do not move with the
// input, invertible (x * K1 + K2 with K1 odd, (x ^ K) * C with C odd,
// ((x + A) ^ B) * C + D), in this contract or in another one that the
// input is passed to and whose answer is compared (h.mix(a, K) == X).
// Klimov and Shamir ("A New Class of Invertible Mappings", CHES 2002,
// §2): bit i of a T-function's output depends only on bits 0..i of its
// input, and in an invertible one, flipping input bit i flips output bit
// i. So the lowest bit where the side differs from the other operand is
// fixed by flipping that bit of the input, without disturbing the bits
// below: at most n runs, each fixing at least one bit, whatever the
// constants, where the modular step (i2s.go) needs the function linear
// and input-to-state needs it an offset or an xor. Each run checks the
// property (the lowest differing bit rose, the bits below stayed), so a
// side that is no T-function (a hash, a division, a shift right) ends
// the chain at its first run.

// maxLiftTries bounds the chains per target edge: a chain is up to n runs.
const maxLiftTries = 4

// lift is a bit-lifting chain: the side's operand index, the bit the
// last run flipped, and the prediction to run once the chain gives up.
type lift struct {
	t    *abi.Type
	side int
	bit  int
	next *Prediction
}

// liftable reports which side of equality e moved from the parent's
// operands prev as a T-function of x (of type t) would: the other side
// did not move, and with j the lowest bit where x0 and x1 differ, the
// side kept bits 0..j-1 and changed bit j. -1 if none.
func liftable(t *abi.Type, e *txseq.CostEntry, x0, x1 *uint256.Int, prev *[2]uint256.Int) int {
	var d uint256.Int
	d.Sub(&e.Opnd[0], &e.Opnd[1])
	if !d.Eq(&e.Resid) || d.IsZero() {
		return -1
	}
	n := calldata.Bits(t)
	if n <= 0 || calldata.Signed(t) {
		return -1
	}
	var dx uint256.Int
	dx.Xor(x0, x1)
	j := lowBit(&dx, n)
	if j < 0 {
		return -1
	}
	for s := range 2 {
		if !e.Opnd[1-s].Eq(&prev[1-s]) {
			continue
		}
		var ds uint256.Int
		ds.Xor(&e.Opnd[s], &prev[s])
		if lowBit(&ds, n) == j {
			return s
		}
	}
	return -1
}

// lowBit returns the lowest set bit of w below bit n, or -1.
func lowBit(w *uint256.Int, n int) int {
	for i := range 4 {
		if w[i] == 0 || i*64 >= n {
			continue
		}
		b := i * 64
		for v := w[i]; v&1 == 0; v >>= 1 {
			b++
		}
		if b >= n {
			return -1
		}
		return b
	}
	return -1
}

// liftStart returns the first run of a bit-lifting chain for target me
// from the mutant (whose mutation m changed argument x of type t), with
// next queued behind it; next itself if the class does not fit.
func (pr *Predictor) liftStart(me *txseq.CostEntry, prev *[2]uint256.Int, mut txseq.Sequence, m txseq.Mutation, t *abi.Type, next *Prediction) *Prediction {
	if m.Field != txseq.FieldArg || prev == nil || pr.liftTries[me.Idx] >= maxLiftTries {
		return next
	}
	s := liftable(t, me, &m.Arg.Old, &m.Arg.New, prev)
	if s < 0 {
		return next
	}
	pr.liftTries[me.Idx]++
	return liftStep(&lift{t: t, side: s, bit: -1, next: next}, me, mut, m)
}

// liftStep flips the input bit at the lowest bit where me's side differs
// from its other operand; nil if they agree on x's width.
func liftStep(l *lift, me *txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation) *Prediction {
	var d uint256.Int
	d.Xor(&me.Opnd[0], &me.Opnd[1])
	j := lowBit(&d, calldata.Bits(l.t))
	if j < 0 {
		return nil
	}
	var w uint256.Int
	w.Lsh(uint256.NewInt(1), uint(j)).Xor(&w, &m.Arg.New)
	return aimWord(&Prediction{Target: me.Idx, lift: &lift{t: l.t, side: l.side, bit: j, next: l.next}}, mut, m, w)
}

// liftAgain takes the run of a lifting step that missed: if its target
// ran with the lowest differing bit above the one flipped, the next
// step; else the chain is no T-function's, and its queued prediction
// runs.
func (pr *Predictor) liftAgain(p *Prediction) *Prediction {
	l := p.lift
	if pr.lastRan {
		for i := range pr.last {
			me := &pr.last[i]
			if me.Idx != p.Target {
				continue
			}
			var d uint256.Int
			d.Xor(&me.Opnd[0], &me.Opnd[1])
			if j := lowBit(&d, calldata.Bits(l.t)); j > l.bit {
				if next := liftStep(l, me, p.Seq, p.M); next != nil {
					return next
				}
			}
			break
		}
	}
	return l.next
}
