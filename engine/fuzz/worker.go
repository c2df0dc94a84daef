package fuzz

import (
	"context"
	"fmt"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/oracle"
	"math/rand/v2"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/lookahead"
	"github.com/foresight-sol/foresight/engine/solve"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// A worker owns a chain, a tracer, a random source and its view of the
// campaign's corpus and findings, which it exchanges with the other
// workers at fixed execution counts (exchange.go). Its loop
// (run) picks an input, executes it (exec.go), and hands the outcome to
// the corpus (consider) or, if an oracle fired, to shrinking (report).
type worker struct {
	id  int
	c   *campaign
	m   *oracle.Machine // the chain, tracer and deployment, shared with the oracles
	o   *oracle.Set     // the oracles and searches, each with its own state
	rng *rand.Rand
	env *calldata.Env
	// seen are the coverage classes seen by this worker, per edge.
	seen     []uint8
	valueCap uint256.Int // the most ether a transaction sends (mutate.go)
	reuse    reuse
	pred     solve.Predictor // input prediction (engine/solve)
	keep     keepState       // a burst that keeps what passed a guard (keep.go)
	children []child         // program contracts the deployment's created (children.go)
	mk       mapKeyState     // mapping-key mutants' hasher (mapkey.go)
	val      valueState      // what the senders were paid (value.go)
	priv     privSenders     // the deployer and role holders, who configure (mutate.go)
	stats    *funcStats      // per function: completions, failures, time (funcstats.go)
	share    funcShare       // per function: its share of the work (share.go)
	plat     plateau         // when the search refocuses (plateau.go)
	s        scratch
	wr       slotWriters // writers per storage slot (writers.go)
	// corpus, demands and receipts (the freezing oracle's first payments)
	// are the campaign's for worker 0, its own for the others; xs is its
	// side of the exchange between them (exchange.go).
	corpus   *Corpus
	demands  []demand
	receipts *oracle.Receipts
	xs       xstate
}

// reuse holds the states a worker keeps to skip running transactions again.
type reuse struct {
	prefix prefixCache // the state after the current entry's prefix
	end    endCache    // the state after the current entry (extend.go)
}

// scratch holds the buffers a worker reuses across executions, so that the
// per-execution path allocates nothing it can avoid.
type scratch struct {
	hist     []oracle.TxInfo       // the running sequence, for the oracles
	x        oracle.Context        // the oracles' per-transaction context
	writes   map[trace.Slot]uint16 // storage writes of the running sequence
	costs    []txseq.CostEntry
	loads    []trace.Slot
	path     []uint64
	operands []uint256.Int
	instr    trace.InstrSave // instruction coverage saved around aggressive runs
	prof     []txProfile     // per transaction, of a profile run (compact.go)
}

// newWorker deploys the campaign's program on a fresh chain. wrap, if not
// nil, wraps the tracer's hooks (Replay records logs and inner calls).
func newWorker(c *campaign, id int, wrap func(*tracing.Hooks) *tracing.Hooks) (*worker, error) {
	tr := trace.New(c.codes)
	hooks := tr.Hooks()
	if wrap != nil {
		hooks = wrap(hooks)
	}
	ch, cheats, dep, err := c.deploy(tr, hooks)
	if err != nil {
		return nil, err
	}
	var kids []child
	if c.plan == nil {
		kids = childrenOf(ch.Reader(), dep, c.prog)
		bindChildren(tr, kids)
	}
	m := &oracle.Machine{Chain: ch, Tracer: tr, Prog: c.prog, Dep: dep, Base: ch.Snapshot(), Cheats: cheats}
	w := &worker{
		id:       id,
		c:        c,
		m:        m,
		rng:      rand.New(rand.NewPCG(c.cfg.Seed, uint64(id)+1)),
		seen:     make([]uint8, tr.Edges()),
		children: kids,
	}
	m.Campaign = campaignOf{c, w}
	w.corpus, w.demands, w.receipts = c.corpus, c.demands, c.receipts
	if id > 0 && c.corpus != nil {
		w.corpus, w.demands = NewCorpus(c.cfg.CorpusLimit), make([]demand, len(c.demands))
		w.corpus.user, w.corpus.getter, w.receipts = c.corpus.user, c.corpus.getter, oracle.NewReceipts(len(c.prog.Contracts))
	}
	w.reuse.prefix.writes = map[trace.Slot]uint16{}
	cfg := oracle.Config{Checked: c.checked, ChecksOf: c.checksOf, Receipts: w.receipts, Try: w.try}
	if c.plan == nil && c.enabled(finding.IntegerWrap) {
		cfg.Twins = oracle.NewTwins(c.ctx, c.cfg.Chain, c.prog, c.deployPlan, tr, hooks, dep)
		if err := deploy.SetupStep(c.ctx, "twins", id); err != nil {
			return nil, err
		}
	}
	w.o = oracle.New(m, cfg)
	w.s.writes = map[trace.Slot]uint16{}
	w.pred = solve.NewPredictor(w.rng, w.seen, tr.Edges(), tr.CostSites(), c.cfg.PredictIterations)
	w.pred.NoJoint = c.cfg.NoJointPrediction
	w.pred.BaseTime = ch.Block.Time // a sequence's clock starts there (solve/delay.go)
	w.pred.MaxLen = c.cfg.MaxSeqLen
	if c.corpus != nil {
		w.pred.User = c.corpus.user
	}
	w.pred.Known = solve.NewKnown(c.blobs, c.constants) // the literals' keccaks, the constants' bytes
	if !c.cfg.NoPrediction {
		tr.SetProbe(c.probe)
	}
	if len(c.targetPCs) > 0 {
		tr.RecordPaths(2 * lookahead.MaxPrefix)
	}
	w.valueCap = valueCap(ch)
	m.Principals = deploy.PrincipalAddrs(ch)
	w.priv = privSendersOf(m.Principals, dep)
	w.stats = newFuncStats(c.prog)
	w.share = newFuncShare(len(w.stats.done))
	m.Privileged, m.Entitled = deploy.PrivilegedOf(m.Principals, dep, c.prog)
	m.PrivilegedAt = deploy.PrivilegedWhere(m.Principals, dep, c.prog)
	if err := m.NoteOwnersContext(c.ctx); err != nil {
		return nil, err
	}
	tr.SetPrincipals(m.Principals)
	w.val = newValueState(m)
	w.env = &calldata.Env{Dict: calldata.NewDictionary(0), Recent: new(calldata.Recent)}
	w.env.Addresses = append(w.env.Addresses, ch.Senders()...)
	for a := deploy.Attacker(0); a < deploy.NumAttackers; a++ {
		w.env.Addresses = append(w.env.Addresses, deploy.AttackerAddress(a))
	}
	for _, a := range dep.Addrs {
		if a != (common.Address{}) {
			w.env.Addresses = append(w.env.Addresses, a)
		}
	}
	if len(dep.TokenHeld) > 0 || len(dep.TokenPulled) > 0 {
		w.env.Addresses = append(w.env.Addresses, dep.Token)
		w.env.Tokens = []common.Address{dep.Token}
	}
	w.env.Addresses = append(w.env.Addresses, common.Address{})
	w.env.Dict.AddBoundaries()
	for _, word := range c.constants {
		w.env.Dict.Add(word)
	}
	for _, b := range c.blobs {
		w.env.Dict.AddBytes(b)
	}
	return w, nil
}

// run is the worker's loop: seeds, saved inputs, then entries of the
// corpus mutated as the schedule decides, until the budget is spent.
func (w *worker) run(ctx context.Context) (err error) {
	defer func() {
		w.flushTxs()
		if r := recover(); r != nil {
			err = fmt.Errorf("worker %d panicked: %v", w.id, r)
		}
	}()
	c := w.c
	live := func() bool {
		if testHookLive != nil {
			testHookLive(w)
		}
		return !w.spent() && ctx.Err() == nil
	}
	// Seeds: one single-transaction sequence per call target, focused
	// functions first.
	for _, t := range append(append([]callTarget(nil), c.focus...), c.calls...) {
		if !live() {
			return nil
		}
		w.try(txseq.Sequence{w.txFor(t)})
	}
	// Saved inputs next, split between the workers.
	for i, seq := range c.cfg.Seeds {
		if !live() {
			return nil
		}
		if i%c.cfg.Workers != w.id {
			continue
		}
		if seq = w.sanitize(seq); len(seq) > 0 {
			w.try(seq)
		}
	}
	if !w.runAddrSeeds(live) {
		return nil
	}
	if c.cfg.SeedsOnly {
		return nil
	}
	for live() {
		if !w.sync(ctx, live) {
			return nil
		}
		if c.cfg.Import != nil {
			if seq, ok := c.cfg.Import(); ok {
				if seq = w.sanitize(seq); len(seq) > 0 {
					w.try(seq)
				}
				continue
			}
		}
		w.refocusDue()
		e, energy, scout := w.corpus.Next(c.cfg.Schedule, w.opens)
		switch {
		case e == nil:
			// Every input so far failed (and failing inputs are findings,
			// not corpus entries): keep exploring from fresh sequences.
			w.try(w.randomSeq())
		case scout:
			w.scout(e, energy, live)
		default:
			w.fuzzEntry(e, energy, live)
		}
	}
	return nil
}

// fuzzEntry spends an entry's energy on mutants. HARVEY Alg. 1: a
// predicted input runs before the next mutation, even when the entry's
// energy is spent.
func (w *worker) fuzzEntry(e *Entry, energy int, live func() bool) {
	var pred *solve.Prediction
	if c := w.entryCut(e); c > 0 {
		// The entry calls a function that takes most of the work for
		// nothing new (share.go): explore instead, or spend its cut
		// share of the energy (a full one is up to 1,024 mutants).
		if w.rng.Uint64()&(1<<c-1) != 0 {
			w.try(w.randomSeq())
			return
		}
		energy = max(1, energy>>c)
	}
	w.keep.left = 0 // a burst varies one entry's mutant (keep.go)
	w.mappingKeysDue()
	w.mappingKeys(e)
	for i := 0; (i < energy || pred != nil || w.keep.left > 0) && live(); i++ {
		if pred != nil {
			pred = w.runPrediction(e, pred)
			continue
		}
		w.pred.Earn() // every run below pays for a predicted one (solve/yield.go)
		if w.keep.left > 0 {
			pred = w.admit(w.keepStep(e))
			continue
		}
		if w.o.Step() {
			// A search's sequence (engine/oracle: depriv, credit, worse).
			continue
		}
		if w.rng.IntN(16) == 0 {
			// Explore: a fresh random sequence, as random-testing
			// fuzzers do; long ones set up state no mutation reaches.
			w.try(w.randomSeq())
			continue
		}
		if !w.c.cfg.NoDemandDriven && w.rng.IntN(aggressiveOneIn) == 0 {
			w.aggressive(e)
			continue
		}
		mut, m := w.mutate(e)
		o := w.count(mut, w.execMutant(e, mut, m, w.fresh()))
		w.consider(mut, &o)
		if !w.c.cfg.NoPrediction && o.fail == nil {
			pred = w.admit(w.pred.Predict(e.costs, o.costs, mut, m))
			if pred == nil && o.ranLast && w.c.cfg.DelayPrediction {
				pred = w.admit(w.pred.DelayGuess(o.costs, mut, m.LastOnly)) // a time guard's delay
			}
		}
		w.startKeep(e, mut, m, &o)
	}
}

// admit starts a prediction chain with p unless its target's yield or
// the worker's credit holds it back (solve/yield.go).
func (w *worker) admit(p *solve.Prediction) *solve.Prediction {
	if p == nil {
		return nil
	}
	tx := p.Seq[p.M.Tx]
	return w.pred.Admit(p, tx.Contract, tx.Method)
}

// runPrediction runs a predicted mutant of e and returns the next step if
// it missed its target and the schedule allows one.
func (w *worker) runPrediction(e *Entry, p *solve.Prediction) *solve.Prediction {
	in := w.fresh()
	in.target, in.probeTx = p.Target, p.M.Tx
	o := w.count(p.Seq, w.execMutant(e, p.Seq, p.M, in))
	w.pred.Observe(o.ranLast, &o.targetCost, &o.targetResid, o.costs)
	w.consider(p.Seq, &o)
	w.c.predictions.Add(1)
	w.pred.Settle(o.reached, o.newCov > 0)
	if o.reached {
		w.c.predictionHits.Add(1)
		w.pred.EndChain()
		return nil
	}
	return w.pred.Next(p)
}

// count counts one execution of seq, and notes when a target was first
// reached.
func (w *worker) count(seq txseq.Sequence, o outcome) outcome {
	w.flushTxs()
	if o.newCov > 0 {
		w.pred.Covered()
	}
	w.share.executed()
	n := w.executed()
	if o.newCov > 0 {
		w.progressed(n)
	}
	if len(w.c.targetPCs) > 0 && w.c.targetExecs.Load() == 0 && w.reachedTarget() {
		if w.c.targetExecs.CompareAndSwap(0, n) {
			w.c.targetTimeNs.Store(int64(time.Since(w.c.start)))
		}
	}
	return o
}

// flushTxs adds the transactions run since the last flush to the
// campaign's count.
func (w *worker) flushTxs() {
	if w.m.Txs > 0 {
		w.c.txs.Add(w.m.Txs)
		w.m.Txs = 0
	}
	if w.m.Reruns > 0 {
		w.c.oracleTxs.Add(w.m.Reruns)
		w.m.Reruns = 0
	}
}

// reachedTarget reports whether any target PC has run in this worker.
func (w *worker) reachedTarget() bool {
	for ci, pcs := range w.c.targetPCs {
		for _, pc := range pcs {
			if pc < uint64(len(w.m.Tracer.Instr[ci])) && w.m.Tracer.Instr[ci][pc] {
				return true
			}
		}
	}
	return false
}

// lookahead runs the analysis on the path of the last transaction (Alg. 1
// line 11, Alg. 2). Without targets, or for a contract without targets,
// the identifier is the path's.
func (w *worker) lookahead(seq txseq.Sequence, pathID uint64, path []uint64) *lookInfo {
	last := seq[len(seq)-1]
	a := w.c.analyzers[last.Contract]
	if a == nil || len(path) == 0 {
		return &lookInfo{lid: pathID}
	}
	start := time.Now()
	r := a.Analyze(path)
	w.c.analysisNs.Add(int64(time.Since(start)))
	splits := make([]uint64, len(r.SplitPoints))
	for i, p := range r.SplitPoints {
		splits[i] = uint64(last.Contract)<<32 | p
	}
	return &lookInfo{lid: r.LID, proved: r.Proved, splits: splits}
}

// consider adds an input to the corpus if it took a new path or covered
// something new, and reports its finding if it is new.
func (w *worker) consider(seq txseq.Sequence, o *outcome) {
	if len(seq) == 0 {
		return
	}
	c := w.c
	if o.fail != nil {
		w.report(seq[:o.failTx+1], o.fail, o.masked)
		if o.also != nil {
			w.report(seq[:o.failTx+1], o.also, o.masked)
		}
		return
	}
	w.unjudged(seq, o)
	seq = w.compacted(seq, o) // before the corpus, where descendants re-run it
	last := seq[len(seq)-1]
	ob := observation{
		seq: seq, pathID: o.pathID, seqPathID: o.seqPathID, state: o.state, newCov: o.newCov > 0, wrote: o.lastWrote,
		seen: w.seen, costs: o.costs, loads: o.loads, marks: o.marks, analysed: len(c.targetPCs) > 0 || readsRarity(c.cfg.Schedule), execs: w.view(), imported: w.xs.importing,
		// HARVEY §5's regular mode: for a function that needs longer
		// sequences, a sequence whose transactions together took a new
		// path is a prefix worth keeping, though its last transaction's
		// path is old.
		growable: len(seq) > 1 && !c.cfg.NoDemandDriven && w.grows(callTarget{last.Contract, last.Method}),
	}
	interesting, added, needsAnalysis := w.corpus.record(&ob)
	if needsAnalysis {
		// A path seen for the first time: analyse it outside the lock.
		ob.look = w.lookahead(seq, o.pathID, o.path)
		interesting, added, _ = w.corpus.record(&ob)
	}
	if ob.closer {
		w.progressed(ob.execs)
	}
	if added && c.cfg.OnInput != nil && !w.xs.importing {
		c.cfg.OnInput(seq)
	}
	if added {
		w.admitted(seq)
		w.o.Added(seq)
		w.wr.note(seq, o.lastSlots, o.loads)
	}
	if interesting {
		// Values the new path compared against are likely to open the
		// next branch: keep them (only from interesting inputs, so random
		// arguments do not flood the dictionary).
		for _, op := range o.operands {
			w.env.Dict.AddWithNeighbours(op)
		}
	}
}

// report shrinks and records a finding unless one with its key exists.
// A masked finding (outcome.masked) is recorded only if the shrunk
// sequence finds it, and nothing before it, as its replay will: at most
// maskedTries times per key, each at the cost of a shrink.
func (w *worker) report(seq txseq.Sequence, f *Finding, masked bool) {
	c := w.c
	key := f.Key()
	if !w.claim(key, masked) {
		return
	}
	f.Execs = w.view()
	w.progressed(f.Execs)
	f.Time = time.Since(c.start)
	f.Worker = w.id
	in := w.fresh()
	in.probeTx, in.shrinking = probeAny, &key
	f.Seq, f.Unreduced = w.shrink(seq.Clone(), in, c.cfg.ShrinkLimit)
	f.Flow = nil                                       // the ether flow is the shrunk run's, below
	w.reuse.prefix.entry, w.reuse.end.entry = nil, nil // shrinking moved the chain
	if f.Detail != "" || masked {
		// The detail names the transaction: take it from the shrunk run.
		o := w.exec(f.Seq, in)
		found := o.fail != nil && o.fail.Key() == key
		if masked && (!found || o.failTx != len(f.Seq)-1) {
			w.unclaim(key)
			return
		}
		if found && f.Detail != "" {
			f.Detail, f.Flow, f.Facts = o.fail.Detail, o.fail.Flow, o.fail.Facts
		}
	}
	w.found(f)
}

// maskedTries bounds the shrinks of a finding seen only behind a known
// one (outcome.masked) that left it behind that one still.
const maskedTries = 4
