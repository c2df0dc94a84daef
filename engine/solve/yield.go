package solve

import "sort"

// This file schedules prediction by its yield. HARVEY's Alg. 1 (§4.1)
// runs a predicted input whenever PREDICT proposes one, and its §6.3
// (RQ2) finds one secant step usually enough; our chains go further
// (brackets of up to 64 steps, joint solves, input-to-state), which pays
// on a cost that is linear in pieces and wastes the campaign on one that
// is not (a wrapping x*x + 10 == 10010 with both assertions already
// found: a bracket per mutation, 92% of the executions, 0.4% reaching).
// So a target whose chains stop reaching it is predicted for
// geometrically less often, and predicted runs are paid for by the
// worker's other executions, so mutation and exploration never stop.

// missShift and maxBackoff set the back-off: after k chains at a target
// missed in a row, a chain starts with probability 2^-(k>>missShift), at
// least 2^-maxBackoff, so a target still fails its first chains at full
// rate (a bracket or a joint solve often needs a few parents), and one
// that never yields is still tried now and then, to notice a state that
// makes it reachable.
const (
	missShift  = 3
	maxBackoff = 10
)

// maxCredit bounds the predicted runs a worker makes ahead of its other
// executions: each predicted run adds one to the debt, each other
// execution pays one back, and no predicted run starts at maxCredit. So
// predictions take at most about half of a campaign's executions, and a
// chain (a full bracket is 64 steps, a joint solve's bounded search
// hundreds) may run well ahead of the mutations that pay for it, from
// the campaign's start (256 cut RepairChain's chain short).
const maxCredit = 1024

// TargetYield is what the predictions aimed at one target (a branch edge
// or storage slot's cost index) ran and reached, and the function whose
// argument their first chain changed.
type TargetYield struct {
	Target           int32
	Contract, Method int
	Made, Reached    uint64
}

// yieldState is a worker's prediction schedule: per target, the chains
// that missed in a row and the runs made and reached; the chain running
// now; and the predicted runs other executions have yet to pay for.
type yieldState struct {
	misses  map[int32]uint8
	targets map[int32]*TargetYield
	key     int32 // the running chain's target
	hit     bool  // the running chain reached its target
	covered bool  // the running chain covered something new
	debt    int   // predicted runs not yet paid for by other executions
}

// Earn pays for one predicted run with an execution that was not one.
func (pr *Predictor) Earn() {
	if pr.yield.debt > 0 {
		pr.yield.debt--
	}
}

// Covered resets every target's back-off after an execution covered
// something new: a new state may make a missed target reachable.
func (pr *Predictor) Covered() {
	clear(pr.yield.misses)
}

// Refocus gives every target its chains again after the campaign stopped
// progressing (engine/fuzz/plateau.go): the back-off and every per-target
// cap on solves (joint, input-to-state, lifting, lines, repairs, forwarding,
// saturation, preimages, in-range limits, delays) start over, because the
// entries a refocus serves are other parents than the ones the capped
// chains started from, and a plateau's executions are worth spending on
// what is still unreached. Caps count chains, not executions, so the
// campaign's first N executions are the same whatever its budget.
func (pr *Predictor) Refocus() {
	pr.Covered()
	clear(pr.jointTries)
	clear(pr.i2sTries)
	clear(pr.liftTries)
	clear(pr.lineTries)
	clear(pr.repairTries)
	clear(pr.forwardTries)
	clear(pr.satTries)
	clear(pr.preimageTries)
	clear(pr.inRangeTries)
	clear(pr.delayTries)
}

// Admit starts a chain with p, or returns nil if p's target is backed
// off this time (see missShift) or the debt is at maxCredit.
func (pr *Predictor) Admit(p *Prediction, contract, method int) *Prediction {
	if p == nil {
		return nil
	}
	y := &pr.yield
	if y.debt >= maxCredit {
		return nil
	}
	if k := y.misses[p.Target] >> missShift; k > 0 && pr.rng.Uint64()&(1<<min(k, maxBackoff)-1) != 0 {
		return nil
	}
	if y.targets == nil {
		y.misses, y.targets = map[int32]uint8{}, map[int32]*TargetYield{}
	}
	if y.targets[p.Target] == nil {
		y.targets[p.Target] = &TargetYield{Target: p.Target, Contract: contract, Method: method}
	}
	y.key, y.hit, y.covered = p.Target, false, false
	return p
}

// Settle takes the outcome of a predicted run of the running chain: it
// reached its target, or covered something new. It adds one to the debt.
func (pr *Predictor) Settle(reached, newCoverage bool) {
	y := &pr.yield
	y.debt++
	if t := y.targets[y.key]; t != nil {
		t.Made++
		if reached {
			t.Reached++
		}
	}
	y.hit = y.hit || reached
	y.covered = y.covered || newCoverage
}

// Next returns the chain's next step after a run that missed (Again), or
// nil once the chain ends: Again has no step, or the debt is at maxCredit.
func (pr *Predictor) Next(p *Prediction) *Prediction {
	var next *Prediction
	if pr.yield.debt < maxCredit {
		next = pr.Again(p)
	}
	if next == nil {
		pr.EndChain()
	}
	return next
}

// EndChain ends the running chain: one that covered something new ends
// its target's back-off, one that reached it halves it, one that did
// neither deepens it.
func (pr *Predictor) EndChain() {
	y := &pr.yield
	switch {
	case y.covered:
		delete(y.misses, y.key)
	case y.hit:
		// Reaching a target already covered pays less than new coverage:
		// a hit halves the misses, so a target reached by one chain in
		// many (a wrapping square's bracket: 0.3% of its runs) stays
		// backed off while one reached every few chains recovers.
		y.misses[y.key] >>= 1
	case y.misses[y.key] < maxBackoff<<missShift|(1<<missShift-1):
		y.misses[y.key]++
	}
	y.hit, y.covered = false, false
}

// Yields returns the targets predicted for, most runs first.
func (pr *Predictor) Yields() []TargetYield {
	out := make([]TargetYield, 0, len(pr.yield.targets))
	for _, t := range pr.yield.targets {
		out = append(out, *t)
	}
	SortYields(out)
	return out
}

// SortYields orders targets by runs made, most first, then by target.
func SortYields(ys []TargetYield) {
	sort.Slice(ys, func(i, j int) bool {
		if ys[i].Made != ys[j].Made {
			return ys[i].Made > ys[j].Made
		}
		return ys[i].Target < ys[j].Target
	})
}
