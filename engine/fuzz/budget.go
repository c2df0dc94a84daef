package fuzz

// This file shares a campaign over several contracts between them by the
// code still to fuzz, not evenly per contract (issue 68: 200,000
// executions spread over 31 contracts gave a contract of one function
// as many fresh sequences as one of thirty). A fresh random sequence is
// about one contract (randomSeq); the contract is drawn with a weight of
// its callable functions, doubled for each that has not completed yet in
// this worker (code behind a guard nobody passed, or not reached), so
// that every function gets a like share and unfinished ones more. The
// weights are the worker's own and change only every shareWindow
// executions, so a seed repeats exactly; one draw per pick, as before.

// contractPick is a worker's cumulative weights over the campaign's
// target contracts (campaign.targets' order).
type contractPick struct {
	cum   []int
	execs int
}

// pickContract draws the contract a fresh sequence is about.
func (w *worker) pickContract() int {
	ts := w.c.targets
	p := &w.pick
	if p.cum == nil || p.execs >= shareWindow {
		w.weighContracts()
	}
	p.execs++
	r := w.rng.IntN(p.cum[len(p.cum)-1])
	lo, hi := 0, len(p.cum)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if p.cum[mid] > r {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return ts[lo]
}

// weighContracts recomputes the weights from the functions' completions
// so far.
func (w *worker) weighContracts() {
	p := &w.pick
	if p.cum == nil {
		p.cum = make([]int, len(w.c.targets))
	}
	sum := 0
	for i, ct := range w.c.targets {
		for _, t := range w.c.local[ct] {
			sum++
			if w.stats.done[w.stats.base[t.Contract]+t.Method+1] == 0 {
				sum++
			}
		}
		p.cum[i] = sum
	}
	p.execs = 0
}
