package solve

import (
	"math/big"
	"slices"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// Hash walk. Class: a comparison of a few bits of the keccak of an input
// with a constant (uint8(uint256(keccak256(abi.encode(x)))) == 27,
// uint16(...), & 0xff: at most 16 bits, engine/trace's hashed cost),
// where x is bound by equalities above it that every mutant of x breaks
// (x * 3897 + y * K1 == C1). The hash has no distance to descend, and a
// mutant of x alone almost never even evaluates it. The joint solve's
// probes give the directions that keep the guards above (directions.go);
// along one of them the hashed bits are a fresh draw per step, so the
// walk runs the base moved by 1, -1, 2, -2, ... steps, staying near it
// (inside the moved inputs' windows), for at most 4 * 2^bits runs per
// target edge, with a cursor so the next chain at the edge resumes where
// the last stopped. An expected 2^bits runs pass the hash.
//
// The same walk serves a target below the hash (an equation that pins x,
// x * K2 + C2 == D): every keeping direction breaks the hashed guard, and
// a run that passes it again is a second point on the line where the
// target was evaluated; with the base, it gives the target's residual
// along the line, linear, and so its root (roots.go's divMod), run next.
// The run that first passes the hash ends its chain (it reached its
// target) and becomes the base of a walk of each uncovered branch it
// evaluated that the runs failing the hash did not: the conditions
// nested below the hash, whose next chain goes on along the same line
// without probing it again.

// hashWalk is one target edge's walk along a kernel line.
type hashWalk struct {
	j      *joint     // the solve whose base and direction the walk moves
	dir    []*big.Int // the direction: keeps every guard but hashed ones
	next   int        // the cursor: walkStep(next) is the next step
	left   int        // runs left of the edge's budget
	budget int        // the edge's budget: walkBudget << bits
	// onTarget: the hashed comparison is the target (else a guard above
	// it, and a run that passes it gives the target's root).
	onTarget bool
	step     *big.Int // the last run's step
	seg      int      // runs of the running chain
	root     bool     // the last run was a computed root
	// blocked: the steps up (0) or down (1) broke a guard that is not
	// hashed, a window the walk left (the base at its edge).
	blocked [2]bool
	seq     txseq.Sequence // the last run's
	// failed are the edges the last run that failed the hash evaluated.
	failed []int32
	// learned: the walk turned onto a direction that keeps a guard below
	// the hash; rooted: its base moved to a root run (hashbelow.go).
	learned, rooted bool
	// odd: the walk takes odd steps only, to learn a guard below the
	// hash exactly from the first run that passes it (hashbelow.go).
	odd bool
}

// walkBudget is the walk's runs per target edge, times 2^bits.
const walkBudget = 4

// maxWalkSegment bounds a chain's walk runs (the next chain at the edge
// resumes): a walk's run has one chance in 2^bits, so a long chain
// would keep the worker from its mutations for nothing.
const maxWalkSegment = 256

// walkStep returns the cursor's step: 1, -1, 2, -2, ...
func walkStep(c int) int64 {
	t := int64(c/2 + 1)
	if c%2 == 1 {
		t = -t
	}
	return t
}

// markHashed records, for each of the solve's conditions, the bits of a
// hashed comparison behind it in costs (a guard's cost sits at its
// other edge; a broken guard's and the target's at their own).
func (j *joint) markHashed(costs []txseq.CostEntry) {
	for k := range costs {
		c := &costs[k]
		if !c.Hashed {
			continue
		}
		for i, e := range j.eqs {
			if c.Idx != e && c.Idx != e^1 {
				continue
			}
			if j.hashBits == nil {
				j.hashBits = make([]uint8, len(j.eqs))
			}
			j.hashBits[i] = max(j.hashBits[i], hashedBits(c))
		}
	}
}

// hashedBits returns the bits a hashed comparison compares: 8 if both
// operands fit in a byte, else 16 (the tracer marks no wider one).
func hashedBits(c *txseq.CostEntry) uint8 {
	if c.Opnd[0].BitLen() <= 8 && c.Opnd[1].BitLen() <= 8 {
		return 8
	}
	return 16
}

// walkDir returns the direction to walk along, the hashed bits it must
// match, and whether the target itself is the hashed comparison; nil if
// the class does not apply. A probed direction qualifies when the
// target is hashed and the direction keeps every guard and moves the
// target's operand, or when it keeps every guard above a hashed one
// that it breaks and the target is nested below that one. Among those,
// one that moves each bounded input by a short step, if any: the walk
// stays near the base. With none and a hashed target, a pair direction
// (pairDirs) of two inputs whose probes broke the same guard, one of
// them probed downwards because its upward probe left a window (an
// input at its type's maximum above x > K).
func (j *joint) walkDir() ([]*big.Int, uint8, bool) {
	if j.hashBits == nil {
		return nil, 0, false
	}
	target := len(j.eqs) - 1
	best, bits, short := -1, uint8(0), false
	for d, eff := range j.effects {
		if eff == nil {
			continue
		}
		var b uint8
		switch lv := j.breakLevel(eff); {
		case lv == target:
			if j.hashBits[target] == 0 || !j.nonzero(eff[target]) {
				continue
			}
			b = j.hashBits[target]
		case j.hashBits[lv] > 0 && j.nonzero(eff[lv]) && eff[target] == nil:
			// The target went unevaluated with the hash: it is nested
			// below it, not a condition after the hash's if.
			b = j.hashBits[lv]
		default:
			continue
		}
		s := j.shortOnBounds(j.dirs[d])
		if best < 0 || s && !short {
			best, bits, short = d, b, s
		}
	}
	if best >= 0 {
		return j.dirs[best], bits, j.breakLevel(j.effects[best]) == target
	}
	if j.hashBits[target] == 0 {
		return nil, 0, false
	}
	if v := j.unitPair(); v != nil {
		return v, j.hashBits[target], true
	}
	return nil, 0, false
}

// unitPair returns a direction that keeps the first guard two probes of
// single inputs broke, from their unit effects on it, or nil.
func (j *joint) unitPair() []*big.Int {
	var fallback []*big.Int
	for a, ea := range j.effects {
		ka, sa := singleArg(j.dirs[a])
		if ea == nil || ka < 0 {
			continue
		}
		lv := j.breakLevel(ea)
		if lv >= len(j.eqs)-1 || !j.nonzero(ea[lv]) {
			continue
		}
		for b, eb := range j.effects {
			kb, sb := singleArg(j.dirs[b])
			if eb == nil || kb <= ka || j.breakLevel(eb) != lv || !j.nonzero(eb[lv]) {
				continue
			}
			ua := new(big.Int).Mul(ea[lv], big.NewInt(sa))
			ub := new(big.Int).Mul(eb[lv], big.NewInt(sb))
			for _, v := range pairDirs(len(j.args), ka, kb, ua, ub, j.bits) {
				if j.shortOnBounds(v) {
					return v
				}
				if fallback == nil {
					fallback = v
				}
			}
		}
	}
	return fallback
}

// singleArg returns the one argument direction dir moves and its step
// (1 or -1), or -1 if it moves several or by more.
func singleArg(dir []*big.Int) (int, int64) {
	k, s := -1, int64(0)
	for i, v := range dir {
		if v == nil || v.Sign() == 0 {
			continue
		}
		if k >= 0 || !v.IsInt64() || (v.Int64() != 1 && v.Int64() != -1) {
			return -1, 0
		}
		k, s = i, v.Int64()
	}
	return k, s
}

// shortOnBounds reports whether dir moves every bounded input it moves
// by a short step (maxIntegerStep).
func (j *joint) shortOnBounds(dir []*big.Int) bool {
	for i := range j.bounds {
		if k := j.bounds[i].k; j.moves(dir, k) && nearestResidue(dir[k], j.bits).CmpAbs(maxIntegerStep) > 0 {
			return false
		}
	}
	return true
}

// startWalk begins the walk of the solve's target once its probes ran,
// or resumes the edge's walk; nil if the class does not apply or the
// edge's budget is spent.
func (pr *Predictor) startWalk(j *joint) *Prediction {
	if w := pr.hashWalks[j.target]; w != nil {
		if !w.onTarget && j.solvable() {
			return nil // a nested walk's target a kept guard's direction moves
		}
		return pr.resumeWalk(j.target)
	}
	dir, bits, onTarget := j.walkDir()
	if !onTarget && j.solvable() {
		return nil // the hash is above a target a kept guard's direction moves
	}
	if dir == nil {
		return nil
	}
	w := &hashWalk{j: j, dir: dir, left: walkBudget << bits, budget: walkBudget << bits, onTarget: onTarget}
	w.odd = !onTarget && j.guardBelowHash()
	pr.addWalk(j.target, w)
	return pr.walkRun(w)
}

// addWalk records w as target edge target's walk.
func (pr *Predictor) addWalk(target int32, w *hashWalk) {
	if pr.hashWalks == nil {
		pr.hashWalks = map[int32]*hashWalk{}
	}
	pr.hashWalks[target] = w
}

// resumeWalk continues the walk of target edge target in a new chain,
// or returns nil if it has none or its budget is spent.
func (pr *Predictor) resumeWalk(target int32) *Prediction {
	w := pr.hashWalks[target]
	if w == nil || w.left <= 0 {
		return nil
	}
	w.seg, w.root = 0, false
	return pr.walkRun(w)
}

// resumeWalkIn resumes the walk of the last uncovered branch edge of
// costs (a parent's) that has one, or returns nil.
func (pr *Predictor) resumeWalkIn(costs []txseq.CostEntry) *Prediction {
	for k := len(costs) - 1; k >= 0; k-- {
		if e := costs[k].Idx; e < pr.Edges && pr.seen[e] == 0 {
			if p := pr.resumeWalk(e); p != nil {
				return p
			}
		}
	}
	return nil
}

// maxNested bounds the walks a run that passes the hash starts below it.
const maxNested = 4

// observeWalk takes the costs of a walk's run (pr.last): one that failed
// a hashed target leaves the edges it evaluated; one that passed it
// starts a walk of each uncovered edge it evaluated besides those, from
// its own input along the same line.
func (pr *Predictor) observeWalk(w *hashWalk) {
	if !w.onTarget {
		return
	}
	j := w.j
	passed := false // the target taken: its other edge has the cost
	for k := range pr.last {
		if pr.last[k].Idx == j.target^1 {
			passed = true
			break
		}
	}
	if !passed {
		w.failed = w.failed[:0]
		for k := range pr.last {
			w.failed = append(w.failed, pr.last[k].Idx)
		}
		return
	}
	if len(w.failed) == 0 {
		return
	}
	started := 0
	for k := range pr.last {
		c := &pr.last[k]
		if c.Idx >= pr.Edges || pr.seen[c.Idx] != 0 || c.Idx>>1 == j.target>>1 || slices.Contains(w.failed, c.Idx) || pr.hashWalks[c.Idx] != nil {
			continue
		}
		if started == maxNested {
			break
		}
		nj := j.rebase(w.seq, c.Idx, Signed(&c.Resid))
		pr.addWalk(c.Idx, &hashWalk{j: nj, dir: w.dir, left: w.budget, budget: w.budget})
		started++
	}
}

// rebase returns a solve of target from seq, a run of j's that took j's
// target: j's conditions, that target now a guard, then target, whose
// residual at seq is resid; only what moving along a direction needs.
func (j *joint) rebase(seq txseq.Sequence, target int32, resid *big.Int) *joint {
	nj := &joint{base: seq, tx: j.tx, target: target, bits: j.bits}
	for _, a := range j.args {
		if v := calldata.At(seq[j.tx].Args, a.path); v != nil {
			a.x0 = v.Word
		}
		nj.args = append(nj.args, a)
	}
	nj.eqs = append(append(nj.eqs, j.eqs...), target)
	for range j.eqs {
		nj.r0 = append(nj.r0, new(big.Int))
	}
	nj.r0 = append(nj.r0, resid)
	nj.hashBits = append(append(nj.hashBits, j.hashBits...), 0)
	return nj
}

// walkRun returns the walk's next step, or nil once the budget or the
// chain's segment is spent.
func (pr *Predictor) walkRun(w *hashWalk) *Prediction {
	for w.left > 0 && w.seg < maxWalkSegment && !(w.blocked[0] && w.blocked[1]) {
		side := w.next % 2
		t := big.NewInt(walkStep(w.next))
		if w.odd {
			t.SetInt64(oddStep(w.next))
		}
		w.next++
		if w.blocked[side] {
			continue
		}
		if p := w.j.move(w.dir, t); p != nil {
			w.left--
			w.seg++
			w.step, w.seq = t, p.Seq
			p.joint, p.walk = nil, w
			pr.walking = w
			return p
		}
	}
	return nil
}

// walkAgain takes a walk's run that missed its target: when the hash is
// a guard above it and the run passed it, the run of the target's root
// along the line; else the next step.
func (pr *Predictor) walkAgain(p *Prediction) *Prediction {
	w := p.walk
	if w.root && !w.rooted && w.learned && pr.lastRan && w.failedHash(pr) {
		w.rebaseAtRoot()
		w.root = false
		return pr.walkRun(w)
	}
	if w.learnBelow(pr) {
		w.root = false
		return pr.walkRun(w)
	}
	if pr.lastRan && !w.root && w.leftWindow(pr) {
		side := 0 // walkStep's: up at even cursors, down at odd ones
		if w.step.Sign() < 0 {
			side = 1
		}
		w.blocked[side] = true
	}
	if !w.onTarget && !w.root && pr.lastRan && w.left > 0 {
		if q := w.rootRun(pr); q != nil {
			w.root = true
			w.left--
			return q
		}
	}
	w.root = false
	return pr.walkRun(w)
}

// leftWindow reports whether the last run broke a guard that is not
// hashed before any hashed one: the step left a window.
func (w *hashWalk) leftWindow(pr *Predictor) bool {
	j := w.j
	for i, e := range j.eqs[:len(j.eqs)-1] {
		if j.hashBits != nil && j.hashBits[i] > 0 {
			return false
		}
		if r, ok := pr.lastResid(e); !ok || r.Sign() != 0 {
			return true
		}
	}
	return false
}

// rootRun returns the run of the target's root along the walk's line if
// the last run kept every guard and evaluated the target: its residual
// moved by e over the walk's step t from the base's, so the root is t
// times w with e*w == -r0 modulo 2^n.
func (w *hashWalk) rootRun(pr *Predictor) *Prediction {
	j := w.j
	target := len(j.eqs) - 1
	for i, e := range j.eqs {
		r, ok := pr.lastResid(e)
		if !ok || i < target && r.Sign() != 0 {
			return nil
		}
		if i == target {
			r.Sub(r, j.r0[target])
			var k *big.Int
			if pr.lastIsEq(e) {
				if k, ok = divMod(new(big.Int).Neg(j.r0[target]), r, j.bits); ok {
					k.Mul(k, w.step)
				}
			} else {
				k, ok = pastEdge(j.r0[target], r, w.step) // a window's edge, crossed
			}
			if !ok {
				return nil
			}
			q := j.move(w.dir, k)
			if q != nil {
				w.seq = q.Seq
				q.joint, q.walk = nil, w
				pr.walking = w
			}
			return q
		}
	}
	return nil
}
