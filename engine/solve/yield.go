package solve

import (
	"math/rand/v2"
	"sort"
)

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

// healthyShift and maxBackoff set the back-off by a target's recent
// yield, its predicted runs that reached it: one whose runs reach it one
// time in 2^healthyShift or more (a healthy campaign reaches a quarter;
// 2^4 held RepairChain's chains back: none of seeds 1-2 found its
// assertion in 1,000 executions)
// is predicted for at its full rate; below that, at its rate times
// 2^healthyShift (admits), down to 2^-maxBackoff. The counts start as one hit in
// 2^healthyShift runs, so a new target has its full rate and loses half
// of it over its first 2^healthyShift runs that miss. Session 23's rule
// counted chains that missed in a row and halved them on a hit: a maze
// target reached by one chain in ten, a healthy yield, then ran at a
// half to a quarter of its rate, and on fresh mazes the worst seed fell
// (s24a24101: 1 of 6 sites at seed 4, 5 before the rule).
const (
	healthyShift = 6
	maxBackoff   = 10
	// rateWindow bounds the runs counted: past it both counts halve, so
	// the rate is the recent one and a target whose yield returns
	// regains its rate within a window.
	rateWindow = 1 << 14
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

// yieldState is a worker's prediction schedule: per target, its recent
// runs and those that reached it, and the runs made and reached in all;
// the chain running now; and the predicted runs other executions have
// yet to pay for.
type yieldState struct {
	recent  map[int32]*recentYield
	targets map[int32]*TargetYield
	key     int32 // the running chain's target
	debt    int   // predicted runs not yet paid for by other executions
}

// recentYield is a target's runs and hits since its counts last halved
// (rateWindow) or restarted (Covered).
type recentYield struct {
	runs, hits uint32
}

// admits reports whether a chain at a target with yield r starts: with
// probability (hits+1) * 2^healthyShift / (runs + 2^healthyShift), the
// recent yield against a healthy one, at most 1 and at least
// 2^-maxBackoff. It draws from rng only below 1.
func (r *recentYield) admits(rng *rand.Rand) bool {
	num := (uint64(r.hits) + 1) << healthyShift
	den := uint64(r.runs) + 1<<healthyShift
	if num >= den {
		return true
	}
	num = max(num, den>>maxBackoff)
	return rng.Uint64N(den) < num
}

// Earn pays for one predicted run with an execution that was not one.
func (pr *Predictor) Earn() {
	if pr.yield.debt > 0 {
		pr.yield.debt--
	}
}

// Covered restarts every target's yield after an execution covered
// something new: a new state may make a missed target reachable.
func (pr *Predictor) Covered() {
	clear(pr.yield.recent)
}

// Admit starts a chain with p, or returns nil if p's target's recent
// yield holds it back this time (admits) or the debt is at maxCredit.
func (pr *Predictor) Admit(p *Prediction, contract, method int) *Prediction {
	if p == nil {
		return nil
	}
	y := &pr.yield
	if y.debt >= maxCredit {
		return nil
	}
	if r := y.recent[p.Target]; r != nil && !r.admits(pr.rng) {
		return nil
	}
	if y.targets == nil {
		y.recent, y.targets = map[int32]*recentYield{}, map[int32]*TargetYield{}
	}
	if y.targets[p.Target] == nil {
		y.targets[p.Target] = &TargetYield{Target: p.Target, Contract: contract, Method: method}
	}
	y.key = p.Target
	return p
}

// Settle takes the outcome of a predicted run of the running chain: it
// reached its target, or covered something new (which Covered already
// counts). It adds one to the debt.
func (pr *Predictor) Settle(reached, _ bool) {
	y := &pr.yield
	y.debt++
	if t := y.targets[y.key]; t != nil {
		t.Made++
		if reached {
			t.Reached++
		}
	}
	if y.recent == nil {
		return // no chain admitted
	}
	r := y.recent[y.key]
	if r == nil {
		r = &recentYield{}
		y.recent[y.key] = r
	}
	if r.runs++; reached {
		r.hits++
	}
	if r.runs >= rateWindow {
		r.runs, r.hits = r.runs/2, r.hits/2
	}
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

// EndChain ends the running chain. The yield is counted per run
// (Settle), so nothing is left to settle; callers end every chain here.
func (pr *Predictor) EndChain() {}

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
