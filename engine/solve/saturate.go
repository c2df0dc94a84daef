package solve

import (
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file extends HARVEY's input prediction (predict.go, §4.2) to roots
// no single transaction reaches. A sum of bounded steps that must hit an
// exact target (staked += amount % 10**18; assert(staked != 3e18)) gives
// a cost linear in the argument, but its root lies past the argument's
// reach: the predicted input wraps (the modulo) or breaks a guard
// (require(amount <= cap)), so the secant only ever misses. When the
// first secant step lands off the line that the argument's unit probe
// gives, and the transaction run once more moves the target (its effect
// accumulates in storage), the predictor saturates: it bisects between
// the mutant's point and the predicted one for the last input still on
// the line (the reachable input closest to the root), then repeats that
// transaction as often as its measured effect on the target needs, and
// aims the last copy's argument at the remaining residual. The copies go
// right after the transaction, so a sum written by earlier calls and
// compared by a later one (add() several times, then a guarded move that
// reads the tally) keeps the reading call last, where the target is. A chain costs
// some seventy runs, the bisection's mostly; where nothing accumulates,
// the one run that repeats the transaction. Only branches in user source
// are aimed at, as in closer.go.

// maxSaturations bounds the saturating chains per target edge: each costs
// a run, and where the transaction accumulates, two or three probes and
// up to maxBracketSteps runs of bisection.
const maxSaturations = 4

// maxCopies bounds the transactions a saturating chain appends.
const maxCopies = 16

// Stages of a saturating chain.
const (
	satCopy   = iota // the mutant with its transaction repeated
	satSlope         // the run at x1+dir: the line's slope
	satBack          // the run at x1-dir, if x1+dir left the line
	satBisect        // a run inside [lo, hi]
	satRepeat        // the saturated transaction run once more
)

// saturation is the state of a saturating chain: the mutant's point
// (x1, c1) on the line of slope s, and the bracket lo (on the line) to hi
// (off it).
type saturation struct {
	stage  int
	maxLen int            // the campaign's longest sequence
	seq    txseq.Sequence // the mutant, its argument at x1
	m      txseq.Mutation // the argument (Tx, Path, Field) the chain moves
	t      *abi.Type
	x1, c1 *big.Int
	xs     *big.Int // the secant's root, off the line
	cs     *big.Int // its residual; nil if the run did not evaluate the target
	s      *big.Int // the target's residual per unit of the argument
	lo, hi *big.Int
	steps  int
	// The probe towards the root, while the one away from it runs.
	fwd   *big.Int
	fwdOK bool
	// The saturated input and its residual, for the repeat.
	xsat, csat *big.Int
	satSeq     txseq.Sequence
	// The secant step the chain began after, and what its run saw at the
	// target: the plain secant goes on from there if the line is not one.
	orig                *Prediction
	origCost, origResid uint256.Int
}

// startSaturation begins a saturating chain after the first secant step p
// missed (its run's costs in pr.last): its first probe, or nil unless the
// step ran, left the target's residual with the mutant's sign (a crossed
// root is the bracket's to narrow) and the edge has chains left.
func (pr *Predictor) startSaturation(p *Prediction) *Prediction {
	if p.joint != nil || p.i2s != nil || p.lo != nil || p.iter != 0 || p.Target >= pr.Edges || !pr.lastRan || isDelay(p.M) {
		return nil // a delay is no sum of repeated calls: one computed delay flips a time guard
	}
	if pr.satTries[p.Target] >= maxSaturations || !pr.userEdge(p.Target) {
		return nil
	}
	t := numericLeaf(p.Seq, p.M)
	if t == nil || p.x0 == nil || p.c0 == nil || p.c0.Sign() == 0 {
		return nil
	}
	xs := ToBig(&p.M.Arg.New, t)
	cs, ok := pr.lastTarget(p.Target)
	if ok && cs.Sign() == 0 {
		return nil
	}
	if !ok {
		cs = nil
	} else if cs.Sign() != p.c0.Sign() {
		return nil // crossed the root: the secant's bracket narrows it
	}
	dir := xs.Cmp(p.x0)
	if dir == 0 {
		return nil
	}
	// The mutant's sequence: the prediction's with the argument at x1.
	base, _ := setWord(p.Seq, p.M, FromBig(p.x0))
	if base == nil {
		return nil
	}
	if len(base) >= pr.MaxLen {
		return nil // no room for a copy: not a try of the edge's chains
	}
	pr.satTries[p.Target]++
	s := &saturation{stage: satCopy, seq: base, m: p.M, t: t, x1: p.x0, c1: p.c0, xs: xs, cs: cs,
		orig: p, origCost: pr.targetCost, origResid: pr.targetResid, maxLen: pr.MaxLen}
	seq := insertCopy(base, p.M.Tx)
	m := p.M
	m.Tx, m.LastOnly = p.M.Tx+1, false
	m.Arg.Old, m.Arg.New = FromBig(s.x1), FromBig(s.x1)
	return &Prediction{Seq: seq, M: m, Target: p.Target, sat: s}
}

// saturateStep takes the last run of a saturating chain and returns the
// next, or nil once the chain gave up or aimed its last copy.
func (pr *Predictor) saturateStep(p *Prediction) *Prediction {
	s := p.sat
	r, ok := pr.lastTarget(p.Target)
	if !pr.lastRan {
		ok = false
	}
	x := ToBig(&p.M.Arg.New, s.t)
	switch s.stage {
	case satSlope, satBack, satCopy:
		var next *Prediction
		if s.stage != satCopy {
			next = s.slope(x, r, ok)
		} else {
			next = s.accumulates(r, ok)
		}
		if next != nil {
			return next
		}
		// Not a line, or nothing accumulates: the plain secant goes on.
		pr.targetCost, pr.targetResid = s.origCost, s.origResid
		return pr.secantAgain(s.orig)
	case satBisect:
		if ok && s.onLine(x, r) {
			s.lo = x
		} else {
			s.hi = x
		}
		return s.bisect(p.Target)
	case satRepeat:
		if !ok {
			return nil
		}
		// One more copy moved the residual by delta: as many copies as
		// bring it to zero or past, the last one's argument aimed back.
		delta := new(big.Int).Sub(r, s.csat)
		if delta.Sign() == 0 || delta.Sign() == s.csat.Sign() {
			return nil
		}
		abs := new(big.Int).Abs(s.csat)
		ad := new(big.Int).Abs(delta)
		k := new(big.Int).Add(abs, new(big.Int).Sub(ad, big.NewInt(1)))
		k.Quo(k, ad)
		if !k.IsInt64() || k.Int64() > maxCopies || len(s.satSeq)+int(k.Int64()) > s.maxLen {
			return nil
		}
		rk := new(big.Int).Mul(k, delta)
		rk.Add(rk, s.csat)
		seq := s.satSeq
		for range k.Int64() {
			seq = insertCopy(seq, s.m.Tx)
		}
		// The last copy: x with c = rk + s*(x - xsat) == 0.
		xf := new(big.Int).Quo(rk, s.s)
		xf.Sub(s.xsat, xf)
		last := s.m
		last.Tx, last.LastOnly = s.m.Tx+int(k.Int64()), false
		out, w := setWord(seq, last, FromBig(xf))
		if out == nil {
			return nil
		}
		// A plain secant chain from here, should the sum be non-linear.
		last.Arg.Old, last.Arg.New = FromBig(s.xsat), w
		return &Prediction{Seq: out, M: last, Target: p.Target, x0: s.xsat, c0: rk, iter: 1}
	}
	return nil
}

// slope takes a unit probe's residual r (ok: evaluated) at x, one step
// from x1 towards the root (satSlope) or away from it (satBack), and
// returns the bisection's first run, the probe the other way if this one
// left the line, or nil if the cost is no line falling towards the root
// the secant's step left.
func (s *saturation) slope(x, r *big.Int, ok bool) *Prediction {
	dir := new(big.Int).Sub(s.xs, s.x1)
	if s.stage == satSlope {
		s.fwd, s.fwdOK = r, ok
	}
	var slope *big.Int
	if ok {
		// Per unit of the argument.
		slope = new(big.Int).Sub(r, s.c1)
		if x.Cmp(s.x1) < 0 {
			slope.Neg(slope)
		}
		// The line must fall towards zero on the way to xs.
		if slope.Sign() == 0 || new(big.Int).Mul(slope, dir).Sign() == s.c1.Sign() {
			slope = nil
		}
	}
	s.hi = s.xs
	switch {
	case slope == nil && s.stage == satSlope:
		// x1 may be the last input on the line already (amount ==
		// cap): its slope from the other side.
		s.stage = satBack
		return s.run(s.orig.Target, new(big.Int).Sub(s.x1, big.NewInt(int64(dir.Sign()))))
	case slope == nil:
		return nil
	case s.stage == satBack:
		s.s = slope
		if !s.fwdOK || !s.onLine(new(big.Int).Add(s.x1, big.NewInt(int64(dir.Sign()))), s.fwd) {
			s.hi = new(big.Int).Add(s.x1, big.NewInt(int64(dir.Sign())))
		}
	default:
		s.s = slope
	}
	// On the line, xs would have been the root and the step would have hit.
	if s.cs != nil && s.onLine(s.xs, s.cs) {
		return nil
	}
	s.stage, s.lo = satBisect, s.x1
	return s.bisect(s.orig.Target)
}

// accumulates takes the residual r (ok: evaluated) of the mutant with its
// transaction repeated and returns the first slope probe if the repeat
// moved the target: the transaction's effect stays in storage. (A repeat
// of an input that adds nothing, amount % 10**18 == 0, moves nothing
// either; the next chain's mutant will differ.)
func (s *saturation) accumulates(r *big.Int, ok bool) *Prediction {
	if !ok || r.Cmp(s.c1) == 0 {
		return nil
	}
	s.stage = satSlope
	dir := new(big.Int).Sub(s.xs, s.x1)
	return s.run(s.orig.Target, new(big.Int).Add(s.x1, big.NewInt(int64(dir.Sign()))))
}

// onLine reports whether (x, c) lies on the line through (x1, c1) of
// slope s.
func (s *saturation) onLine(x, c *big.Int) bool {
	want := new(big.Int).Sub(x, s.x1)
	want.Mul(want, s.s).Add(want, s.c1)
	return want.Cmp(c) == 0
}

// bisect runs the midpoint of [lo, hi], or once none is left, the
// saturated input with one more copy of its transaction.
func (s *saturation) bisect(target int32) *Prediction {
	gap := new(big.Int).Sub(s.hi, s.lo)
	if new(big.Int).Abs(gap).Cmp(big.NewInt(1)) > 0 && s.steps < maxBracketSteps {
		s.steps++
		mid := gap.Quo(gap, big.NewInt(2))
		return s.run(target, mid.Add(mid, s.lo))
	}
	s.xsat = s.lo
	s.csat = new(big.Int).Sub(s.lo, s.x1)
	s.csat.Mul(s.csat, s.s).Add(s.csat, s.c1)
	if s.csat.Sign() == 0 || s.csat.Sign() != s.c1.Sign() {
		return nil
	}
	s.satSeq, _ = setWord(s.seq, s.m, FromBig(s.xsat))
	if s.satSeq == nil {
		return nil
	}
	s.stage = satRepeat
	seq := insertCopy(s.satSeq, s.m.Tx)
	m := s.m
	m.Tx, m.LastOnly = s.m.Tx+1, false
	m.Arg.Old, m.Arg.New = FromBig(s.xsat), FromBig(s.xsat)
	return &Prediction{Seq: seq, M: m, Target: target, sat: s}
}

// run returns the prediction running the chain's mutant with its argument
// at x.
func (s *saturation) run(target int32, x *big.Int) *Prediction {
	seq, w := setWord(s.seq, s.m, FromBig(x))
	if seq == nil {
		return nil
	}
	m := s.m
	m.Arg.Old, m.Arg.New = FromBig(s.x1), w
	return &Prediction{Seq: seq, M: m, Target: target, sat: s}
}

// setWord returns a copy of seq with the argument (or value) m changed set
// to word fitted to its type, and the word set; nil if it cannot be set.
func setWord(seq txseq.Sequence, m txseq.Mutation, word uint256.Int) (txseq.Sequence, uint256.Int) {
	t := numericLeaf(seq, m)
	if t == nil {
		return nil, word
	}
	word = calldata.Clamp(t, word)
	out := seq.Clone()
	switch {
	case m.Field == txseq.FieldValue:
		if word.Cmp(MaxValue) > 0 {
			return nil, word // more than a sender holds
		}
		out[m.Tx].Value = word
	case isDelay(m):
		if !setDelay(&out[m.Tx], m, &word) {
			return nil, word
		}
	case !calldata.SetWord(out[m.Tx].Args, m.Arg.Path, word):
		return nil, word
	}
	return out, word
}

// insertCopy returns a copy of seq with its transaction i repeated right
// after it: where i is the last, at the end (stake() adds and asserts);
// where a later call reads the sum (add() then check()), before that
// call, which must stay the last to see the sum grow.
func insertCopy(seq txseq.Sequence, i int) txseq.Sequence {
	out := seq.Clone()
	tx := out[i]
	tx.Args = calldata.Clone(tx.Args)
	return slices.Insert(out, i+1, tx)
}

// lastTarget returns the target's signed residual in the last run, and
// whether that run evaluated it.
func (pr *Predictor) lastTarget(target int32) (*big.Int, bool) {
	if e := pr.lastEntry(target); e != nil {
		return Signed(&e.Resid), true
	}
	return nil, false
}

// userEdge reports whether branch edge idx is in user source (closer.go's
// Corpus.userEdge): a sum the code accumulates is compared there, not in
// the dispatcher or the compiler's overflow checks.
func (pr *Predictor) userEdge(idx int32) bool {
	return pr.User == nil || int(idx) < len(pr.User) && pr.User[idx]
}
