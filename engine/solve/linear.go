package solve

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Joint solve. Class: a conjunction of linear conditions over several
// numeric inputs of one call, modulo 2^n, the target nested below guards
// the mutant already passes (a0 + a1 == K1 { a0 - a1 == K2 { ... } }),
// including wrap-around (a * 0x9e37...79b9 == K has a root only modulo
// 2^64) and products of inputs with all factors but one fixed. The
// secant (predict.go) moves the one input a mutation changed, so it
// satisfies the target while breaking a guard; this rule probes each
// input once (+1), which gives every guard's and the target's residual
// as a linear function of the inputs (a finite-difference Jacobian,
// exact for this class), and solves "guards stay at zero, target goes
// to zero" modulo 2^n along the probed direction of least 2-adic
// valuation. A guard is a branch the mutant took; its residual is zero
// while the run takes it and the signed residual of its comparison once
// the run takes the other side. When no probed direction keeps every
// guard, elimination (eliminate.go) takes over.

// maxJointArgs bounds the arguments probed (one run each).
const maxJointArgs = 8

// maxGuards bounds the path conditions kept at zero.
const maxGuards = 64

// jointArg is one numeric argument the joint step may change.
type jointArg struct {
	path calldata.Path
	typ  *abi.Type
	x0   uint256.Int
}

// joint is the state of one joint solve: the mutant it starts from, the
// conditions (guards, then the target last), and the columns probed so
// far.
type joint struct {
	base   txseq.Sequence
	tx     int
	target int32
	args   []jointArg
	eqs    []int32    // desired edges: guards then the target
	r0     []*big.Int // residuals at the base: zero but the target's
	// dirs are the probe directions over args (first the unit ones);
	// effects[d] the change each made to each condition (nil: not
	// evaluated).
	dirs    [][]*big.Int // nil entries: the argument stays
	effects [][]*big.Int
	probe   int
	ineqs   []bool // per probe: the first guard it broke is an inequality
	layer   *layer // the elimination, once no direction keeps every guard (eliminate.go)
	tIneq   bool   // the target is an inequality's (roots.go)
	paired  bool
	negated bool
	round   int
	bits    uint
	// pin is the argument the solve leaves alone (an input-to-state
	// value that satisfies the condition the solve is not aiming at);
	// resume, the candidates to go on with if the solve fails.
	pin          calldata.Path
	resume       *i2sQueue
	after, level int32 // resume's target; the origin guard repaired
	// The base's inequalities, the argument bounds the probes showed,
	// and the run to fall back on after a bounded search
	// (bounded.go).
	cmps      []txseq.CostEntry
	bounds    []argBound
	enumTried bool
	then      func() *Prediction
	// hashBits are, per condition, the bits of a keccak output its
	// comparison compares (0: not hashed; nil: none is; hashwalk.go).
	hashBits []uint8
	// tops are the target's cost entries in the probes' runs, per
	// direction (linepin.go).
	tops   map[int]txseq.CostEntry
	lifted bool
}

// chainOrigin is what the predictor remembers of the mutant a prediction
// chain started from, for a joint step after the secant.
type chainOrigin struct {
	mut    txseq.Sequence
	tx     int
	target int32
	resid  *big.Int
	guards []int32
	costs  []txseq.CostEntry // the mutant's last transaction's
	tried  bool
}

// setOrigin records the mutant of a new prediction chain aiming at target:
// its last transaction's path conditions (from its cost vector: every
// branch whose other side has a cost and is not also taken) are guards.
func (pr *Predictor) setOrigin(costs []txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation, target int32, resid *big.Int) {
	o := &pr.origin
	o.mut, o.tx, o.target, o.resid, o.tried = mut, m.Tx, target, resid, false
	o.guards = o.guards[:0]
	o.costs = append(o.costs[:0], costs...)
	if pr.NoJoint || target >= pr.Edges || m.Tx != len(mut)-1 {
		o.tried = true
		return
	}
	pr.stamp++
	for _, e := range costs {
		pr.mStamp[e.Idx] = pr.stamp
	}
	for _, e := range costs {
		if e.Idx >= pr.Edges || e.Idx>>1 == target>>1 || pr.mStamp[e.Idx^1] == pr.stamp {
			continue
		}
		if len(o.guards) == maxGuards {
			break
		}
		o.guards = append(o.guards, e.Idx^1)
	}
}

