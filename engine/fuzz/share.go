package fuzz

import (
	"math/rand/v2"

	"github.com/foresight-sol/foresight/engine/program"
)

// This file cuts the share of a function that takes most of a worker's
// work without covering anything new (issue 50: one function at 97-100%
// of the time, no new bug after the first second). Work is gas, the
// EVM's own measure of it: the same on every run of a seed, where time
// is not. Every shareWindow executions, a function whose transactions
// took more than seven eighths of the window's gas, two windows in a row,
// and none of which covered something new has its picks cut
// to a sixteenth again, down to one in 2^maxCut; one that covers something new
// gets its whole share back. A cut pick runs a fresh random sequence
// instead, so mutation and exploration go on, and a cut function still
// runs now and then, to notice a state in which it opens new code.

const (
	shareWindow = 2048 // executions between two judgements: twice the most energy one entry gets (1,024 mutants)
	maxCut      = 8
	redraws     = 4 // draws a random pick may give way to a cut function
	// A function is a hog above hogNum/hogDen of the window's gas: seven
	// eighths, so that a function merely dearer than the others keeps
	// its share (the stalls were at 97-100%; at three quarters a
	// vulnerability fixture's assertion was missed).
	hogNum, hogDen = 7, 8
)

// funcShare is a worker's per-function share (slots as funcStats'): the
// gas and fresh coverage of the window so far, and each function's cut.
type funcShare struct {
	gas    []uint64
	fresh  []bool
	cut    []uint8
	streak []uint8 // windows in a row the function was a hog
	execs  int
}

func newFuncShare(n int) funcShare {
	return funcShare{gas: make([]uint64, n), fresh: make([]bool, n), cut: make([]uint8, n), streak: make([]uint8, n)}
}

// tx counts a transaction of the function in slot that used gas, was
// its sequence's last (last) or not, and covered something new
// (covered) or not; only a last transaction's gas counts (executed).
func (s *funcShare) tx(slot int, gas uint64, last, covered bool) {
	if last {
		s.gas[slot] += gas
	}
	if covered {
		s.fresh[slot] = true
		s.cut[slot] = 0
	}
}

// executed counts one execution and judges the window at its end.
func (s *funcShare) executed() {
	if s.execs++; s.execs < shareWindow {
		return
	}
	// Each function's gas as the last transaction of a sequence (the
	// part its cut controls: in a maze every move also runs in other
	// entries' prefixes, and counting that kept a move cut for good,
	// s24c24202: west at 1 in 256 all campaign), as if its share were
	// whole again, so that the function left running most is not taken
	// for a hog in its turn.
	var total uint64
	for i, g := range s.gas {
		total += g << s.cut[i]
	}
	for i, g := range s.gas {
		whole := g << s.cut[i]
		hog := !s.fresh[i] && whole*hogDen > total*hogNum
		switch {
		case g == 0:
			// Not run last this window: no evidence either way.
		case hog && s.streak[i] > 0:
			// A hog two windows in a row: a campaign dwelling on one
			// function for a window (an oracle's sequences, a burst)
			// keeps its share (a vulnerability fixture's owner-lock
			// was missed when one window sufficed).
			s.cut[i] = min(s.cut[i]+4, maxCut)
		case hog:
			s.streak[i] = 1
		default:
			s.streak[i] = 0
			if s.cut[i] > 0 {
				s.cut[i]--
			}
		}
	}
	clear(s.gas)
	clear(s.fresh)
	s.execs = 0
}

// skip reports whether a pick of the function in slot gives way this
// time; it draws from rng only for a cut function, so that a campaign
// without one keeps its random stream.
func (s *funcShare) skip(rng *rand.Rand, slot int) bool {
	c := s.cut[slot]
	return c > 0 && rng.Uint64()&(1<<c-1) != 0
}

// entryCut is the cut of the most cut function e's sequence calls:
// mutants of a later transaction re-run a cut function in the prefix
// too.
func (w *worker) entryCut(e *Entry) uint8 {
	var c uint8
	for i := range e.Seq {
		c = max(c, w.share.cut[w.stats.slot(&e.Seq[i])])
	}
	return c
}

// pickCall picks one of ts at random, drawing again, up to redraws
// times, while the pick's function gives way (skip).
func (w *worker) pickCall(ts []callTarget) callTarget {
	t := ts[w.rng.IntN(len(ts))]
	for i := 0; i < redraws && len(ts) > 1 && w.share.skip(w.rng, w.stats.base[t.Contract]+t.Method+1); i++ {
		t = ts[w.rng.IntN(len(ts))]
	}
	return t
}

// funcStatsOf sums the workers' per-function counts into the first's and
// lists them, each with the deepest cut any worker had at the end.
func funcStatsOf(p *program.Program, workers []*worker) []FuncStat {
	st := workers[0].stats
	for _, w := range workers[1:] {
		st.add(w.stats)
	}
	fs := st.stats(p)
	for i := range fs {
		slot := st.base[fs[i].Contract] + fs[i].Method + 1
		for _, w := range workers {
			fs[i].Cut = max(fs[i].Cut, int(w.share.cut[slot]))
		}
	}
	return fs
}
