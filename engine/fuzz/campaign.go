package fuzz

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/lookahead"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/holiman/uint256"
)

// Config controls a campaign. The zero value runs until the context ends,
// with one worker and seed 0.
type Config struct {
	Seed      uint64
	Execs     uint64        // budget in sequence executions; 0 = no limit
	Duration  time.Duration // wall-clock budget; 0 = no limit
	Workers   int           // default 1
	MaxSeqLen int           // default 8
	// Contracts restricts the targets by name; empty means every target.
	Contracts []string
	// Focus names functions ("Contract.name" or "name") the campaign is
	// about: seeds call them first and most last transactions call them.
	// Other functions still run, to set up state.
	Focus       []string
	Schedule    Schedule // default AFLFast{}
	ShrinkLimit int      // executions per finding; default 2000
	CorpusLimit int
	// Oracles switches finding kinds on (true) or off (false); kinds not
	// listed follow oracle.OnByDefault.
	Oracles map[oracle.Kind]bool
	// NoPrediction turns HARVEY's input prediction off (and with it the
	// storage-write probe, which only prediction can hit).
	NoPrediction bool
	// PredictIterations bounds the secant steps per prediction; default 4.
	PredictIterations int
	// Targets are program locations to reach, as runtime PCs per contract
	// index (lookahead paper). With targets, each new corpus entry gets a
	// lookahead identifier and split points, and Result reports when a
	// target was first reached.
	Targets map[int][]uint64
	// NoLookahead makes the analysis answer "reachable" everywhere, so
	// lookahead identifiers degenerate to whole paths (configurations A and
	// C of the paper). Use Schedule to pick AFLFast or Lookahead.
	NoLookahead bool
	// NoDemandDriven turns demand-driven sequence fuzzing (HARVEY §5) off:
	// sequences grow eagerly for every function, and path identifiers span
	// every transaction instead of only the last.
	NoDemandDriven bool
	Chain          chain.Config
	// DeployArgs replays a recorded deployment's constructor arguments.
	DeployArgs [][]byte
	// Seeds are sequences run before mutation starts, e.g. a corpus saved
	// by an earlier campaign; those that cover something new join the
	// corpus. Indices out of range are dropped, senders wrap.
	Seeds []Sequence

	// OnSetup is called once the contracts are deployed, before fuzzing.
	OnSetup func(*Deployment)

	// OnFinding is called once per new finding, after shrinking, from the
	// worker that found it.
	OnFinding func(*Finding)
	// OnProgress is called about twice a second.
	OnProgress func(Progress)
}

// Progress is a snapshot of a running campaign.
type Progress struct {
	Execs, Txs uint64
	Corpus     int
	Findings   int
	Edges      int // (edge, hit class) pairs covered by any worker
	Elapsed    time.Duration
}

// Result is the outcome of a campaign.
type Result struct {
	Findings    []*Finding // in the order found
	Execs       uint64     // sequence executions, without shrinking
	ShrinkExecs uint64
	Corpus      int
	Elapsed     time.Duration
	// Timeouts counts transactions cancelled by the wall-clock guard.
	Timeouts uint64
	// Predictions counts predicted inputs run; PredictionHits those that
	// reached the branch or slot they aimed at.
	Predictions, PredictionHits uint64
	// TargetExecs and TargetTime say when a target was first reached
	// (zero if never); AnalysisTime is the time spent in the lookahead
	// analysis.
	TargetExecs  uint64
	TargetTime   time.Duration
	AnalysisTime time.Duration
	// AggressiveRuns counts runs on directly fuzzed state (HARVEY §5);
	// AggressiveHits those that covered something new.
	AggressiveRuns, AggressiveHits uint64
	// Coverage[c][pc] tells whether instruction pc of contract c ran.
	Coverage   [][]bool
	Deployment *Deployment
	// Inputs are the corpus entries' sequences, in the order admitted.
	Inputs []Sequence
}