// maxJointTries bounds the joint solves from parents aimed at one branch
// edge, as each costs a run per argument.
const maxJointTries = 3

// jointFromParent starts a joint solve from the parent of a mutant that
// took the other side of one of the parent's path conditions: aimed at the
// parent's last uncovered branch, keeping its path conditions at zero. The
// parent is the mutant with the changed argument set back. Before it, the
// input-to-state candidates of the changed argument for the parent's
// last uncovered equality (i2s.go): a nested (a7 ^ K) == C is out of
// reach of any mutant of a7 that breaks the guard around it, but its
// operands in the parent give a7 at once, and the broken guard is then
// repaired with the other arguments.
func (pr *Predictor) jointFromParent(parent, costs []txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation) *Prediction {
	if pr.NoJoint || m.Field != txseq.FieldArg || m.Tx != len(mut)-1 {
		return nil
	}
	target, last := int32(-1), -1
	var resid *big.Int
	for k := len(parent) - 1; k >= 0; k-- {
		e := &parent[k]
		if e.Idx >= pr.Edges || pr.seen[e.Idx] != 0 {
			continue
		}
		if last < 0 {
			last = k
		}
		if pr.jointTries[e.Idx] < maxJointTries {
			target, resid = e.Idx, Signed(&e.Resid)
			break
		}
	}
	if last < 0 {
		return nil
	}
	base := ownTx(mut, m.Tx)
	if !calldata.SetWord(base[m.Tx].Args, m.Arg.Path, m.Arg.Old) {
		return nil
	}
	if target < 0 {
		target, resid = parent[last].Idx, Signed(&parent[last].Resid)
	}
	pr.setOrigin(parent, base, m, target, resid)
	pr.last, pr.lastRan = append(pr.last[:0], costs...), true
	if !pr.brokeGuard() {
		pr.origin.tried = true
		return nil
	}
	if p := pr.resumeWalkIn(parent); p != nil {
		pr.origin.tried = true
		return p // the edge's hash walk goes on where it stopped (hashwalk.go)
	}
	var next *Prediction
	if pr.jointTries[target] < maxJointTries {
		pr.jointTries[target]++
		next = pr.startJoint()
	}
	pr.origin.tried = true
	key := int64(parent[last].Idx)<<16 | int64(m.Arg.Path[0])
	if t := numericLeaf(base, m); t != nil && pr.i2sTries[key] < maxI2STries {
		pr.i2sTries[key]++
		bm := m
		bm.Arg.New = m.Arg.Old
		return i2sStart(&parent[last], nil, nil, base, bm, t, next)
	}
	return next
}

// maxI2STries bounds the input-to-state attempts from parents per
// uncovered branch edge and argument.
const maxI2STries = 2

// brokeGuard reports whether the last predicted run took the other side
// of a guard of the current chain.
func (pr *Predictor) brokeGuard() bool {
	if !pr.lastRan {
		return false
	}
	pr.stamp++
	for _, e := range pr.last {
		pr.mStamp[e.Idx] = pr.stamp
	}
	for _, g := range pr.origin.guards {
		if pr.mStamp[g] == pr.stamp {
			return true
		}
	}
	return false
}

// startJoint begins a joint solve from the chain's mutant, or returns nil
// if it has no numeric argument or one was tried already.
func (pr *Predictor) startJoint() *Prediction {
	o := &pr.origin
	if o.tried || o.mut == nil {
		return nil
	}
	o.tried = true
	return newJoint(o.mut, o.tx, o.target, o.guards, o.resid, 0, nil, o.costs)
}

