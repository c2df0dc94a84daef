package fuzz

import (
	"context"
	"errors"
	"fmt"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/oracle"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/lookahead"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

type campaign struct {
	cfg       Config
	prog      *program.Program
	codes     []*trace.Code
	calls     []callTarget
	callIndex map[callTarget]int
	// local holds the call targets of each target contract (nil for the
	// others), so sequences can stay within one contract; targets lists the
	// contracts that have some.
	local [][]callTarget
	// callsOut marks the contracts whose runtime code can call, pay or
	// create another account: only transactions to those are sent through
	// the attackers, whose forwarding makes a transaction dearer and which
	// matter only when the target calls back.
	callsOut []bool
	// balanceRead is set when some contract's runtime code reads a
	// balance (BALANCE, SELFBALANCE), or the chain is a fork: compaction's
	// ledger counts ether only then (compact.go).
	balanceRead bool
	targets     []int
	demands     []demand     // per call target
	focus       []callTarget // subset of calls the campaign is about
	checked     []int        // contracts with property or invariant functions
	plan        *setUpPlan   // a Foundry set-up's targets (setup.go); nil for a plain deployment
	// deployPlan is a plain deployment's constructor inputs (deploy.go);
	// undeployed marks the targets it could not deploy, which get no
	// transactions while another target did deploy.
	deployPlan *deploy.Deployment
	undeployed []bool
	creation   creationCoverage // the constructors' coverage (creation.go)
	constants  []uint256.Int
	blobs      [][]byte // the sources' string literals (earlier.go)
	// outs and events are the word layouts of methods' returns and of
	// events (earlier.go).
	outs     [][]wordLayout
	events   map[common.Hash]eventLayout
	literals []uint256.Int // the source's literals alone, sorted: what a shrunk value may become (shrinkcouple.go)
	// values are each contract's source literals that fit msg.value (100
	// finney): a contract compares msg.value with its own, and in a
	// campaign over several the others' would dilute them.
	values [][]uint256.Int
	corpus *Corpus
	start  time.Time
	// ctx ends set-up early (interrupt.go): Run's context, nil for a
	// replay. The workers' loops take theirs as an argument.
	ctx   context.Context
	probe uint256.Int // the arbitrary slot of the storage-write metric

	predictions, predictionHits    atomic.Uint64
	aggressiveRuns, aggressiveHits atomic.Uint64

	analyzers    []*lookahead.Analyzer // per contract; nil without targets
	targetPCs    map[int][]uint64
	analysisNs   atomic.Int64
	targetExecs  atomic.Uint64 // executions when a target was first reached; 0 = not yet
	targetTimeNs atomic.Int64

	execs       atomic.Uint64
	txs         atomic.Uint64 // transactions run (runTx), shrinking included
	oracleTxs   atomic.Uint64 // of those, the oracles' re-runs (oracle.Machine.Rerun)
	shrinkExecs atomic.Uint64
	timeouts    atomic.Uint64
	compacted   atomic.Uint64 // corpus inputs that lost inert transactions (compact.go)
	refocuses   atomic.Uint64 // plateaus that refocused a worker
	addrSeeds   addrCounts    // Config.AddrSeeds run and skipped (addrseed.go)

	receipts *oracle.Receipts // first payments, for freezing ether

	// ex is where several workers exchange what they found (exchange.go);
	// workers are the campaign's, once made.
	ex      *exchange
	workers []*worker

	mu       sync.Mutex
	findings []*Finding
	keys     map[Key]bool
	masked   map[Key]int // masked findings' shrinks (worker.report)
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
		cfg.MaxSeqLen = DefaultMaxSeqLen
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
	if cfg.Duration > 0 {
		// The budget covers set-up (deployment, preparation) too.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Duration)
		defer cancel()
	}
	c := &campaign{cfg: cfg, prog: p, corpus: NewCorpus(cfg.CorpusLimit), keys: map[Key]bool{}, masked: map[Key]int{}, start: time.Now(), ctx: ctx}
	c.probe = probeFor(cfg.Seed)
	if err := c.setup(); err != nil {
		return c.setupFailed(err)
	}
	if testHookCampaign != nil {
		testHookCampaign(c)
	}
	workers, err := c.newWorkers(ctx)
	if err != nil {
		return nil, err
	}
	if cfg.OnSetup != nil {
		cfg.OnSetup(workers[0].m.Dep)
	}
	c.workers = workers
	errs := c.runWorkers(ctx, workers)
	inputs, corpus := c.corpus.Sequences(), c.corpus.Len()
	var waited time.Duration
	if c.ex != nil {
		inputs, corpus, waited = c.endExchange(workers)
	}
	res := &Result{
		Findings:   c.findings,
		Deployment: workers[0].m.Dep,
		Inputs:     inputs,
		AddrSeeds:  c.addrSeeds.result(),
		Counts: Counts{
			Execs:          c.execs.Load(),
			Txs:            c.txs.Load(),
			OracleTxs:      c.oracleTxs.Load(),
			ShrinkExecs:    c.shrinkExecs.Load(),
			Corpus:         corpus,
			Elapsed:        time.Since(c.start),
			Timeouts:       c.timeouts.Load(),
			Compacted:      c.compacted.Load(),
			Predictions:    c.predictions.Load(),
			PredictionHits: c.predictionHits.Load(),
			TargetExecs:    c.targetExecs.Load(),
			TargetTime:     time.Duration(c.targetTimeNs.Load()),
			AnalysisTime:   time.Duration(c.analysisNs.Load()),
			AggressiveRuns: c.aggressiveRuns.Load(),
			AggressiveHits: c.aggressiveHits.Load(),
			Refocuses:      c.refocuses.Load(),
			ExchangeWait:   waited,
		},
	}
	if c.deployPlan != nil {
		res.DeployExecs = c.deployPlan.Execs
	}
	if s := res.Elapsed.Seconds(); s > 0 {
		res.TxRate = float64(res.Txs) / s
	}
	res.Contracts, res.Functions = c.fuzzedCounts()
	res.Funcs, res.PredictionTargets = funcStatsOf(c.prog, workers), predictionTargets(workers)
	res.Coverage, res.Branches, res.Unmet, res.Creation = mergeCoverage(workers), mergeBranches(workers), c.unmet(workers), c.creation.get()
	res.Dests = mergeDests(workers)
	var frozen []*Finding
	if c.enabled(finding.FreezingEther) {
		frozen = c.frozen(workers, res.Coverage)
	}
	for _, f := range frozen {
		f.Execs, f.Time = res.Execs, res.Elapsed
		res.Findings = append(res.Findings, f)
		if cfg.OnFinding != nil {
			cfg.OnFinding(f)
		}
	}
	return res, errs
}

// runWorkers runs the workers' loops until they stop, and returns their
// errors.
func (c *campaign) runWorkers(ctx context.Context, workers []*worker) error {
	stopExchange := c.startExchange(ctx, workers)
	defer stopExchange()
	stopProgress := c.reportProgress(workers)
	defer stopProgress()
	var wg sync.WaitGroup
	errs := make([]error, len(workers))
	for i, w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if c.ex != nil {
				defer c.ex.end(i)
			}
			errs[i] = w.run(ctx)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// newWorkers sets up the campaign's workers, each deploying the program
// on its own chain: with many contracts the longest part of set-up, so
// ctx is checked before each (and, within one, at every contract).
func (c *campaign) newWorkers(ctx context.Context) ([]*worker, error) {
	workers := make([]*worker, c.cfg.Workers)
	for i := range workers {
		if c.cfg.OnWorkerSetUp != nil {
			c.cfg.OnWorkerSetUp(i, len(workers))
		}
		if err := deploy.SetupStep(ctx, "worker", i); err != nil {
			return nil, err
		}
		w, err := newWorker(c, i, nil)
		if err != nil {
			return nil, fmt.Errorf("worker %d: %w", i, err)
		}
		workers[i] = w
	}
	return workers, nil
}

// setupFailed is Run's outcome when setup failed with err: with
// ErrNothingDeployed, the deployment alone (nothing is sent to the empty
// addresses; the deployment says why each was not deployed).
func (c *campaign) setupFailed(err error) (*Result, error) {
	if !errors.Is(err, ErrNothingDeployed) {
		return nil, err
	}
	return &Result{Deployment: c.deployPlan,
		Counts: Counts{Execs: c.execs.Load(), Elapsed: time.Since(c.start), DeployExecs: c.deployPlan.Execs}}, err
}

func (c *campaign) setup() error {
	allowed := map[string]bool{}
	for _, n := range c.cfg.Contracts {
		allowed[n] = true
	}
	if c.cfg.SetUp != "" {
		// The set-up's targetContract choices decide (setup.go).
		clear(allowed)
	}
	c.receipts = oracle.NewReceipts(len(c.prog.Contracts))
	lits := newBuildLiterals()
	c.outs, c.events = earlierLayouts(c.prog)
	c.values = make([][]uint256.Int, len(c.prog.Contracts))
	if c.cfg.SetUp != "" {
		if err := c.planSetUp(); err != nil {
			return err
		}
	} else if err := c.markUndeployed(allowed); err != nil {
		return err
	}
	// A fork's code, which no scan here sees, may read the program's
	// balances.
	c.balanceRead = c.cfg.Chain.Fork != nil
	for i, ct := range c.prog.Contracts {
		if err := deploy.SetupStep(c.ctx, "prepare", i); err != nil {
			return err
		}
		c.codes = append(c.codes, oracle.TraceCode(ct))
		c.callsOut = append(c.callsOut, callsOut(ct.Artifact.Runtime.Bytes))
		c.balanceRead = c.balanceRead || readsBalance(ct.Artifact.Runtime.Bytes)
		if c.plan != nil && i == c.plan.test && len(c.plan.invariants) > 0 {
			c.checked = append(c.checked, i)
		}
		if !c.fuzzes(i) || (len(allowed) > 0 && !allowed[ct.Name]) {
			continue
		}
		for j, m := range ct.Methods {
			if !c.callable(i, &ct.Methods[j]) {
				continue
			}
			t := callTarget{Contract: i, Method: j}
			c.calls = append(c.calls, t)
			for _, f := range c.cfg.Focus {
				if f == m.RawName || f == ct.Name+"."+m.RawName {
					c.focus = append(c.focus, t)
				}
			}
		}
		if ct.Payable && (c.plan == nil || c.plan.plain[i]) {
			c.calls = append(c.calls, callTarget{Contract: i, Method: -1})
		}
		if c.plan == nil && len(ct.Checks) > 0 {
			c.checked = append(c.checked, i)
		}
		c.constants = append(c.constants, calldata.PushConstants(ct.Artifact.Runtime.Bytes)...)
		c.values[i] = lits.values(ct)
		if !lits.added[ct.Build] {
			lits.added[ct.Build] = true
			c.constants = append(c.constants, ct.Literals()...)
			c.addStrings(ct.StringLiterals()) // earlier.go
			c.literals = append(c.literals, ct.Literals()...)
		}
	}
	if len(c.calls) == 0 {
		if slices.Contains(c.undeployed, true) {
			return ErrNothingDeployed
		}
		return ErrNoTargets
	}
	c.callIndex = map[callTarget]int{}
	c.local = make([][]callTarget, len(c.prog.Contracts))
	for i, t := range c.calls {
		c.callIndex[t] = i
		if c.local[t.Contract] == nil {
			c.targets = append(c.targets, t.Contract)
		}
		c.local[t.Contract] = append(c.local[t.Contract], t)
	}
	c.demands = make([]demand, len(c.calls))
	if c.corpus != nil { // Replay's campaign has none
		c.corpus.user, c.corpus.getter = userEdges(c.prog), c.getter
	}
	c.analyzers = make([]*lookahead.Analyzer, len(c.prog.Contracts))
	c.targetPCs = map[int][]uint64{}
	for ci, pcs := range c.cfg.Targets {
		if ci < 0 || ci >= len(c.prog.Contracts) || len(pcs) == 0 {
			continue
		}
		if err := deploy.SetupStep(c.ctx, "lookahead", ci); err != nil {
			return err
		}
		a := lookahead.New(c.prog.Contracts[ci].Artifact.Runtime.Bytes, pcs)
		a.Off = c.cfg.NoLookahead
		c.analyzers[ci] = a
		c.targetPCs[ci] = pcs
	}
	sort.Slice(c.constants, func(i, j int) bool { return c.constants[i].Lt(&c.constants[j]) })
	sort.Slice(c.literals, func(i, j int) bool { return c.literals[i].Lt(&c.literals[j]) })
	return nil
}

// testHookCampaign lets tests inspect a campaign's internal state;
// testHookPath sees the top-level path of every sequence's last transaction
// when there are targets; testHookLive runs whenever a worker asks whether
// the campaign goes on.
var (
	testHookCampaign func(*campaign)
	testHookPath     func(contract int, path []uint64)
	testHookLive     func(*worker)
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
func (c *campaign) enabled(k finding.Kind) bool {
	if on, ok := c.cfg.Oracles[k]; ok {
		return on
	}
	return finding.OnByDefault(k)
}

// spent reports whether the execution budget is used up.
func (c *campaign) spent() bool {
	return c.cfg.Execs > 0 && c.execs.Load() >= c.cfg.Execs
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

// buildLiterals hands out a build's source literals once per build: every
// contract of a build has the same ones (program.Contract.Literals), so
// copying them per contract made a file of N contracts cost N² words.
type buildLiterals struct {
	added map[*solc.Build]bool          // literals already in the constants
	vals  map[*solc.Build][]uint256.Int // the literals that fit msg.value
}

func newBuildLiterals() buildLiterals {
	return buildLiterals{added: map[*solc.Build]bool{}, vals: map[*solc.Build][]uint256.Int{}}
}

// values returns the literals of ct's build that fit msg.value, shared by
// the build's contracts.
func (l buildLiterals) values(ct *program.Contract) []uint256.Int {
	if vs, ok := l.vals[ct.Build]; ok {
		return vs
	}
	var vs []uint256.Int
	for _, v := range ct.Literals() {
		if !v.IsZero() && v.Cmp(maxValue) <= 0 {
			vs = append(vs, v)
		}
	}
	l.vals[ct.Build] = vs
	return vs
}

// mergeCoverage returns the instruction coverage of all workers, per
// contract and PC.
func mergeCoverage(workers []*worker) [][]bool {
	cov := make([][]bool, len(workers[0].m.Tracer.Instr))
	for ci := range cov {
		cov[ci] = make([]bool, len(workers[0].m.Tracer.Instr[ci]))
		for _, w := range workers {
			for pc, hit := range w.m.Tracer.Instr[ci] {
				cov[ci][pc] = cov[ci][pc] || hit
			}
		}
	}
	return cov
}