type campaign struct {
	cfg       Config
	prog      *program.Program
	codes     []*trace.Code
	calls     []callTarget
	callIndex map[callTarget]int
	demands   []demand     // per call target
	focus     []callTarget // subset of calls the campaign is about
	checked   []int        // contracts with property or invariant functions
	constants []uint256.Int
	values    []uint256.Int // source literals that fit msg.value (100 finney)
	corpus    *Corpus
	start     time.Time
	probe     uint256.Int // the arbitrary slot of the storage-write metric

	predictions, predictionHits    atomic.Uint64
	aggressiveRuns, aggressiveHits atomic.Uint64

	analyzers    []*lookahead.Analyzer // per contract; nil without targets
	targetPCs    map[int][]uint64
	analysisNs   atomic.Int64
	targetExecs  atomic.Uint64 // executions when a target was first reached; 0 = not yet
	targetTimeNs atomic.Int64

	execs       atomic.Uint64
	txs         atomic.Uint64
	shrinkExecs atomic.Uint64
	timeouts    atomic.Uint64

	received []atomic.Bool // per contract: a transaction paid it ether
	receipts receipts

	mu       sync.Mutex
	findings []*Finding
	keys     map[Key]bool
}

// ErrNoTargets is returned when the program has nothing to fuzz.
var ErrNoTargets = errors.New("no contract with callable functions to fuzz")

// Run fuzzes p until the budget is spent or ctx ends. Findings stream
// through cfg.OnFinding and are returned in the Result.
func Run(ctx context.Context, p *program.Program, cfg Config) (*Result, error) {
	if cfg.Workers <= 0 {
		cfg.Workers = 1
	}
	if cfg.MaxSeqLen <= 0 {
		cfg.MaxSeqLen = 8
	}
	if cfg.Schedule == nil {
		cfg.Schedule = AFLFast{}
	}
	if cfg.PredictIterations <= 0 {
		cfg.PredictIterations = 4
	}
	if cfg.ShrinkLimit == 0 {
		cfg.ShrinkLimit = 2000
	}
	c := &campaign{cfg: cfg, prog: p, corpus: NewCorpus(cfg.CorpusLimit), keys: map[Key]bool{}, start: time.Now()}
	c.probe = probeFor(cfg.Seed)
	if err := c.setup(); err != nil {
		return nil, err
	}
	if testHookCampaign != nil {
		testHookCampaign(c)
	}
	if cfg.Duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Duration)
		defer cancel()
	}
	workers := make([]*worker, cfg.Workers)
	for i := range workers {
		w, err := newWorker(c, i)
		if err != nil {
			return nil, fmt.Errorf("worker %d: %w", i, err)
		}
		workers[i] = w
	}
	if cfg.OnSetup != nil {
		cfg.OnSetup(workers[0].dep)
	}
	stopProgress := c.reportProgress(workers)
	var wg sync.WaitGroup
	errs := make([]error, len(workers))
	for i, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = w.run(ctx)
		}()
	}
	wg.Wait()
	stopProgress()
	res := &Result{
		Findings:    c.findings,
		Execs:       c.execs.Load(),
		ShrinkExecs: c.shrinkExecs.Load(),
		Corpus:      c.corpus.Len(),
		Elapsed:     time.Since(c.start),
		Deployment:  workers[0].dep,
		Timeouts:    c.timeouts.Load(),

		Predictions:    c.predictions.Load(),
		PredictionHits: c.predictionHits.Load(),
		TargetExecs:    c.targetExecs.Load(),
		TargetTime:     time.Duration(c.targetTimeNs.Load()),
		AnalysisTime:   time.Duration(c.analysisNs.Load()),
		AggressiveRuns: c.aggressiveRuns.Load(),
		AggressiveHits: c.aggressiveHits.Load(),
		Inputs:         c.corpus.Sequences(),
	}
	res.Coverage = make([][]bool, len(p.Contracts))
	for ci := range p.Contracts {
		res.Coverage[ci] = make([]bool, len(workers[0].tr.Instr[ci]))
		for _, w := range workers {
			for pc, hit := range w.tr.Instr[ci] {
				res.Coverage[ci][pc] = res.Coverage[ci][pc] || hit
			}
		}
	}
	for _, f := range c.frozen(res.Coverage) {
		f.Execs, f.Time = res.Execs, res.Elapsed
		res.Findings = append(res.Findings, f)
		if cfg.OnFinding != nil {
			cfg.OnFinding(f)
		}
	}
	return res, errors.Join(errs...)
}

