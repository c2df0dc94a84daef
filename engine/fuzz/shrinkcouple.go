package fuzz

import (
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// site is where a sequence holds an unsigned integer: an argument of
// transaction tx at path, or, with a nil path, its ether value.
type site struct {
	tx   int
	path calldata.Path
}

// shrinkCoupled shrinks together the unsigned integers of seq that hold
// one value, in arguments and ether values alike: deposit(777777) then
// withdraw(777777) often fails only while both agree, so neither shrinks
// alone, but both go to the least value that fails, rounded
// (shrinkInt). It returns the sites it changed, which are no longer
// unreduced.
func (w *worker) shrinkCoupled(seq txseq.Sequence, fails func(txseq.Sequence) bool, budget *int) []site {
	groups := map[uint256.Int][]site{}
	var order []uint256.Int // first appearance: deterministic
	add := func(v uint256.Int, s site) {
		if v.IsZero() {
			return
		}
		if _, ok := groups[v]; !ok {
			order = append(order, v)
		}
		groups[v] = append(groups[v], s)
	}
	for i := range seq {
		for p, v := range calldata.Leaves(seq[i].Args) {
			if v.Type.T == abi.UintTy {
				add(v.Word, site{tx: i, path: slices.Clone(p)})
			}
		}
		add(seq[i].Value, site{tx: i})
	}
	set := func(s txseq.Sequence, sites []site, x uint256.Int) {
		for _, st := range sites {
			if st.path == nil {
				s[st.tx].Value = x
			} else {
				calldata.At(s[st.tx].Args, st.path).Word = x
			}
		}
	}
	var changed []site
	for _, v := range order {
		sites := groups[v]
		if len(sites) < 2 || *budget <= 0 {
			continue
		}
		best, ok, _ := shrinkInt(v, false, func(x uint256.Int) bool {
			cand := seq.Clone()
			set(cand, sites, x)
			return fails(cand)
		}, budget)
		if ok {
			set(seq, sites, best)
			changed = append(changed, sites...)
		}
	}
	return changed
}

// shrinkConstRuns caps the contract constants tried for one integer.
const shrinkConstRuns = 8

// shrinkToConstant tries the source's literals of a smaller magnitude
// than v, smallest first (the PUSH values would be mostly selectors and
// masks),
// and returns the first that fails: a value the code compares against
// exactly (x == LOW || x == HIGH) that no search toward zero reaches,
// since it fails on no value in between.
func (w *worker) shrinkToConstant(v uint256.Int, fails func(uint256.Int) bool, budget *int) (uint256.Int, bool) {
	runs := 0
	for i, c := range w.c.literals {
		if i > 0 && c == w.c.literals[i-1] {
			continue
		}
		if !c.Lt(&v) {
			break // sorted ascending
		}
		if runs == shrinkConstRuns || *budget <= 0 {
			break
		}
		if c.IsZero() {
			continue
		}
		runs++
		if fails(c) {
			return c, true
		}
	}
	return v, false
}

// withoutSites drops the unreduced values at the sites coupled
// shrinking changed.
func withoutSites(kept []Unreduced, changed []site) []Unreduced {
	return slices.DeleteFunc(kept, func(u Unreduced) bool {
		return slices.ContainsFunc(changed, func(s site) bool {
			return s.tx == u.Tx && slices.Equal(s.path, u.Arg) && (s.path == nil) == (u.Arg == nil)
		})
	})
}
