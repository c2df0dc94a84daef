package solve

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file proposes values strictly inside a comparison the mutant
// already passes. Input-to-state (i2s.go) and the secant step aim at the
// value that crosses a check; some bugs need one inside it instead: a
// withdrawal of nearly the whole deposit (twice, where the debit is
// missing), a transfer of half of one's tickets. When the argument flows
// into one side of a comparison (that side moved exactly as the argument
// did between the parent and the mutant) and the other side, the limit,
// stayed put (a balance read from storage, a constant), the argument is
// aimed at the limit itself, one below it and half of it. The candidates
// go to that argument only: half of every operand in the dictionary
// spreads the same values over every argument and helps none.

// inRangeCands is the number of candidate points: the limit, one below, half.
const inRangeCands = 3

// maxInRangeTries bounds the in-range attempts per comparison edge (each
// with a limit not tried there before), so a balance that differs in
// every sequence does not spend the campaign on one check.
const maxInRangeTries = 64

// inRangeKey is a comparison edge with the limit tried there.
type inRangeKey struct {
	idx int32
	lim uint256.Int
}

// inRangeCands returns the in-range candidates for the argument or
// value (of type t) that mutation m changed, from the comparisons of the
// mutant's last transaction (costs) and the parent's operands, which
// predict stamped.
func (pr *Predictor) inRangeCands(costs []txseq.CostEntry, m txseq.Mutation, t *abi.Type) []uint256.Int {
	var cands []uint256.Int
	for k := range costs {
		me := &costs[k]
		if me.Idx >= pr.Edges || pr.seen[me.Idx] == 0 || pr.pStamp[me.Idx] != pr.stamp {
			continue
		}
		prev := &pr.pOpnd[me.Idx]
		for s := range 2 {
			side, lim := &me.Opnd[s], &me.Opnd[1-s]
			if lim.IsZero() || side.Eq(lim) || !lim.Eq(&prev[1-s]) || !movedAs(t, 0, &m.Arg.Old, &m.Arg.New, &prev[s], side) {
				continue
			}
			if !pr.inRangeFirst(me.Idx, lim) {
				continue
			}
			if cands == nil {
				cands = make([]uint256.Int, 0, 2*inRangeCands)
			}
			cands = inRangeValues(cands, &m.Arg.New, t, side, lim)
		}
	}
	return cands
}

// inRangeFirst reports whether limit lim is new at comparison edge idx
// and the edge has tries left, and counts the try.
func (pr *Predictor) inRangeFirst(idx int32, lim *uint256.Int) bool {
	if pr.inRangeTries[idx] >= maxInRangeTries {
		return false
	}
	key := inRangeKey{idx, *lim}
	if _, ok := pr.inRangeSeen[key]; ok {
		return false
	}
	pr.inRangeSeen[key] = struct{}{}
	pr.inRangeTries[idx]++
	return true
}

// inRangeValues appends to out the values of x (of type t, whose side of
// the comparison is side) that bring side to points on its own side of
// lim: below it, lim, lim - 1 and lim / 2 (an amount up to a balance);
// above it, lim and lim + 1 (an amount from a minimum). Each is x + (v -
// side), in x's width.
func inRangeValues(out []uint256.Int, x *uint256.Int, t *abi.Type, side, lim *uint256.Int) []uint256.Int {
	var pts [inRangeCands]uint256.Int
	n := inRangeCands
	pts[0] = *lim
	if side.Lt(lim) {
		pts[1].SubUint64(lim, 1)
		pts[2].Rsh(lim, 1)
	} else {
		pts[1].AddUint64(lim, 1)
		n = 2
	}
	for i := range pts[:n] {
		var v uint256.Int
		v.Sub(&pts[i], side).Add(&v, x)
		w := wrapTo(t, &v)
		if w.Eq(x) || contains(out, &w) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// The in-range values also stay with their argument as hints: the run
// that proposed them keeps only the mutant's last transaction, while the
// bug may need the value earlier in a sequence (half of one's tickets
// transferred before a redeem) or twice (a withdrawal that forgot its
// debit). Mutating that argument then takes a hint now and then.

// hintCap is how many hints an argument keeps: the latest limits'.
const hintCap = 8

// hintOneIn is how rarely a mutation of a hinted argument takes a hint.
const hintOneIn = 4

// hintKey is a top-level argument of a method.
type hintKey struct {
	contract, method, arg int
}

// hintRing holds an argument's latest hints.
type hintRing struct {
	vals [hintCap]uint256.Int
	n    int // values written so far
}

// addHints keeps the in-range candidates of tx's top-level argument at
// path.
func (pr *Predictor) addHints(tx txseq.Tx, path calldata.Path, vals []uint256.Int) {
	if len(path) != 1 || tx.Method < 0 {
		return
	}
	key := hintKey{tx.Contract, tx.Method, path[0]}
	r := pr.hints[key]
	if r == nil {
		r = &hintRing{}
		pr.hints[key] = r
	}
	for i := range vals {
		r.vals[r.n%hintCap] = vals[i]
		r.n++
	}
}

// Hint returns now and then one of the hints of tx's top-level argument
// arg, false when it has none or none is taken.
func (pr *Predictor) Hint(tx *txseq.Tx, arg int) (uint256.Int, bool) {
	if tx.Method < 0 || len(pr.hints) == 0 {
		return uint256.Int{}, false
	}
	r := pr.hints[hintKey{tx.Contract, tx.Method, arg}]
	if r == nil || pr.rng.IntN(hintOneIn) != 0 {
		return uint256.Int{}, false
	}
	return r.vals[pr.rng.IntN(min(r.n, hintCap))], true
}
