package trace

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// This file computes HARVEY's cost metrics at run time (HARVEY §4.3; the
// learning-inputs paper §3.2): for every branch the cost of flipping it,
// from the operands of the comparison that decided it, and for every
// storage write the distance between the slot written and a probe slot
// (SWC-124). Costs are indexed like edges: a branch's cost sits at the
// index of the edge it did not take; storage-write sites follow the edges.

// cmpState is a comparison whose result may decide a JUMPI, with the
// ISZEROs applied to it since (cmpstack.go follows it on the stack).
type cmpState struct {
	op    vm.OpCode
	a, b  uint256.Int
	neg   bool // an odd number of ISZEROs followed
	valid bool
	// hashed: an operand is a keccak256 output cut to at most 16 bits
	// (uint8(uint256(keccak256(x))) == 27), which has no distance to
	// descend (engine/solve hashwalk.go).
	hashed bool
}

// maxHashedBits bounds the bits of a keccak256 output a hashed
// comparison compares: a walk of a few times 2^bits runs finds a match.
const maxHashedBits = 16

// digestOperands returns the operands of a comparison that carry
// LabelDigest, given their labels (top of the stack first): bit 0 the
// top, bit 1 the next.
func digestOperands(l [2]Label) uint8 {
	var ops uint8
	if l[0]&LabelDigest != 0 {
		ops |= 1
	}
	if l[1]&LabelDigest != 0 {
		ops |= 2
	}
	return ops
}

// hashedCmp reports whether the comparison about to run on stack s
// compares a few bits of a keccak256 output: an operand taintStep found
// labelled (ops, digestOperands) whose value fits in maxHashedBits. A
// full 256-bit hash falls outside with probability 1 - 2^-240.
func hashedCmp(ops uint8, s []uint256.Int) bool {
	n := len(s)
	for i := 0; i < 2; i++ {
		if ops&(1<<i) != 0 && s[n-1-i].BitLen() <= maxHashedBits {
			return true
		}
	}
	return false
}

// SetProbe enables storage-write costs against probe, the arbitrary slot
// of HARVEY §4.3.
func (t *Tracer) SetProbe(probe uint256.Int) {
	t.probe, t.probeOn = probe, true
}

// CostSites returns the number of cost indexes: edges, then storage-write
// sites.
func (t *Tracer) CostSites() int { return len(t.costs) }

// Costed returns the cost indexes the current transaction evaluated (the
// slice is reused by the next transaction).
func (t *Tracer) Costed() []int32 { return t.costTouched }

// Cost returns the smallest cost evaluated for index i in the current
// transaction.
func (t *Tracer) Cost(i int32) *uint256.Int { return &t.costs[i] }

// Reached reports whether the current transaction reached cost index i:
// took the edge, or wrote the probe slot.
func (t *Tracer) Reached(i int32) bool {
	if int(i) < len(t.counts) {
		return t.counts[i] > 0
	}
	return t.costHas[i] && t.costs[i].IsZero()
}

// ProbeHit reports a storage write to the probe slot in the current
// transaction, with the writing instruction.
func (t *Tracer) ProbeHit() (Origin, bool) { return t.probeHit, t.probeHit.Valid }

// Residual returns the signed residual (two's complement) behind cost
// index i: l - r for equalities, whose cost is |l - r|; the cost itself for
// the other metrics. A line through residuals crosses zero at the root even
// where the absolute cost's V shape would mislead the secant method.
func (t *Tracer) Residual(i int32) *uint256.Int { return &t.resid[i] }

// CmpOperands returns the two words compared behind cost index i (the
// comparison's operands, top of the stack first; a bare value tested for
// zero and zero; the slot written and the probe): input-to-state solving
// (HARVEY's prediction sees only their distance) reads a guard's constant
// and the input-derived word from them.
func (t *Tracer) CmpOperands(i int32) *[2]uint256.Int { return &t.opnd[i] }

// Hashed reports whether the comparison behind cost index i compared at
// most 16 bits of a keccak256 output (cmpState.hashed).
func (t *Tracer) Hashed(i int32) bool { return t.hashed[i] }