func (c *campaign) setup() error {
	allowed := map[string]bool{}
	for _, n := range c.cfg.Contracts {
		allowed[n] = true
	}
	c.received = make([]atomic.Bool, len(c.prog.Contracts))
	for i, ct := range c.prog.Contracts {
		c.codes = append(c.codes, traceCode(ct))
		if !ct.Target || (len(allowed) > 0 && !allowed[ct.Name]) {
			continue
		}
		for j, m := range ct.Methods {
			t := callTarget{Contract: i, Method: j}
			c.calls = append(c.calls, t)
			for _, f := range c.cfg.Focus {
				if f == m.RawName || f == ct.Name+"."+m.RawName {
					c.focus = append(c.focus, t)
				}
			}
		}
		if ct.Payable {
			c.calls = append(c.calls, callTarget{Contract: i, Method: -1})
		}
		if len(ct.Checks) > 0 {
			c.checked = append(c.checked, i)
		}
		c.constants = append(c.constants, calldata.PushConstants(ct.Artifact.Runtime.Bytes)...)
		for _, l := range ct.Literals() {
			c.constants = append(c.constants, l)
			if !l.IsZero() && l.Cmp(maxValue) <= 0 {
				c.values = append(c.values, l)
			}
		}
	}
	if len(c.calls) == 0 {
		return ErrNoTargets
	}
	c.callIndex = map[callTarget]int{}
	for i, t := range c.calls {
		c.callIndex[t] = i
	}
	c.demands = make([]demand, len(c.calls))
	c.analyzers = make([]*lookahead.Analyzer, len(c.prog.Contracts))
	c.targetPCs = map[int][]uint64{}
	for ci, pcs := range c.cfg.Targets {
		if ci < 0 || ci >= len(c.prog.Contracts) || len(pcs) == 0 {
			continue
		}
		a := lookahead.New(c.prog.Contracts[ci].Artifact.Runtime.Bytes, pcs)
		a.Off = c.cfg.NoLookahead
		c.analyzers[ci] = a
		c.targetPCs[ci] = pcs
	}
	sort.Slice(c.constants, func(i, j int) bool { return c.constants[i].Lt(&c.constants[j]) })
	return nil
}

// testHookCampaign lets tests inspect a campaign's internal state;
// testHookPath sees the top-level path of every sequence's last transaction
// when there are targets.
var (
	testHookCampaign func(*campaign)
	testHookPath     func(contract int, path []uint64)
)

// probeFor derives a campaign's arbitrary probe slot from its seed, so a
// replay probes the same slot.
func probeFor(seed uint64) uint256.Int {
	r := rand.New(rand.NewPCG(seed, 0x5107e))
	return uint256.Int{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
}

// known reports whether a finding with key k was reported already.
func (c *campaign) known(k Key) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.keys[k]
}

// enabled reports whether findings of kind k are reported.
func (c *campaign) enabled(k oracle.Kind) bool {
	if on, ok := c.cfg.Oracles[k]; ok {
		return on
	}
	return oracle.OnByDefault(k)
}

// spent reports whether the execution budget is used up.
func (c *campaign) spent() bool {
	return c.cfg.Execs > 0 && c.execs.Load() >= c.cfg.Execs
}