// newJoint starts a joint solve (round counts the restarts before it)
// from base, whose target residual is resid and whose guards are at zero:
// the run of its first probe, or nil if no argument can move.
func newJoint(base txseq.Sequence, tx int, target int32, guards []int32, resid *big.Int, round int, pin calldata.Path, costs []txseq.CostEntry) *Prediction {
	j := &joint{base: base, tx: tx, target: target, round: round, pin: pin}
	for path, v := range calldata.Leaves(base[tx].Args) {
		if v.Type == nil || (v.Type.T != abi.IntTy && v.Type.T != abi.UintTy) || samePath(path, pin) {
			continue
		}
		j.args = append(j.args, jointArg{path: append(calldata.Path(nil), path...), typ: v.Type, x0: v.Word})
		j.bits = max(j.bits, uint(calldata.Bits(v.Type)))
		if len(j.args) == maxJointArgs {
			break
		}
	}
	if len(j.args) == 0 {
		return nil
	}
	j.eqs = append(append(j.eqs, guards...), target)
	j.keepComparisons(costs)
	j.markHashed(costs)
	j.directBounds()
	j.r0 = make([]*big.Int, len(j.eqs))
	for i := range j.r0 {
		j.r0[i] = new(big.Int)
	}
	j.r0[len(j.r0)-1].Set(resid)
	for k := range j.args {
		v := make([]*big.Int, len(j.args))
		v[k] = big.NewInt(1)
		j.dirs = append(j.dirs, v)
	}
	for ; j.probe < len(j.dirs); j.probe++ {
		if p := j.probeRun(); p != nil {
			return p
		}
		j.effects = append(j.effects, nil)
		j.ineqs = append(j.ineqs, false)
	}
	return nil
}

// probeRun returns the run of the base moved along the next direction
// to probe.
func (j *joint) probeRun() *Prediction {
	return j.move(j.dirs[j.probe], big.NewInt(1))
}

// move returns a prediction running the base with every argument k moved
// by t*v[k] (modulo 2^bits), or nil if that changes nothing.
func (j *joint) move(v []*big.Int, t *big.Int) *Prediction {
	seq := ownTx(j.base, j.tx)
	m := txseq.Mutation{Tx: j.tx, Field: txseq.FieldArg, LastOnly: true}
	mod := new(big.Int).Lsh(big.NewInt(1), j.bits)
	changed := false
	for k, vk := range v {
		if vk == nil || vk.Sign() == 0 {
			continue
		}
		a := &j.args[k]
		x := ToBig(&a.x0, a.typ)
		x.Add(x, new(big.Int).Mul(t, vk)).Mod(x, mod)
		if calldata.Signed(a.typ) && x.Bit(int(j.bits)-1) == 1 {
			x.Sub(x, mod)
		}
		w := calldata.Clamp(a.typ, FromBig(x))
		if w.Eq(&a.x0) || !calldata.SetWord(seq[j.tx].Args, a.path, w) {
			continue
		}
		m.Arg.Path, m.Arg.Old, m.Arg.New, m.Arg.Scalar = a.path, a.x0, w, true
		changed = true
	}
	if !changed {
		return nil
	}
	return &Prediction{Seq: seq, M: m, Target: j.aim(), joint: j}
}

// jointStep records what the last probe did to the path's conditions and
// returns the next probe, the solution, or nil once the solution ran.
func (pr *Predictor) jointStep(p *Prediction) *Prediction {
	j := p.joint
	if then := j.then; then != nil {
		j.then = nil
		return then()
	}
	if !pr.lastRan || (j.layer == nil && j.probe >= len(j.dirs)) {
		return nil
	}
	if j.layer == nil {
		j.track(pr.last, j.dirs[j.probe])
	} else if l := j.layer; l.probe >= 0 && l.line == nil {
		j.track(pr.last, l.basis[l.probe])
	}
	// The probe's effect on each guard, and on the target if the run
	// evaluated it.
	eff := pr.lastEffects(j)
	if t := len(eff) - 1; eff[t] != nil {
		j.tIneq = !pr.lastIsEq(j.eqs[t])
	}
	j.markHashed(pr.last)
	ineq := false
	if lv := j.breakLevel(eff); lv < len(j.eqs)-1 {
		ineq = !pr.lastIsEq(j.eqs[lv])
	}
	if j.layer != nil {
		return j.layerStep(eff, ineq)
	}
	j.noteTarget(pr.last, len(j.effects))
	j.effects = append(j.effects, eff)
	j.ineqs = append(j.ineqs, ineq)
	j.probe++
	for {
		if j.probe >= len(j.args) && !j.paired {
			j.paired = true
			j.addPairs()
		}
		if j.probe >= len(j.dirs) && j.paired && !j.negated {
			j.negated = true
			j.addNegations()
		}
		if j.probe >= len(j.dirs) {
			return pr.startLine(j, func() *Prediction {
				if p := pr.startWalk(j); p != nil {
					return p // a hashed comparison: no distance to solve along
				}
				return j.solve()
			})
		}
		if next := j.probeRun(); next != nil {
			return next
		}
		j.effects = append(j.effects, nil)
		j.ineqs = append(j.ineqs, false)
		j.probe++
	}
}

