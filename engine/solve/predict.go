package solve

import (
	"math/big"
	"math/rand/v2"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Secant and bracket (HARVEY's input prediction, Alg. 1 lines 6-17,
// §4.2). Class: a condition on one numeric input whose cost is monotone
// between two points, linear or not. After a mutation that changed one
// numeric input, compare the cost vectors of the parent and the mutant,
// pick a metric that changed and is non-zero in both (preferring
// branches never covered), fit a line through the two (input, cost)
// points and run the input where the line meets zero. If that misses,
// iterate the secant step; once two points straddle the root, keep them
// as a bracket and narrow it (Illinois regula falsi with a bisection
// fallback), so a root of a non-linear cost such as 3a^2 + 7a + 101 ==
// 5687 (lookahead paper, Fig. 2) is found in a few dozen steps.

// Prediction is a predicted input waiting to run, with what it aims at.
type Prediction struct {
	Seq    txseq.Sequence
	M      txseq.Mutation
	Target int32
	// The last point on the line, for another secant step if this misses.
	x0, c0 *big.Int
	iter   int
	// A bracket: two points whose residuals have opposite signs, and which
	// end the last step replaced (-1 lo, +1 hi, 0 none) for Illinois.
	lo, clo, hi, chi *big.Int
	side             int
	// joint, if set, makes this run a step of a joint solve (linear.go).
	joint *joint
	// i2s, if set, makes this run an input-to-state candidate (i2s.go).
	i2s *i2sQueue
	// sat, if set, makes this run a step of a saturating chain
	// (saturate.go).
	sat *saturation
	// bytes, if set, makes this run a step of a bytes chain (bytes.go).
	bytes *bytesQueue
	// lift, if set, makes this run a step of bit lifting (tfunc.go).
	lift *lift
	// walk, if set, makes this run a step of a hash walk (hashwalk.go).
	walk *hashWalk
	// line, if set, makes this run a step along a joint solve's line
	// (linepin.go).
	line *line
	// repair, if set, makes this run a step of a repair along a bilinear
	// guard (repair.go).
	repair *bilinear
}

// maxBracketSteps bounds the steps inside a bracket: bisection alone
// halves a 2^64 interval to one integer in 64 steps, and regula falsi
// needs far fewer on smooth costs.
const maxBracketSteps = 64

// Predictor is a worker's input-prediction state: scratch to compare a
// parent's cost vector with a mutant's, and what the last predicted run
// observed at its target.
type Predictor struct {
	rng        *rand.Rand // the worker's
	seen       []uint8    // the worker's coverage classes, per edge
	Edges      int32      // cost indices below are branch edges, above storage slots
	iterations int        // secant steps per prediction

	// Parent costs by index, valid where pStamp == stamp.
	pCost, pResid []uint256.Int
	pOpnd         [][2]uint256.Int
	pStamp        []uint32
	stamp         uint32
	cands         []int
	preferred     []int
	AggCosts      []txseq.CostEntry // costs of the first aggressive run

	// The target's cost and residual in the last predicted run whose last
	// transaction ran (a run that fails earlier leaves them as they were).
	targetCost, targetResid uint256.Int

	// Joint prediction (linear.go): off with Config.NoJointPrediction; the
	// mutant the current chain started from; the last predicted run's
	// cost vector (lastRan: its last transaction ran).
	NoJoint      bool
	mStamp       []uint32
	jointTries   map[int32]uint8 // joint solves from parents, per target edge
	i2sTries     map[int64]uint8 // input-to-state from parents, per edge and argument
	liftTries    map[int32]uint8 // bit-lifting chains, per target edge (tfunc.go)
	lineTries    map[int32]uint8 // chains along a joint solve's line, per target edge (linepin.go)
	repairTries  map[int32]uint8 // repairs along a bilinear guard, per target edge (repair.go)
	forwardTries map[int32]uint8 // forwarded values aimed, per target edge (forward.go)
	satTries     map[int32]uint8 // saturating chains, per target edge (saturate.go)
	// Known is what the source holds (literals' keccaks, constants'
	// bytes: preimage.go, bytes.go); preimageTries counts the chains
	// aimed with a preimage per target.
	Known         *Known
	preimageTries map[int32]uint8
	// hashWalks are the hash walks per target edge, and walking the
	// one whose run is running (hashwalk.go).
	hashWalks map[int32]*hashWalk
	walking   *hashWalk
	// maxLen bounds the sequences a saturating chain makes
	// (Config.MaxSeqLen); user marks the branch edges in user source
	// (Corpus.user, nil: all).
	MaxLen int
	User   []bool
	// In-range attempts per comparison edge, and the limits tried.
	inRangeTries map[int32]uint8
	inRangeSeen  map[inRangeKey]struct{}
	hints        map[hintKey]*hintRing
	origin       chainOrigin
	last         []txseq.CostEntry
	lastRan      bool
	yield        yieldState // prediction's schedule by its yield (yield.go)
	// The deployed state's block time, and the delays guessed per edge
	// and word (delay.go).
	BaseTime   uint64
	delayTries map[int32]uint8
	delaySeen  map[inRangeKey]struct{}
}

func NewPredictor(rng *rand.Rand, seen []uint8, edges, sites, iterations int) Predictor {
	return Predictor{
		rng: rng, seen: seen, Edges: int32(edges), iterations: iterations,
		pCost: make([]uint256.Int, sites), pResid: make([]uint256.Int, sites), pOpnd: make([][2]uint256.Int, sites), pStamp: make([]uint32, sites),
		mStamp: make([]uint32, sites), jointTries: map[int32]uint8{}, i2sTries: map[int64]uint8{}, satTries: map[int32]uint8{},
		liftTries: map[int32]uint8{}, lineTries: map[int32]uint8{}, repairTries: map[int32]uint8{}, forwardTries: map[int32]uint8{},
		preimageTries: map[int32]uint8{}, hashWalks: map[int32]*hashWalk{},
		inRangeTries: map[int32]uint8{}, inRangeSeen: map[inRangeKey]struct{}{},
		hints: map[hintKey]*hintRing{},
	}
}

// Observe takes what a predicted run saw at its target: whether its last
// transaction ran, and then the target's cost and residual and the run's
// cost vector.
func (pr *Predictor) Observe(ranLast bool, targetCost, targetResid *uint256.Int, costs []txseq.CostEntry) {
	pr.lastRan = ranLast
	pr.last = pr.last[:0]
	if ranLast {
		pr.targetCost, pr.targetResid = *targetCost, *targetResid
		pr.last = append(pr.last, costs...)
	}
	if w := pr.walking; w != nil {
		pr.walking = nil
		if ranLast {
			pr.observeWalk(w) // a run that passes the hash ends its chain
		}
	}
}

// MaxValue bounds the ether a predicted input sends: what a sender starts
// with (chain.InitialBalance, which this package does not import; a test
// in engine/fuzz keeps the two equal).
var MaxValue = new(uint256.Int).Mul(uint256.NewInt(1_000_000), uint256.NewInt(1e18))

// valueType is msg.value's type, for prediction on it.
var valueType = &abi.Type{T: abi.UintTy, Size: 256}

// numericLeaf returns the type of the scalar integer argument (or the
// msg.value, or the delay) a mutation changed, or nil if it changed something else.
func numericLeaf(seq txseq.Sequence, m txseq.Mutation) *abi.Type {
	if m.Field == txseq.FieldValue && m.Arg.Scalar && m.Tx < len(seq) {
		return valueType
	}
	if isDelay(m) && m.Arg.Scalar && m.Tx < len(seq) {
		return delayType // a time guard's input (delay.go)
	}
	if m.Field != txseq.FieldArg || !m.Arg.Scalar || m.Tx >= len(seq) {
		return nil
	}
	v := calldata.At(seq[m.Tx].Args, m.Arg.Path)
	if v == nil || (v.Type.T != abi.IntTy && v.Type.T != abi.UintTy) {
		return nil
	}
	return v.Type
}

// Predict proposes an input from a parent's cost vector and a mutant's
// (costs, of the mutant's last transaction).
func (pr *Predictor) Predict(parent, costs []txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation) *Prediction {
	if p := pr.forwardStart(costs, mut, m); p != nil {
		return p // an earlier call's argument the last call compares (forward.go)
	}
	t := numericLeaf(mut, m)
	if t == nil {
		return pr.bytesStart(costs, mut, m)
	}
	if len(parent) == 0 {
		return nil
	}
	pr.stamp++
	for _, pe := range parent {
		pr.pCost[pe.Idx] = pe.Cost
		pr.pResid[pe.Idx] = pe.Resid
		pr.pOpnd[pe.Idx] = pe.Opnd
		pr.pStamp[pe.Idx] = pr.stamp
	}
	// In-range candidates first: predictTarget's guards stamp again.
	cands := pr.inRangeCands(costs, m, t)
	if len(cands) > 0 && m.Field == txseq.FieldArg {
		pr.addHints(mut[m.Tx], m.Arg.Path, cands)
	}
	next := pr.predictTarget(parent, costs, mut, m, t)
	if len(cands) == 0 {
		return next
	}
	return i2sNext(&i2sQueue{mut: mut, m: m, t: t, cands: cands, next: next, plain: true}, -1)
}

// predictTarget picks the mutant's target and returns its first run.
func (pr *Predictor) predictTarget(parent, costs []txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation, t *abi.Type) *Prediction {
	pr.cands, pr.preferred = pr.cands[:0], pr.preferred[:0]
	for k, me := range costs {
		if pr.pStamp[me.Idx] != pr.stamp {
			continue
		}
		pc := &pr.pCost[me.Idx]
		if pc.Eq(&me.Cost) || pc.IsZero() || me.Cost.IsZero() {
			continue
		}
		pr.cands = append(pr.cands, k)
		if me.Idx >= pr.Edges || pr.seen[me.Idx] == 0 {
			pr.preferred = append(pr.preferred, k)
		}
	}
	pool := pr.preferred
	if len(pool) == 0 {
		pool = pr.cands
	}
	if len(pool) == 0 {
		// The mutant changed nothing both runs evaluated: often it broke
		// a condition the parent satisfied, so the parent's next branch
		// went unevaluated. Solve for it from the parent, jointly.
		return pr.jointFromParent(parent, costs, mut, m)
	}
	k := pool[pr.rng.IntN(len(pool))]
	if h, ok := pr.preimageTarget(costs, m, t); ok {
		// An exact candidate beats a random pick (preimage.go).
		k = h
	}
	me := costs[k]
	x0, x1 := ToBig(&m.Arg.Old, t), ToBig(&m.Arg.New, t)
	// Fit the signed residuals: they cross zero at the root.
	c0, c1 := Signed(&pr.pResid[me.Idx]), Signed(&me.Resid)
	p := &Prediction{Target: me.Idx, x0: x1, c0: c1}
	pr.setOrigin(costs, mut, m, me.Idx, c1)
	prev := &pr.pOpnd[me.Idx]
	next := pr.liftStart(&me, prev, mut, m, t, pr.secant(p, mut, m, t, x0, c0, x1, c1))
	return pr.preimageStart(&me, mut, m, t, i2sStart(&me, c0, prev, mut, m, t, next))
}

// SecantRoot returns where the line through (x0, c0) and (x1, c1) meets
// zero, x1 - c1 * (x1 - x0) / (c1 - c0) exact in 256+ bits, or nil if the
// line is flat. Both input prediction and aggressive mode's state
// prediction (predictState) step with it.
func SecantRoot(x0, c0, x1, c1 *big.Int) *big.Int {
	dc := new(big.Int).Sub(c1, c0)
	if dc.Sign() == 0 {
		return nil
	}
	x := new(big.Int).Sub(x1, x0)
	x.Mul(x, c1)
	x.Quo(x, dc)
	return x.Sub(x1, x)
}

// secant fits the line through (x0, c0) and (x1, c1) and returns the input
// at its root, or nil if the line is flat or the root is x1 itself.
func (pr *Predictor) secant(p *Prediction, mut txseq.Sequence, m txseq.Mutation, t *abi.Type, x0, c0, x1, c1 *big.Int) *Prediction {
	x := SecantRoot(x0, c0, x1, c1)
	if x == nil {
		return nil
	}
	switch {
	case p.Target >= pr.Edges:
		// Storage slots wrap around 2^256 (HARVEY's Fig. 3: the array's
		// base plus the index), so the root is taken modulo 2^256.
		x.Mod(x, two256)
	case !calldata.Signed(t) && x.Sign() < 0:
		x.SetInt64(0)
	}
	return aim(p, mut, m, t, x)
}

// aim makes p run mut with the argument m changed set to x (fitted to its
// type), or returns nil if that is the input mut already has.
func aim(p *Prediction, mut txseq.Sequence, m txseq.Mutation, t *abi.Type, x *big.Int) *Prediction {
	return aimWord(p, mut, m, calldata.Clamp(t, FromBig(x)))
}

// aimWord makes p run mut with the argument m changed set to word, or
// returns nil if that is the input mut already has.
func aimWord(p *Prediction, mut txseq.Sequence, m txseq.Mutation, word uint256.Int) *Prediction {
	if word.Eq(&m.Arg.New) {
		return nil
	}
	seq := ownTx(mut, m.Tx)
	switch {
	case m.Field == txseq.FieldValue:
		if word.Cmp(MaxValue) > 0 {
			return nil // more than a sender holds
		}
		seq[m.Tx].Value = word
	case isDelay(m):
		if !setDelay(&seq[m.Tx], m, &word) {
			return nil
		}
	case !calldata.SetWord(seq[m.Tx].Args, m.Arg.Path, word):
		return nil
	}
	pm := m
	pm.Arg.Path = append(calldata.Path(nil), m.Arg.Path...)
	pm.Arg.Old, pm.Arg.New = m.Arg.New, word
	p.Seq, p.M = seq, pm
	return p
}

// ownTx returns a copy of seq that shares every transaction's arguments
// with it but tx's, which it copies: a prediction changes one argument
// of one transaction, and copying the whole sequence's arguments per
// predicted run was an eighth of a campaign's allocated bytes.
func ownTx(seq txseq.Sequence, tx int) txseq.Sequence {
	out := seq.Share()
	out[tx].Args = calldata.Clone(out[tx].Args)
	return out
}

// Again runs one more step after a prediction missed its target: the
// next step of a joint solve; a joint solve once a secant step broke a
// condition of the path or the secant gave up; else secantAgain's step.
func (pr *Predictor) Again(p *Prediction) *Prediction {
	if p.walk != nil {
		return pr.walkAgain(p)
	}
	if p.line != nil {
		return pr.lineAgain(p)
	}
	if p.repair != nil {
		return pr.repairAgain(p)
	}
	if p.joint != nil {
		if next := pr.jointStep(p); next != nil || p.joint.resume == nil {
			if next == nil && p.joint.resume == nil {
				if q := pr.startLift(p.joint, p); q != nil {
					return q // the solve missed: lift along its line (linepin.go)
				}
				return pr.startRepair(p.joint) // or repair a bilinear guard (repair.go)
			}
			return next
		}
		if next := pr.repairDeeper(p); next != nil {
			return next
		}
		return i2sNext(p.joint.resume, p.joint.after)
	}
	if p.i2s != nil {
		return pr.i2sAgain(p)
	}
	if p.bytes != nil {
		return pr.bytesAgain(p)
	}
	if p.lift != nil {
		return pr.liftAgain(p)
	}
	if p.sat != nil {
		if next := pr.saturateStep(p); next != nil {
			return next
		}
		return pr.startJoint()
	}
	if pr.brokeGuard() {
		if j := pr.startJoint(); j != nil {
			return j
		}
	}
	if next := pr.startSaturation(p); next != nil {
		return next
	}
	if next := pr.secantAgain(p); next != nil {
		return next
	}
	return pr.startJoint()
}

// secantAgain is HARVEY's next step: a secant step through the previous
// point and the prediction's own, or, once the residuals changed sign, a
// step inside the bracket.
func (pr *Predictor) secantAgain(p *Prediction) *Prediction {
	if pr.targetCost.IsZero() {
		return nil
	}
	t := numericLeaf(p.Seq, p.M)
	if t == nil {
		return nil
	}
	x1 := ToBig(&p.M.Arg.New, t)
	c1 := Signed(&pr.targetResid)
	next := &Prediction{Target: p.Target, x0: x1, c0: c1, iter: p.iter + 1}
	if p.lo == nil && c1.Sign() != p.c0.Sign() && c1.Sign() != 0 && p.c0.Sign() != 0 {
		// The root lies between the last two points.
		next.lo, next.clo, next.hi, next.chi = p.x0, p.c0, x1, c1
		if next.lo.Cmp(next.hi) > 0 {
			next.lo, next.clo, next.hi, next.chi = next.hi, next.chi, next.lo, next.clo
		}
		return bracketStep(next, p.Seq, p.M, t)
	}
	if p.lo != nil {
		if p.iter+1 >= maxBracketSteps {
			return nil
		}
		next.lo, next.clo, next.hi, next.chi = p.lo, p.clo, p.hi, p.chi
		next.side = p.side
		// Replace the end with the same sign as the new point; Illinois:
		// if the same end is replaced twice running, halve the other
		// end's residual so the next false position moves toward it.
		if c1.Sign() == p.clo.Sign() {
			next.lo, next.clo = x1, c1
			if p.side == -1 {
				next.chi = new(big.Int).Quo(p.chi, big.NewInt(2))
			}
			next.side = -1
		} else {
			next.hi, next.chi = x1, c1
			if p.side == +1 {
				next.clo = new(big.Int).Quo(p.clo, big.NewInt(2))
			}
			next.side = +1
		}
		return bracketStep(next, p.Seq, p.M, t)
	}
	if p.iter+1 >= pr.iterations {
		return nil
	}
	return pr.secant(next, p.Seq, p.M, t, p.x0, p.c0, x1, c1)
}

// bracketStep runs the false position between the bracket's ends,
// bisecting when integer rounding lands on an end; nil once no integer is
// left strictly inside.
func bracketStep(p *Prediction, mut txseq.Sequence, m txseq.Mutation, t *abi.Type) *Prediction {
	gap := new(big.Int).Sub(p.hi, p.lo)
	if gap.Cmp(big.NewInt(1)) <= 0 {
		return nil
	}
	var x *big.Int
	if dc := new(big.Int).Sub(p.chi, p.clo); dc.Sign() != 0 {
		// x = lo - clo * (hi - lo) / (chi - clo)
		x = new(big.Int).Mul(p.clo, gap)
		x.Quo(x, dc)
		x.Sub(p.lo, x)
	}
	if x == nil || x.Cmp(p.lo) <= 0 || x.Cmp(p.hi) >= 0 {
		x = new(big.Int).Rsh(gap, 1)
		x.Add(x, p.lo)
	}
	return aim(p, mut, m, t, x)
}

// PredictState fits a line through the costs of two state values (the
// first run's costs in aggCosts, the second's in costs) and returns the
// value at its root, modulo 2^256. It aims at the last metric that changed
// and is non-zero in both runs and is a branch never covered, else the
// first such metric (no random choice, unlike predict).
func (pr *Predictor) PredictState(v0, v1 *uint256.Int, costs []txseq.CostEntry) (uint256.Int, bool) {
	var best, bestP *txseq.CostEntry
	for k := range costs {
		me := &costs[k]
		var pe *txseq.CostEntry
		for j := range pr.AggCosts {
			if pr.AggCosts[j].Idx == me.Idx {
				pe = &pr.AggCosts[j]
			}
		}
		if pe == nil || pe.Cost.Eq(&me.Cost) || pe.Cost.IsZero() || me.Cost.IsZero() {
			continue
		}
		if best == nil || (me.Idx < pr.Edges && pr.seen[me.Idx] == 0) {
			best, bestP = me, pe
		}
	}
	if best == nil {
		return uint256.Int{}, false
	}
	x := SecantRoot(v0.ToBig(), Signed(&bestP.Resid), v1.ToBig(), Signed(&best.Resid))
	if x == nil {
		return uint256.Int{}, false
	}
	x.Mod(x, two256)
	var out uint256.Int
	out.SetFromBig(x)
	return out, true
}
