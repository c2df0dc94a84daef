package fuzz

import (
	"slices"
)

// This file spends a campaign's extra executions on what is still
// unreached once the search stops progressing (issue 71). Progress is new
// coverage, a new finding, or an input closer to an untaken branch than
// any before (closer.go); a plateau is measured in executions, never in
// time, so a campaign of N executions and the first N of a longer one
// with the same seed refocus at the same executions (docs/schedule.md).
//
// After plateauFirst executions without progress, a worker refocuses: the
// entries nearest to each branch edge it never took are queued again with
// the entries that opened coverage, their picks counted from zero, so
// they are picked first while they are the newest and scouted if they
// wait (scout.go); the prediction back-off and every solver's chains per
// target (engine/solve, Predictor.Refocus), which learned from a search
// that has since stopped paying, start over, so the refocused entries are
// solved from as the first parents were; and functions whose sequences
// stopped growing (demand.go) may grow again. The share cuts (share.go)
// stay. Each plateau without progress waits twice as long as the one
// before, up to plateauMax, so a campaign stuck for good refocuses about
// once per plateauMax executions.

const (
	plateauFirst = 1 << 15 // executions without progress before the first refocus
	plateauMax   = 1 << 20
)

// plateau is a worker's refocus schedule: the executions from which the
// current plateau counts, and how long it may last.
type plateau struct {
	from, wait uint64
}

// refocusDue refocuses the worker if the campaign made no progress for
// as long as the current plateau may last.
func (w *worker) refocusDue() {
	n, p := w.view(), w.xs.progress
	if p > w.plat.from || w.plat.wait == 0 {
		w.plat.from, w.plat.wait = max(p, w.plat.from), plateauFirst
	}
	if n-w.plat.from < w.plat.wait {
		return
	}
	w.plat.from, w.plat.wait = n, min(2*w.plat.wait, plateauMax)
	w.c.refocuses.Add(1)
	w.pred.Refocus()
	// The share cuts stay: a function that took most of the gas for
	// nothing new is no more useful after a plateau (TestHogLosesShare:
	// clearing them gave spin 62% of the gas back and the report no cut).
	for i := range w.demands {
		w.demands[i].misses.Store(0)
	}
	w.corpus.refocus(func(idx int32) bool { return int(idx) < len(w.seen) && w.seen[idx] == 0 })
}

// refocus queues again, with the entries that opened coverage, the
// nearest entry to every edge untaken says is still untaken, in the order
// they were admitted, with their picks and scouting undone.
func (c *Corpus) refocus(untaken func(int32) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	es := c.refocused[:0]
	for idx, e := range c.nearest {
		if untaken(idx) {
			es = append(es, e)
		}
	}
	// Map order is random: the admission order keeps a campaign
	// reproducible.
	slices.SortFunc(es, func(a, b *Entry) int { return a.ID - b.ID })
	es = slices.Compact(es)
	for _, e := range es {
		e.Selected, e.scouted = 0, false
		c.groups[c.groupOf[lastContract(e.Seq)]].open(e)
	}
	c.refocused = es[:0]
}