func (w *worker) run(ctx context.Context) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("worker %d panicked: %v", w.id, r)
		}
	}()
	c := w.c
	// Seeds: one single-transaction sequence per call target, focused
	// functions first.
	for _, t := range append(append([]callTarget(nil), c.focus...), c.calls...) {
		if c.spent() || ctx.Err() != nil {
			return nil
		}
		seq := Sequence{w.txFor(t)}
		w.consider(seq, w.run1(seq, Mutation{Field: ShapeReplace}, nil))
	}
	// Saved inputs next, split between the workers.
	for i, seq := range c.cfg.Seeds {
		if c.spent() || ctx.Err() != nil {
			return nil
		}
		if i%c.cfg.Workers != w.id {
			continue
		}
		if seq = w.sanitize(seq); len(seq) > 0 {
			w.consider(seq, w.run1(seq, Mutation{Field: ShapeReplace}, nil))
		}
	}
	for !c.spent() && ctx.Err() == nil {
		e, energy := c.corpus.Next(c.cfg.Schedule)
		if e == nil {
			// Every input so far failed (and failing inputs are findings,
			// not corpus entries): keep exploring from fresh sequences.
			seq := w.randomSeq()
			w.consider(seq, w.run1(seq, Mutation{Field: ShapeReplace}, nil))
			continue
		}
		// HARVEY Alg. 1: a predicted input runs before the next mutation,
		// even when the entry's energy is spent.
		var pred *prediction
		for i := 0; (i < energy || pred != nil) && !c.spent() && ctx.Err() == nil; i++ {
			if pred != nil {
				p := pred
				pred = nil
				w.target, w.probeTx = p.target, p.m.Tx
				o := w.run1(p.seq, p.m, e)
				w.target, w.probeTx = -1, -1
				// Read before consider: shrinking a finding runs more
				// executions, which reset the flag.
				hit := w.targetReached
				w.consider(p.seq, o)
				c.predictions.Add(1)
				if hit {
					c.predictionHits.Add(1)
				} else {
					pred = w.again(p)
				}
				continue
			}
			if w.rng.IntN(16) == 0 {
				// Explore: a fresh random sequence, as random-testing
				// fuzzers do; long ones set up state no mutation reaches.
				seq := w.randomSeq()
				w.consider(seq, w.run1(seq, Mutation{Field: ShapeReplace}, nil))
				continue
			}
			if !c.cfg.NoDemandDriven && w.rng.IntN(aggressiveOneIn) == 0 {
				w.aggressive(e)
				continue
			}
			mut, m := w.mutate(e.Seq)
			o := w.run1(mut, m, e)
			w.consider(mut, o)
			if !c.cfg.NoPrediction && o.fail == nil {
				pred = w.predict(e.costs, mut, m)
			}
		}
	}
	return nil
}

// sanitize returns a copy of a seed that fits this campaign: calls to
// unknown contracts or methods are dropped, senders wrap, and the length
// is capped.
func (w *worker) sanitize(seq Sequence) Sequence {
	out := make(Sequence, 0, len(seq))
	for _, tx := range seq {
		if len(out) == w.c.cfg.MaxSeqLen {
			break
		}
		t := callTarget{Contract: tx.Contract, Method: tx.Method}
		if _, ok := w.c.callIndex[t]; !ok {
			continue
		}
		if tx.Method >= 0 && len(tx.Args) != len(w.c.prog.Contracts[tx.Contract].Methods[tx.Method].Inputs) {
			continue
		}
		tx.Args = calldata.Clone(tx.Args)
		if n := Principals(w.ch); tx.Sender < 0 || tx.Sender >= n {
			tx.Sender = ((tx.Sender % n) + n) % n
		}
		out = append(out, tx)
	}
	return out
}

// run1 executes one input and counts it.
func (w *worker) run1(seq Sequence, m Mutation, parent *Entry) outcome {
	var o outcome
	if parent != nil {
		o = w.execMutant(parent, seq, m)
	} else {
		o = w.exec(seq, 0, w.base)
	}
	n := w.c.execs.Add(1)
	w.c.txs.Add(uint64(len(seq)))
	if len(w.c.targetPCs) > 0 && w.c.targetExecs.Load() == 0 && w.reachedTarget() {
		if w.c.targetExecs.CompareAndSwap(0, n) {
			w.c.targetTimeNs.Store(int64(time.Since(w.c.start)))
		}
	}
	return o
}

// reachedTarget reports whether any target PC has run in this worker.
func (w *worker) reachedTarget() bool {
	for ci, pcs := range w.c.targetPCs {
		for _, pc := range pcs {
			if pc < uint64(len(w.tr.Instr[ci])) && w.tr.Instr[ci][pc] {
				return true
			}
		}
	}
	return false
}

