package solve

import (
	"math/big"

	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file reads the last predicted run's cost vector (pr.last, kept by
// Observe): whether it took a desired edge and by how much it missed,
// for the joint solve (linear.go) and the hash walk (hashwalk.go).

// lastResid returns the residual of desired edge e in the last run: zero
// if the run took e, the signed residual of taking it if it took the other
// side, and false if it did not evaluate the branch.
func (pr *Predictor) lastResid(e int32) (*big.Int, bool) {
	other := false
	for k := range pr.last {
		switch pr.last[k].Idx {
		case e:
			return Signed(&pr.last[k].Resid), true
		case e ^ 1:
			other = true
		}
	}
	if other {
		return new(big.Int), true
	}
	return nil, false
}

// lastEffects returns, per condition of j, the last run's residual less
// the base's (nil where the run did not evaluate it): a probe's effect.
func (pr *Predictor) lastEffects(j *joint) []*big.Int {
	eff := make([]*big.Int, len(j.eqs))
	for i, e := range j.eqs {
		if r, ok := pr.lastResid(e); ok {
			eff[i] = r.Sub(r, j.r0[i])
		}
	}
	return eff
}

// lastEntry returns edge idx's cost entry in the last run, or nil.
func (pr *Predictor) lastEntry(idx int32) *txseq.CostEntry {
	for k := range pr.last {
		if pr.last[k].Idx == idx {
			return &pr.last[k]
		}
	}
	return nil
}

// lastIsEq reports whether the last run's cost at desired edge e is an
// equality's (its residual the difference of the compared words).
func (pr *Predictor) lastIsEq(e int32) bool {
	for k := range pr.last {
		if c := &pr.last[k]; c.Idx == e {
			var d uint256.Int
			d.Sub(&c.Opnd[0], &c.Opnd[1])
			return d.Eq(&c.Resid)
		}
	}
	return false
}
