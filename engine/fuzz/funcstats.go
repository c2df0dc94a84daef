package fuzz

import (
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// A FuncStat is what the campaign's transactions to one function did:
// how many completed and reverted, the most frequent way they failed, and
// the execution time they took, so that a function that only reverted is
// not counted as fuzzed and one that took most of the time is named.
type FuncStat struct {
	Contract, Method int // Method -1: the receive/fallback function
	Completed        uint64
	Reverted         uint64
	// TopRevert is the revert data (or, for Err not a revert, nil) of the
	// most frequent failure, and TopErr its error; TopCount its count.
	TopRevert []byte
	TopErr    error
	TopCount  uint64
	Time      time.Duration
	// Gas is the gas its transactions used: the share of the campaign's
	// work it took, the same on every run of a seed (Time is not).
	Gas uint64
	// Cut is how far the function's share was cut when the campaign
	// ended (share.go): its picks ran one time in 2^Cut.
	Cut int
}

// funcStats counts per function (slot base[contract]+method+1) without
// allocating per execution: counters in fixed arrays, each distinct
// failure interned once (its first revert data kept).
type funcStats struct {
	base               []int
	done, reverted, ns []uint64
	gas                []uint64
	ids                map[uint64]int32 // failure hash -> id
	first              []failure        // id -> the failure first seen
	counts             map[[2]int32]uint64
}

type failure struct {
	ret []byte
	err error
}

func newFuncStats(p *program.Program) *funcStats {
	s := &funcStats{base: make([]int, len(p.Contracts)), ids: map[uint64]int32{}, counts: map[[2]int32]uint64{}}
	n := 0
	for i, c := range p.Contracts {
		s.base[i] = n
		n += len(c.Methods) + 1
	}
	s.done, s.reverted, s.ns, s.gas = make([]uint64, n), make([]uint64, n), make([]uint64, n), make([]uint64, n)
	return s
}

// record counts transaction tx's result r, which took d.
func (s *funcStats) record(tx *txseq.Tx, r *chain.Result, d time.Duration) {
	slot := s.slot(tx)
	s.ns[slot] += uint64(d)
	s.gas[slot] += r.GasUsed
	if r.Err == nil {
		s.done[slot]++
		return
	}
	s.reverted[slot]++
	h := failureHash(r)
	id, ok := s.ids[h]
	if !ok {
		id = int32(len(s.first))
		s.ids[h] = id
		f := failure{err: r.Err}
		if errors.Is(r.Err, vm.ErrExecutionReverted) {
			f.ret = append([]byte(nil), r.Ret...)
		}
		s.first = append(s.first, f)
	}
	s.counts[[2]int32{int32(slot), id}]++
}

// slot is the counters' index of tx's function.
func (s *funcStats) slot(tx *txseq.Tx) int {
	return s.base[tx.Contract] + tx.Method + 1
}

// failureHash tells failures apart: a revert by its data (FNV-1a), any
// other error by its kind.
func failureHash(r *chain.Result) uint64 {
	switch {
	case errors.Is(r.Err, vm.ErrExecutionReverted):
		h := uint64(14695981039346656037)
		for _, b := range r.Ret {
			h = (h ^ uint64(b)) * 1099511628211
		}
		return h | 1<<63
	case errors.Is(r.Err, vm.ErrOutOfGas):
		return 1
	case errors.Is(r.Err, chain.ErrTxTimeout):
		return 2
	}
	return 3
}

// add adds o's counts to s (the same program's).
func (s *funcStats) add(o *funcStats) {
	for i := range s.done {
		s.done[i] += o.done[i]
		s.reverted[i] += o.reverted[i]
		s.ns[i] += o.ns[i]
		s.gas[i] += o.gas[i]
	}
	for k, n := range o.counts {
		f := o.first[k[1]]
		r := chain.Result{Ret: f.ret, Err: f.err}
		h := failureHash(&r)
		id, ok := s.ids[h]
		if !ok {
			id = int32(len(s.first))
			s.ids[h] = id
			s.first = append(s.first, f)
		}
		s.counts[[2]int32{k[0], id}] += n
	}
}

// stats lists the functions of p that were sent a transaction, in
// program order, each with its most frequent failure (ties: the
// failure seen first, so that the list is the same for the same runs).
func (s *funcStats) stats(p *program.Program) []FuncStat {
	var out []FuncStat
	for ci, c := range p.Contracts {
		for m := -1; m < len(c.Methods); m++ {
			slot := s.base[ci] + m + 1
			if s.done[slot]+s.reverted[slot] == 0 {
				continue
			}
			st := FuncStat{Contract: ci, Method: m, Completed: s.done[slot], Reverted: s.reverted[slot], Time: time.Duration(s.ns[slot]), Gas: s.gas[slot]}
			best := int32(-1)
			for id := range s.first {
				n := s.counts[[2]int32{int32(slot), int32(id)}]
				if n > st.TopCount {
					st.TopCount, best = n, int32(id)
				}
			}
			if best >= 0 {
				st.TopRevert, st.TopErr = s.first[best].ret, s.first[best].err
			}
			out = append(out, st)
		}
	}
	return out
}