// lookahead runs the analysis on the path of the last transaction (Alg. 1
// line 11, Alg. 2). Without targets, or for a contract without targets,
// the identifier is the path's.
func (w *worker) lookahead(seq Sequence, pathID uint64) *lookInfo {
	last := seq[len(seq)-1]
	a := w.c.analyzers[last.Contract]
	if a == nil || len(w.lastPath) == 0 {
		return &lookInfo{lid: pathID}
	}
	start := time.Now()
	r := a.Analyze(w.lastPath)
	w.c.analysisNs.Add(int64(time.Since(start)))
	splits := make([]uint64, len(r.SplitPoints))
	for i, p := range r.SplitPoints {
		splits[i] = uint64(last.Contract)<<32 | p
	}
	return &lookInfo{lid: r.LID, proved: r.Proved, splits: splits}
}

// consider adds an input to the corpus if it took a new path or covered
// something new, and reports its finding if it is new.
func (w *worker) consider(seq Sequence, o outcome) {
	if len(seq) == 0 {
		return
	}
	c := w.c
	if o.fail != nil {
		w.report(seq[:o.failTx+1], o.fail)
		return
	}
	newPath := c.corpus.Observe(o.pathID)
	newState := o.state != 0 && c.corpus.ObserveState(o.state)
	// HARVEY §5's regular mode: for a function that needs longer
	// sequences, a sequence whose transactions together took a new path is
	// a prefix worth keeping, though its last transaction's path is old.
	last := seq[len(seq)-1]
	grown := !newPath && len(seq) > 1 && !c.cfg.NoDemandDriven && c.grows(callTarget{last.Contract, last.Method}) &&
		c.corpus.ObserveSequence(o.seqPathID)
	// Defs. 5-6 count fuzzed inputs per LID and split point: every
	// execution counts, through the analysis of its path (run once per
	// path, as HARVEY keeps LIDs with path identifiers).
	var lid uint64
	var splits []uint64
	if c.analyzers != nil {
		var ok bool
		if lid, splits, ok = c.corpus.exercise(o.pathID, o.state); !ok {
			c.corpus.analysed(o.pathID, w.lookahead(seq, o.pathID))
			lid, splits, _ = c.corpus.exercise(o.pathID, o.state)
		}
	}
	if newPath || o.newCov > 0 || newState || grown {
		c.corpus.Add(seq, o.pathID, c.execs.Load(), o.newCov > 0, w.lastCosts, w.lastLoads, lid, splits)
		// Values the new path compared against are likely to open the
		// next branch: keep them (only from admitted inputs, so random
		// arguments do not flood the dictionary).
		for _, op := range w.operands {
			w.env.Dict.AddWithNeighbours(op)
		}
	}
}

// report shrinks and records a finding unless one with its key exists.
func (w *worker) report(seq Sequence, f *Finding) {
	c := w.c
	key := f.Key()
	c.mu.Lock()
	if c.keys[key] {
		c.mu.Unlock()
		return
	}
	c.keys[key] = true
	c.mu.Unlock()

	f.Execs = c.execs.Load()
	f.Time = time.Since(c.start)
	f.Worker = w.id
	saved := w.probeTx
	w.probeTx = probeAny
	w.shrinking = &key
	f.Seq = w.shrink(seq.Clone(), key, c.cfg.ShrinkLimit)
	if f.Detail != "" {
		// The detail names the transaction: take it from the shrunk run.
		if o := w.exec(f.Seq, 0, w.base); o.fail != nil && o.fail.Key() == key {
			f.Detail = o.fail.Detail
		}
	}
	w.probeTx = saved
	w.shrinking = nil
	w.cacheEntry = nil // shrinking moved the chain
	c.mu.Lock()
	c.findings = append(c.findings, f)
	c.mu.Unlock()
	if c.cfg.OnFinding != nil {
		c.cfg.OnFinding(f)
	}
}

func (c *campaign) reportProgress(workers []*worker) (stop func()) {
	if c.cfg.OnProgress == nil {
		return func() {}
	}
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				c.mu.Lock()
				n := len(c.findings)
				c.mu.Unlock()
				c.cfg.OnProgress(Progress{Execs: c.execs.Load(), Txs: c.txs.Load(), Corpus: c.corpus.Len(), Findings: n, Elapsed: time.Since(c.start)})
			}
		}
	}()
	return func() { close(done); <-finished }
}
