package solve

import (
	"math/big"
	"slices"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Single-input rules along a line. Class: an equality that a rule for
// one input solves, the input's known preimage
// (keccak256(abi.encodePacked(x)) == keccak256(hex"...")) or an
// invertible T-function of it (h.mix(x, K) == C, (x ^ K) * C), where x is
// bound by linear equalities above the target that every mutant of x
// alone breaks (x * 227 + y * 1608 == C1). No mutant of x evaluates the
// target, so the rules of preimage.go and tfunc.go never see it. A joint
// solve's probed direction d that keeps every guard and moves x is a
// line on which the guards hold exactly (they are linear modulo 2^n): x
// = x0 + t*d_x, the other inputs moving with it. A preimage x* is the
// step t = (x* - x0) * d_x^-1 modulo 2^n; for d_x = 2^v times odd, the
// quotient modulo 2^(n-v) when 2^v divides x* - x0, lifted to the one of
// its 2^v roots that keeps the known windows (roots.go). A
// T-function of x is one of t too, invertible when x's is (t -> x0 +
// t*d_x is, for odd d_x), so Klimov and Shamir's bit lifting (CHES 2002,
// §2) runs on t: the lowest bit where the target's sides differ, flipped
// in t, one bit fixed per run, each run checking the lowest differing
// bit rose. A line that moves x by 2^v times an odd step (x*3159 +
// y*2870 == C moves x by even steps only) moves x's bit b by the step's
// bit b - v: lifting flips that one, trying the valuations of the line's
// inputs in turn, least first, as it cannot tell which input the target
// is a function of. The preimage steps run before the solve's own step; lifting,
// which takes a run per bit, only once that step missed (a linear target
// it hits at once). A line that moves one input alone is left to the
// rules of that input's mutants: lifting on every single-input line after
// a missed solve took 2,018 of 60,000 executions on Safe 1.3.0 and lost
// its second planted finding at 3 seeds in 6.

// maxLineTries bounds the chains per target edge: a chain is a run per
// preimage and up to n lifting runs.
const maxLineTries = 4

// line is a chain of runs along one direction of a joint solve.
type line struct {
	j     *joint
	dir   []*big.Int
	steps []*big.Int // preimage steps left to run
	// Lifting: the step whose target residual is res (the base's, 0, at
	// first), the step running (nil: none), and the bit it flipped.
	t, res, next *big.Int
	bit          int
	// shift is the 2-adic valuation of the step of the input lifting
	// assumes the target's function of (bit b of it is bit b - shift of
	// t); shifts the valuations of the line's other inputs, tried in
	// turn from t0 and res0 once a chain ends.
	shift    uint
	shifts   []uint
	t0, res0 *big.Int
	lift     bool               // lift once the preimage steps ran
	then     func() *Prediction // the solve's own next run, once the chain gives up (nil: none)
}

// noteTarget records the target's cost entry in the run of probe d (the
// last run, costs), if it evaluated the target.
func (j *joint) noteTarget(costs []txseq.CostEntry, d int) {
	for k := range costs {
		if costs[k].Idx == j.target {
			if j.tops == nil {
				j.tops = map[int]txseq.CostEntry{}
			}
			j.tops[d] = costs[k]
			return
		}
	}
}

// startLine returns the first run of the preimage steps along a
// direction of j that keeps every guard and moves the target's equality,
// with then queued behind them; then() if there is none.
func (pr *Predictor) startLine(j *joint, then func() *Prediction) *Prediction {
	if pr.lineTries[j.target] >= maxLineTries {
		return then()
	}
	l := pr.lineFor(j)
	if l == nil || len(l.steps) == 0 {
		return then()
	}
	pr.lineTries[j.target]++
	l.then = then
	if p := pr.lineRun(l); p != nil {
		return p
	}
	return then()
}

// startLift returns the first run of bit lifting along a direction of j
// once j's own solve missed (a linear target is solved by it in one run,
// which lifting would take a run per bit for); nil if the class does not
// apply. After an elimination the line is the direction its last run, p,
// solved along, which keeps every guard of the path; the preimage steps
// along it run first, as none ran before.
func (pr *Predictor) startLift(j *joint, p *Prediction) *Prediction {
	if j.lifted || pr.lineTries[j.target] >= maxLineTries {
		return nil
	}
	var l *line
	switch {
	case j.layer != nil:
		if l = pr.layerLine(j, p); l == nil {
			return nil
		}
		j.lifted = true
	case j.probe >= len(j.dirs):
		j.lifted = true
		if l = pr.lineFor(j); l == nil {
			return nil
		}
		l.steps = nil
	default:
		return nil
	}
	pr.lineTries[j.target]++
	l.lift = true
	if l.shifts = shiftsOf(l.dir, j.mod()); len(l.shifts) > 0 {
		l.shift, l.shifts = l.shifts[0], l.shifts[1:]
	}
	l.t0, l.res0 = l.t, l.res
	return pr.lineRun(l)
}

// shiftsOf returns the distinct 2-adic valuations of dir's moves modulo
// mod, least first: an input the line moves by 2^v times an odd step has
// its bit b moved by bit b - v of the step (x*3159 + y*2870 == C moves x
// by even steps only).
func shiftsOf(dir []*big.Int, mod *big.Int) []uint {
	var vs []uint
	for _, vk := range dir {
		if vk == nil || new(big.Int).Mod(vk, mod).Sign() == 0 {
			continue
		}
		v := new(big.Int).Mod(vk, mod).TrailingZeroBits()
		if !slices.Contains(vs, v) {
			vs = append(vs, v)
		}
	}
	slices.Sort(vs)
	return vs
}

// lineFor returns a chain along the first direction of j that keeps
// every guard and moves the target's equality, with the preimage steps
// of each input it moves; nil if none does.
func (pr *Predictor) lineFor(j *joint) *line {
	target := len(j.eqs) - 1
	for d, eff := range j.effects {
		top, ok := j.tops[d]
		if !ok || eff == nil || eff[target] == nil || !j.nonzero(eff[target]) || !j.keepsGuards(eff) || moved(j.dirs[d]) < 2 {
			continue // a single input's line is preimage.go's and tfunc.go's, from its mutants
		}
		if !isEquality(&top) {
			continue
		}
		// The probe ran the base moved by one step.
		return pr.lineAt(j, j.dirs[d], big.NewInt(1), &top)
	}
	return nil
}

// layerLine returns a chain along the direction an elimination's last
// run p solved along, from p's step: its run evaluated the target, as the
// direction keeps every guard. Nil if p is not on that line (a range
// box's run), the target is no equality, or the line moves one input.
func (pr *Predictor) layerLine(j *joint, p *Prediction) *line {
	dir := j.layer.solved
	if dir == nil || p == nil || !pr.lastRan || moved(dir) < 2 {
		return nil
	}
	top := pr.lastEntry(j.target)
	if top == nil || !isEquality(top) {
		return nil
	}
	t := j.stepOf(dir, p.Seq)
	if t == nil {
		return nil
	}
	l := pr.lineAt(j, dir, t, top)
	l.t, l.res = t, Signed(&top.Resid)
	return l
}

// stepOf returns the t with seq's arguments at the base moved along dir
// by t (read from an input dir moves by an odd step, checked with move),
// or nil if seq is no point of the line.
func (j *joint) stepOf(dir []*big.Int, seq txseq.Sequence) *big.Int {
	mod := j.mod()
	for k, vk := range dir {
		if vk == nil || vk.Bit(0) == 0 || k >= len(j.args) {
			continue
		}
		a := &j.args[k]
		v := calldata.At(seq[j.tx].Args, a.path)
		if v == nil {
			return nil
		}
		t := new(big.Int).Sub(ToBig(&v.Word, a.typ), ToBig(&a.x0, a.typ))
		t.Mul(t, new(big.Int).ModInverse(new(big.Int).Mod(vk, mod), mod)).Mod(t, mod)
		if q := j.move(dir, t); q == nil || !calldata.EqualArgs(q.Seq[j.tx].Args, seq[j.tx].Args) {
			return nil
		}
		return t
	}
	return nil
}

// lineAt returns a chain along dir, lifting from the base (step 0), with
// the preimage steps of each input dir moves, from the target's entry
// top in the run at step at.
func (pr *Predictor) lineAt(j *joint, dir []*big.Int, at *big.Int, top *txseq.CostEntry) *line {
	l := &line{j: j, dir: dir, t: new(big.Int), res: j.r0[len(j.eqs)-1], bit: -1}
	for k, vk := range dir {
		if vk == nil || vk.Sign() == 0 || k >= len(j.args) {
			continue
		}
		a := &j.args[k]
		n := uint(calldata.Bits(a.typ))
		mod := new(big.Int).Lsh(big.NewInt(1), n)
		x1 := new(big.Int).Add(ToBig(&a.x0, a.typ), new(big.Int).Mul(vk, at))
		w1 := calldata.Clamp(a.typ, FromBig(x1.Mod(x1, mod)))
		for _, w := range preimageCands(nil, pr.Known.preimagesOf(), a.typ, &w1, top) {
			// An even step (x*227 + y*1608 == C moves x by multiples of
			// 8) reaches the preimage when the equation allows it, by
			// 2^v steps: the one that keeps the known windows.
			t, ok := divMod(new(big.Int).Sub(ToBig(&w, a.typ), ToBig(&a.x0, a.typ)), vk, n)
			if !ok {
				continue
			}
			l.steps = append(l.steps, j.liftInBounds(dir, t, new(big.Int).Mod(vk, mod).TrailingZeroBits(), nil))
		}
	}
	return l
}

// isEquality reports whether e is an equality's cost: its residual is
// the difference of its operands, and not zero.
func isEquality(e *txseq.CostEntry) bool {
	var diff uint256.Int
	diff.Sub(&e.Opnd[0], &e.Opnd[1])
	return diff.Eq(&e.Resid) && !diff.IsZero()
}

// lineRun returns the chain's next run: a preimage step, else a lifting
// step from the target's residual at the last lifting step (the base's
// at first); nil once none is left. The lowest set bit of a - b is the
// lowest bit where a and b differ.
func (pr *Predictor) lineRun(l *line) *Prediction {
	for len(l.steps) > 0 {
		t := l.steps[0]
		l.steps = l.steps[1:]
		if p := l.j.move(l.dir, t); p != nil {
			p.joint, p.line = nil, l
			return p
		}
	}
	if !l.lift {
		return nil
	}
	m := new(big.Int).Mod(l.res, l.j.mod())
	if m.Sign() == 0 {
		return nil
	}
	b := int(m.TrailingZeroBits())
	for b <= l.bit || b < int(l.shift) {
		// No T-function of the step through this input: the chain ends,
		// or starts again through the next.
		if len(l.shifts) == 0 {
			return nil
		}
		l.shift, l.shifts = l.shifts[0], l.shifts[1:]
		l.t, l.res, l.bit = l.t0, l.res0, -1
		b = int(new(big.Int).Mod(l.res, l.j.mod()).TrailingZeroBits())
	}
	t := new(big.Int).Xor(l.t, new(big.Int).Lsh(big.NewInt(1), uint(b)-l.shift))
	p := l.j.move(l.dir, t)
	if p == nil {
		return nil
	}
	l.next, l.bit = t, b
	p.joint, p.line = nil, l
	return p
}

// lineAgain takes a run of the chain that missed its target: a lifting
// run that evaluated the target gives the next lifting step from its
// residual; a preimage run, the next preimage or the first lifting step;
// else the solve goes on.
func (pr *Predictor) lineAgain(p *Prediction) *Prediction {
	l := p.line
	if l.next != nil {
		r, ok := pr.lastTarget(l.j.target)
		if !ok || !pr.lastRan {
			return l.giveUp()
		}
		l.t, l.res, l.next = l.next, r, nil
	}
	if next := pr.lineRun(l); next != nil {
		return next
	}
	return l.giveUp()
}

// giveUp returns the solve's own next run once the chain ends, if any.
func (l *line) giveUp() *Prediction {
	if l.then == nil {
		return nil
	}
	return l.then()
}