// solve picks, among the probed directions that kept every guard at zero
// and moved the target, the one whose effect has the least 2-adic
// valuation, and runs the base moved along it by the t that brings the
// target's residual to zero modulo 2^bits (effects are linear for linear
// and product conditions, exactly so in wrap-around arithmetic).
func (j *joint) solve() *Prediction {
	target := len(j.eqs) - 1
	best := -1
	for d, eff := range j.effects {
		if eff == nil || eff[target] == nil || !j.keepsGuards(eff) || j.nearGuard(d) {
			continue
		}
		c := new(big.Int).Mod(eff[target], j.mod())
		if c.Sign() == 0 {
			continue
		}
		if best < 0 || c.TrailingZeroBits() < new(big.Int).Mod(j.effects[best][target], j.mod()).TrailingZeroBits() {
			best = d
		}
	}
	if best >= 0 {
		if p := j.solveAlong(j.dirs[best], j.effects[best][target]); p != nil {
			return j.offLine(j.dirs[best], j.effects[best][target], p)
		}
	}
	if p := j.boundedSolve(); p != nil {
		j.then = func() *Prediction { return j.afterSolve(best) }
		return p
	}
	return j.afterSolve(best)
}

// afterSolve is solve's fallback once no single direction solves: the
// elimination, then a restart.
func (j *joint) afterSolve(best int) *Prediction {
	if p := j.startLayer(); p != nil {
		return p
	}
	return j.restart(best)
}

// maxJointRounds bounds the restarts of a joint solve.
const maxJointRounds = 1

// restart solves again from the point of another probe that kept the
// guards and evaluated the target: where no step along the best direction
// exists (a product whose other factor is even, (a + k) * (b ^ m) == c),
// moving another argument by one often changes that factor's parity.
func (j *joint) restart(best int) *Prediction {
	if j.round >= maxJointRounds {
		return nil
	}
	target := len(j.eqs) - 1
	for d, eff := range j.effects {
		if d == best || eff == nil || eff[target] == nil || eff[target].Sign() == 0 || !j.keepsGuards(eff) {
			continue
		}
		p := j.move(j.dirs[d], big.NewInt(1))
		if p == nil {
			continue
		}
		resid := new(big.Int).Add(j.r0[target], eff[target])
		q := newJoint(p.Seq, j.tx, j.target, j.eqs[:target], resid, j.round+1, j.pin, nil)
		if q != nil {
			q.joint.resume, q.joint.after, q.joint.bounds = j.resume, j.after, j.bounds
		}
		return q
	}
	return nil
}

// nearGuard reports whether direction d moves one argument, whose unit
// probe broke a guard: the opposite step kept the guards for one unit but
// an inequality guard (a - k < n) breaks under a longer step.
func (j *joint) nearGuard(d int) bool {
	moved := 0
	for _, vk := range j.dirs[d] {
		if vk != nil && vk.Sign() != 0 {
			moved++
		}
	}
	if moved > 1 {
		return false // a paired direction keeps its guard exactly
	}
	for k, vk := range j.dirs[d] {
		if vk != nil && vk.Sign() != 0 && k < len(j.args) && j.effects[k] != nil && !j.keepsGuards(j.effects[k]) {
			return true
		}
	}
	return false
}

func (j *joint) mod() *big.Int { return new(big.Int).Lsh(big.NewInt(1), j.bits) }

// keepsGuards reports whether a probe left every guard it evaluated at
// zero (and evaluated them all).
func (j *joint) keepsGuards(eff []*big.Int) bool {
	for _, g := range eff[:len(eff)-1] {
		if g == nil || g.Sign() != 0 {
			return false
		}
	}
	return true
}

// aim is the edge a run of the solve counts as hit: the target, or for a
// repair behind an input-to-state candidate the candidate's own target
// (the repaired guard alone is no success).
func (j *joint) aim() int32 {
	if j.resume != nil {
		return j.after
	}
	return j.target
}
