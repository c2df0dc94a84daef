package fuzz

import (
	"context"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file makes a campaign of several workers as reproducible as one of
// a single worker (issue 71): a seed, a worker count and an execution
// budget decide its findings, coverage and corpus, and its first N
// executions are those of a campaign of N. Workers used to share one
// corpus, one set of known findings, one progress mark and the demand
// marks as they ran, so thread timing decided what each saw, and a
// longer campaign could miss what a shorter one of the same seed found.
//
// Now each worker has its own corpus, findings it knows, progress and
// demand marks (worker 0 keeps the campaign's, so a campaign of one
// worker is what it was), and its own share of the budget (the
// executions left after deployment, split evenly, the remainder to the
// lowest indices). Every exchangeEvery of its own executions a worker
// publishes a round: the entries it admitted, the findings it shrank, its
// progress and its demand marks since its last round. Between two
// inputs, a worker whose own count passed round r+exchangeLag's takes
// round r from every other worker, in worker order, waiting for those
// that are behind:
// it runs their entries as its own inputs (counted in its executions; an
// entry new to it joins its corpus, but is not published again), and
// learns their findings, progress and marks. As in AFL's and libFuzzer's
// corpus sync, what one worker found reaches the others at fixed points,
// but the points are execution counts, never time, and the order is the
// workers'. Findings join the campaign's (Result.Findings, OnFinding)
// round by round in worker order, so the first of two workers to find a
// key in one round is the one reported, whichever thread was faster.
//
// A worker takes round r only once its own count passed round r's (and
// more) and its budget is not spent; since shares differ by at most one, the
// others reach that count within their shares: no worker waits for a
// round that a shorter campaign would not have had. A time budget stays a
// wall-clock stop, as reproducible as the clock.

// exchangeEvery is a worker's own executions between two rounds: a few
// thousand, so that rounds cost little and entries reach the others
// while they are new.
const exchangeEvery = 4096

// exchangeLag is how many rounds a worker may be ahead of the round it
// takes: a worker that ran ahead for a while (another's long shrink, a
// stretch of dearer executions, the scheduler) goes on instead of
// waiting. Two workers on maze1, 400,000 executions, load 10 on 2 cores:
// without a lag they waited 4.5-6.2 % of their time, with 2 rounds
// 0.5-1.3 %.
const exchangeLag = 2

// xstate is a worker's side of the exchange.
type xstate struct {
	on        bool   // the campaign has several workers
	base      uint64 // the campaign's executions before the workers ran (deployment)
	own       uint64 // executions this worker ran
	share     uint64 // its share of an execution budget
	progress  uint64 // view() at the last progress it knows of (plateau.go)
	taken     int    // rounds taken from the others
	importing bool   // running another worker's entries: not published again
	out       batch  // what it found since its last round
	// keys and masked are the findings it knows (its own and the rounds
	// it took) and its masked shrinks (worker.report).
	keys   map[Key]bool
	masked map[Key]int
	wait   time.Duration // spent waiting for the others' rounds
}

// batch is one worker's round.
type batch struct {
	entries  []txseq.Sequence
	found    []*Finding
	marked   []bool // demand marks (demand.go)
	progress uint64
}

// exchange is where the workers' rounds meet: rounds[r][j] is worker j's
// round r, nil until published.
type exchange struct {
	c      *campaign
	mu     sync.Mutex
	cond   *sync.Cond
	rounds [][]*batch
	sent   []int  // rounds each worker published
	ended  []bool // a worker's loop returned: it publishes no more
	merged int    // rounds whose findings joined the campaign's
}

// startExchange gives each worker its share of the budget and its own
// view of what the campaign knows, when there are several.
func (c *campaign) startExchange(ctx context.Context, workers []*worker) (stop func()) {
	if len(workers) < 2 {
		return func() {}
	}
	x := &exchange{c: c, sent: make([]int, len(workers)), ended: make([]bool, len(workers))}
	x.cond = sync.NewCond(&x.mu)
	c.ex = x
	base := c.execs.Load()
	var left uint64
	if c.cfg.Execs > base {
		left = c.cfg.Execs - base
	}
	n := uint64(len(workers))
	c.mu.Lock()
	for i, w := range workers {
		w.xs = xstate{on: true, base: base, share: left / n, keys: map[Key]bool{}, masked: map[Key]int{}}
		if uint64(i) < left%n {
			w.xs.share++
		}
		for k := range c.keys { // the constructors' findings
			w.xs.keys[k] = true
		}
	}
	c.mu.Unlock()
	// A cancelled campaign wakes the workers waiting for a round.
	unhook := context.AfterFunc(ctx, func() {
		x.mu.Lock()
		x.cond.Broadcast()
		x.mu.Unlock()
	})
	return func() { unhook() }
}

// view is the campaign's execution count as the worker knows it: exact
// with one worker, else its own count times the workers' (they meet every
// round), so that what it decides by it does not depend on the others'
// pace.
func (w *worker) view() uint64 {
	if !w.xs.on {
		return w.c.execs.Load()
	}
	return w.xs.base + w.xs.own*uint64(w.c.cfg.Workers)
}

// executed counts one execution and returns view(); every exchangeEvery
// of its own, the worker publishes a round.
func (w *worker) executed() uint64 {
	n := w.c.execs.Add(1)
	if !w.xs.on {
		return n
	}
	w.xs.own++
	if w.xs.own%exchangeEvery == 0 {
		w.publish()
	}
	return w.view()
}

// spent reports whether the worker used its share of the budget.
func (w *worker) spent() bool {
	if !w.xs.on {
		return w.c.spent()
	}
	return w.c.cfg.Execs > 0 && w.xs.own >= w.xs.share
}

// progressed notes progress at execution n (view()).
func (w *worker) progressed(n uint64) {
	w.xs.progress = max(w.xs.progress, n)
}

// publish hands the worker's round to the others.
func (w *worker) publish() {
	b := w.xs.out
	w.xs.out = batch{}
	b.progress = w.xs.progress
	b.marked = make([]bool, len(w.demands))
	for i := range w.demands {
		b.marked[i] = w.demands[i].marked.Load()
	}
	x := w.c.ex
	x.mu.Lock()
	defer x.mu.Unlock()
	r := x.sent[w.id]
	x.sent[w.id]++
	if r == len(x.rounds) {
		x.rounds = append(x.rounds, make([]*batch, len(x.sent)))
	}
	x.rounds[r][w.id] = &b
	x.mergeLocked()
	x.cond.Broadcast()
}

// end notes that worker id publishes no more rounds.
func (x *exchange) end(id int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.ended[id] = true
	x.mergeLocked()
	x.cond.Broadcast()
}

// completeLocked reports whether every worker published round r or ended.
func (x *exchange) completeLocked(r int) bool {
	if r >= len(x.rounds) {
		return false
	}
	for j, b := range x.rounds[r] {
		if b == nil && !x.ended[j] {
			return false
		}
	}
	return true
}

// mergeLocked adds the findings of every complete round, in round and
// worker order, to the campaign's.
func (x *exchange) mergeLocked() {
	for ; x.completeLocked(x.merged); x.merged++ {
		for _, b := range x.rounds[x.merged] {
			if b == nil {
				continue
			}
			for _, f := range b.found {
				x.c.addOnce(f)
			}
		}
	}
}

// sync takes, between two inputs, every round the worker's own count has
// passed, waiting for the others to publish it; false if the campaign
// ended while it waited.
func (w *worker) sync(ctx context.Context, live func() bool) bool {
	if !w.xs.on {
		return true
	}
	for uint64(w.xs.taken+exchangeLag) < w.xs.own/exchangeEvery {
		bs := w.c.ex.wait(ctx, w.xs.taken, &w.xs.wait)
		if bs == nil {
			return false
		}
		w.xs.taken++
		for j, b := range bs {
			if j != w.id && b != nil && !w.take(b, live) {
				return false
			}
		}
	}
	return true
}

// wait returns round r once complete, nil if ctx ended first; the time
// waited is added to waited.
func (x *exchange) wait(ctx context.Context, r int, waited *time.Duration) []*batch {
	x.mu.Lock()
	defer x.mu.Unlock()
	if x.completeLocked(r) {
		return x.rounds[r]
	}
	start := time.Now()
	defer func() { *waited += time.Since(start) }()
	for !x.completeLocked(r) {
		if ctx.Err() != nil {
			return nil
		}
		x.cond.Wait()
	}
	return x.rounds[r]
}

// take learns another worker's round: its findings, progress and demand
// marks, then runs its entries; false if the budget ran out on the way.
func (w *worker) take(b *batch, live func() bool) bool {
	for _, f := range b.found {
		w.xs.keys[f.Key()] = true
	}
	w.progressed(b.progress)
	for i, m := range b.marked {
		if m && !w.demands[i].marked.Load() {
			w.demands[i].marked.Store(true)
			w.demands[i].misses.Store(0)
		}
	}
	w.xs.importing = true
	defer func() { w.xs.importing = false }()
	for _, seq := range b.entries {
		if !live() {
			return false
		}
		w.try(seq.Clone())
	}
	return true
}

// known reports whether the worker knows a finding with key k.
func (w *worker) known(k Key) bool {
	if !w.xs.on {
		return w.c.known(k)
	}
	return w.xs.keys[k]
}

// claim marks key as being reported by the worker, unless it is known or
// (masked) was tried maskedTries times; unclaim undoes it.
func (w *worker) claim(key Key, masked bool) bool {
	c := w.c
	keys, counts := w.xs.keys, w.xs.masked
	if !w.xs.on {
		c.mu.Lock()
		defer c.mu.Unlock()
		keys, counts = c.keys, c.masked
	}
	if keys[key] || masked && counts[key] >= maskedTries {
		return false
	}
	keys[key] = true
	if masked {
		counts[key]++
	}
	return true
}

func (w *worker) unclaim(key Key) {
	if !w.xs.on {
		w.c.mu.Lock()
		defer w.c.mu.Unlock()
		delete(w.c.keys, key)
		return
	}
	delete(w.xs.keys, key)
}

// found records the worker's finding f: at once with one worker, else in
// its next round.
func (w *worker) found(f *Finding) {
	if w.xs.on {
		w.xs.out.found = append(w.xs.out.found, f)
		return
	}
	c := w.c
	c.mu.Lock()
	c.findings = append(c.findings, f)
	c.mu.Unlock()
	if c.cfg.OnFinding != nil {
		c.cfg.OnFinding(f)
	}
}

// admitted notes an entry the worker's own input added to its corpus,
// for its next round.
func (w *worker) admitted(seq txseq.Sequence) {
	if w.xs.on && !w.xs.importing {
		w.xs.out.entries = append(w.xs.out.entries, seq)
	}
}

// endExchange, once the workers stopped, adds the findings of their last
// rounds, published or not, in worker order, and returns the inputs each
// admitted itself, in worker order, and how many.
func (c *campaign) endExchange(workers []*worker) ([]txseq.Sequence, int, time.Duration) {
	x := c.ex
	x.mu.Lock()
	for j := range x.ended {
		x.ended[j] = true
	}
	x.mergeLocked()
	x.mu.Unlock()
	var inputs []txseq.Sequence
	var waited time.Duration
	for _, w := range workers {
		for _, f := range w.xs.out.found {
			c.addOnce(f)
		}
		inputs = append(inputs, w.corpus.ownSequences()...)
		waited += w.xs.wait
	}
	return inputs, len(inputs), waited
}

// ownSequences returns copies of the sequences of the entries the
// worker's own inputs added, in the order added.
func (c *Corpus) ownSequences() []txseq.Sequence {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []txseq.Sequence
	for _, e := range c.entries {
		if !e.imported {
			out = append(out, e.Seq.Clone())
		}
	}
	return out
}

// frozen is the freezing-ether verdict (engine/oracle): with several
// workers, each contract's from the lowest worker whose inputs paid it,
// not the first to be paid as threads ran.
func (c *campaign) frozen(workers []*worker, cov [][]bool) []*Finding {
	if len(workers) == 1 {
		return c.receipts.Frozen(c.prog, cov)
	}
	byContract := map[int]*Finding{}
	for _, w := range workers {
		for _, f := range w.receipts.Frozen(c.prog, cov) {
			if byContract[f.Contract] == nil {
				byContract[f.Contract] = f
			}
		}
	}
	out := slices.Collect(maps.Values(byContract))
	slices.SortFunc(out, func(a, b *Finding) int { return a.Contract - b.Contract })
	return out
}