func (t *Tracer) setCost(i int32, c, r, a, b *uint256.Int, hashed bool) {
	if !t.costHas[i] {
		t.costHas[i] = true
		t.costTouched = append(t.costTouched, i)
	} else if !c.Lt(&t.costs[i]) {
		return
	}
	t.costs[i], t.resid[i] = *c, *r
	t.opnd[i][0], t.opnd[i][1] = *a, *b
	t.hashed[i] = hashed
}

func (t *Tracer) resetCosts() {
	for _, i := range t.costTouched {
		t.costHas[i] = false
	}
	t.costTouched = t.costTouched[:0]
	t.probeHit = Origin{}
	t.nCmps = 0
}

var one = uint256.NewInt(1)

// truth evaluates the comparison itself (before negations). SUB stands for
// a != b: solc compiles != as SUB feeding JUMPI.
func (c *cmpState) truth() bool {
	switch c.op {
	case vm.EQ:
		return c.a.Eq(&c.b)
	case vm.LT:
		return c.a.Lt(&c.b)
	case vm.GT:
		return c.a.Gt(&c.b)
	case vm.SLT:
		return c.a.Slt(&c.b)
	case vm.SGT:
		return c.a.Sgt(&c.b)
	default: // SUB
		return !c.a.Eq(&c.b)
	}
}

// flipCost returns the cost of making the comparison's truth the opposite
// of what it is (the C and C-bar functions of HARVEY §4.3, with the derived
// ones for >, and the signed variants).
func (c *cmpState) flipCost(out *uint256.Int) {
	a, b := &c.a, &c.b
	switch c.op {
	case vm.EQ:
		if a.Eq(b) {
			out.Set(one)
		} else {
			absDiff(out, a, b)
		}
	case vm.SUB:
		if a.Eq(b) {
			out.Set(one)
		} else {
			absDiff(out, a, b)
		}
	case vm.LT, vm.SLT:
		lt := a.Lt(b)
		if c.op == vm.SLT {
			lt = a.Slt(b)
		}
		if lt {
			out.Sub(b, a) // r - l
		} else {
			out.Sub(a, b) // l - r + 1
			out.Add(out, one)
		}
	case vm.GT, vm.SGT:
		gt := a.Gt(b)
		if c.op == vm.SGT {
			gt = a.Sgt(b)
		}
		if gt {
			out.Sub(a, b)
		} else {
			out.Sub(b, a)
			out.Add(out, one)
		}
	}
}

// absDiff sets out to |a - b| with a and b read as unsigned.
func absDiff(out, a, b *uint256.Int) {
	if a.Lt(b) {
		out.Sub(b, a)
	} else {
		out.Sub(a, b)
	}
}

// branchCost records the cost of the edge a JUMPI did not take.
func (t *Tracer) branchCost(notTaken int32, cond *uint256.Int, taken bool, cmpValid bool) {
	var cost, resid, zero uint256.Int
	if cmpValid && t.cmp.truth() != t.cmp.neg == taken {
		t.cmp.flipCost(&cost)
		resid = cost
		if (t.cmp.op == vm.EQ || t.cmp.op == vm.SUB) && !t.cmp.a.Eq(&t.cmp.b) {
			resid.Sub(&t.cmp.a, &t.cmp.b)
		}
		t.setCost(notTaken, &cost, &resid, &t.cmp.a, &t.cmp.b, t.cmp.hashed)
		return
	}
	if taken {
		// A bare value tested for zero: equality costs against zero.
		cost, resid = *cond, *cond
	} else {
		cost.Set(one)
		resid = cost
	}
	t.setCost(notTaken, &cost, &resid, cond, &zero, false)
}

// storeCost records |slot - probe| for the SSTORE at store site i.
func (t *Tracer) storeCost(i int32, slot *uint256.Int, origin Origin) {
	var d, r uint256.Int
	absDiff(&d, slot, &t.probe)
	r.Sub(slot, &t.probe)
	t.setCost(i, &d, &r, slot, &t.probe, false)
	if d.IsZero() && !t.probeHit.Valid {
		t.probeHit = origin
	}
}
