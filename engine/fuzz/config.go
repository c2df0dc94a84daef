package fuzz

import (
	"time"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/solve"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// Settings are the campaign knobs that mean the same to every layer; the
// engine's Options embed them, so a new knob is declared once, here (the
// command line's flags and the language server's settings fill it in).
type Settings struct {
	Seed      uint64
	Execs     uint64        // budget in sequence executions; 0 = no limit
	Duration  time.Duration // wall-clock budget; 0 = no limit
	Workers   int           // default 1
	MaxSeqLen int           // default DefaultMaxSeqLen
	// Contracts restricts the targets by name; empty means every target.
	Contracts []string
	// Focus names functions ("Contract.name" or "name") the campaign is
	// about, e.g. those whose code changed: seeds call them first and most
	// last transactions call them. Other functions still run, to set up
	// state.
	Focus []string
	// SetUp names a Foundry test contract whose setUp() builds the system
	// to fuzz (setup.go): its StdInvariant targets are fuzzed and its
	// invariant functions checked; Contracts is then ignored. Empty: the
	// program's contracts are deployed as they are.
	SetUp string
	// SetUps, when set, keeps each set-up's outcome for later campaigns
	// on the same bytecode, which resume from it instead of running
	// setUp() again (setupcache.go): the editor's server keeps one.
	SetUps *SetUpCache
	// NoPrediction turns HARVEY's input prediction off (and with it the
	// storage-write probe, which only prediction can hit).
	NoPrediction bool
	// NoLookahead makes the analysis answer "reachable" everywhere, so
	// lookahead identifiers degenerate to whole paths (configurations A and
	// C of the paper). Use Schedule to pick AFLFast or Lookahead.
	NoLookahead bool
	// NoDemandDriven turns demand-driven sequence fuzzing (HARVEY §5) off:
	// sequences grow eagerly for every function, and path identifiers span
	// every transaction instead of only the last.
	NoDemandDriven bool
}

// DefaultMaxSeqLen caps sequence length by default. It is a bound, not a
// shape: fresh random sequences stay short (randomSeqLen), and sequences
// grow past that only where each step reached a state that opened new
// coverage (extend.go), one executed transaction per step.
const DefaultMaxSeqLen = 64

// Config controls a campaign: the shared Settings plus what only the
// fuzzer's callers provide in its own terms. The zero value runs until the
// context ends, with one worker and seed 0.
type Config struct {
	Settings
	Schedule    Schedule // default AFLFast{}
	ShrinkLimit int      // executions per finding; default 2000
	CorpusLimit int
	// Oracles switches finding kinds on (true) or off (false); kinds not
	// listed follow finding.OnByDefault.
	Oracles map[finding.Kind]bool
	// PredictIterations bounds the secant steps per prediction; default 4.
	PredictIterations int
	// NoJointPrediction keeps input prediction to HARVEY's single-argument
	// secant (joint.go's joint solve off), to measure what it adds.
	NoJointPrediction bool
	// DelayPrediction solves time guards for the delay before a call
	// (engine/solve delay.go). Off by default: with it the fuzzer reaches
	// an owner's salary paid by the day that the SWC-116 oracle misjudges
	// (swc105_neg_owner_credit_debit; docs/scaling.md, session 47).
	DelayPrediction bool
	// NoCompaction admits inputs that covered new code as they ran, inert
	// transactions included (compact.go's compaction off), to measure
	// what it adds.
	NoCompaction bool
	// Targets are program locations to reach, as runtime PCs per contract
	// index (lookahead paper). With targets, each new corpus entry gets a
	// lookahead identifier and split points, and Result reports when a
	// target was first reached.
	Targets map[int][]uint64
	Chain   chain.Config
	// Swaps replace creation code wherever the set-up, or a transaction,
	// creates a contract (cheatcode.Swap): a test compiled with an older
	// version of the code under test deploys the new one.
	Swaps []cheatcode.Swap
	// Deployment replays a recorded deployment (its Args, Values, Order,
	// Token and, with an Order, Addrs and Errors); without one the
	// constructors' inputs are searched (ctorsearch.go).
	Deployment *deploy.Deployment
	// Seeds are sequences run before mutation starts, e.g. a corpus saved
	// by an earlier campaign; those that cover something new join the
	// corpus. Indices out of range are dropped, senders wrap.
	Seeds []txseq.Sequence
	// AddrSeeds are seeds named by addresses (forge's corpus and
	// failures), mapped onto the system once deployed (addrseed.go) and
	// run after Seeds; Result.AddrSeeds counts those that fit.
	AddrSeeds [][]AddrCall
	// SeedsOnly stops the campaign once the seeds have run (corpus
	// minimisation measures what they cover).
	SeedsOnly bool
	// Import, if set, is polled between corpus entries for sequences found
	// elsewhere (another process sharing a corpus directory); each runs
	// once, like a seed.
	Import func() (txseq.Sequence, bool)
	// OnInput is called with each sequence admitted to the corpus, from the
	// worker that ran it; seq must not be modified.
	OnInput func(seq txseq.Sequence)

	// OnWorkerSetUp is called before each worker deploys the program on
	// its own chain (the set-up phase whose length grows with workers
	// times contracts), with the worker's index and their number.
	OnWorkerSetUp func(worker, workers int)
	// OnSetup is called once the contracts are deployed, before fuzzing.
	OnSetup func(*deploy.Deployment)

	// OnFinding is called once per new finding, after shrinking: with one
	// worker from that worker, with several when the round that holds it
	// is complete (exchange.go), so in an order thread timing does not
	// decide.
	OnFinding func(*Finding)
	// OnProgress is called about twice a second.
	OnProgress func(Progress)
}

// Progress is a snapshot of a running campaign.
type Progress struct {
	Execs    uint64
	Txs      uint64 // transactions actually run (see Counts.Txs)
	Corpus   int
	Findings int
	Edges    int // (edge, hit class) pairs covered by any worker
	Elapsed  time.Duration
}

// Counts are a finished campaign's numbers; the engine's Report embeds
// them as they are.
type Counts struct {
	Execs       uint64 `json:"execs"` // sequence executions, without shrinking
	ShrinkExecs uint64 `json:"shrinkExecs"`
	// Txs counts the transactions actually run, shrinking included: a
	// prefix reused from the cache of states is not run, so not counted.
	// TxRate is Txs per second of Elapsed.
	Txs    uint64  `json:"txs"`
	TxRate float64 `json:"txsPerSec"`
	// OracleTxs counts the transactions of Txs that oracles ran again to
	// judge a sequence (SWC-104, SWC-114, SWC-128: engine/oracle).
	OracleTxs uint64        `json:"oracleTxs"`
	Corpus    int           `json:"corpus"`
	Elapsed   time.Duration `json:"elapsedNs"`
	// Timeouts counts transactions cancelled by the per-transaction
	// wall-clock guard (they end as failed transactions).
	Timeouts uint64 `json:"timeouts"`
	// Compacted counts inputs that entered the corpus without their inert
	// transactions (reverted, or changing nothing).
	Compacted uint64 `json:"compacted"`
	// Predictions counts predicted inputs run; PredictionHits those that
	// reached the branch or storage slot they aimed at.
	Predictions    uint64 `json:"predictions"`
	PredictionHits uint64 `json:"predictionHits"`
	// AggressiveRuns counts runs on directly fuzzed state (HARVEY §5);
	// AggressiveHits those that covered something new.
	AggressiveRuns uint64 `json:"aggressiveRuns"`
	// TargetExecs and TargetTime say when a target was first reached
	// (zero if never); AnalysisTime is the time spent in the lookahead
	// analysis.
	TargetExecs    uint64        `json:"targetExecs,omitempty"`
	TargetTime     time.Duration `json:"targetTimeNs,omitempty"`
	AnalysisTime   time.Duration `json:"analysisTimeNs,omitempty"`
	AggressiveHits uint64        `json:"aggressiveHits"`
	// DeployExecs counts the constructor runs the deployment search spent
	// beyond each contract's first; they are part of Execs.
	DeployExecs uint64 `json:"deployExecs,omitempty"`
	// Refocuses counts the plateaus after which a worker turned to the
	// inputs nearest to branches none took (plateau.go).
	Refocuses uint64 `json:"refocuses,omitempty"`
	// ExchangeWait is the time workers spent waiting for each other's
	// rounds (exchange.go), summed over the workers.
	ExchangeWait time.Duration `json:"exchangeWaitNs,omitempty"`
}

// Result is the outcome of a campaign.
type Result struct {
	Findings []*Finding // in the order found
	Counts
	// Coverage[c][pc] tells whether instruction pc of contract c ran.
	Coverage [][]bool
	// Creation[c][pc] tells whether instruction pc of contract c's
	// creation code ran when the campaign deployed it (creation.go); nil
	// for a contract it did not deploy.
	Creation [][]bool
	// Branches[c] are contract c's conditional jumps with how often the
	// campaign's transactions took each way (branchhits.go).
	Branches [][]Branch
	// Dests[c] are contract c's JUMPDESTs that start user code, with how
	// often the campaign's transactions ran each (branchhits.go).
	Dests      [][]Dest
	Deployment *deploy.Deployment
	// Inputs are the corpus entries' sequences, in the order admitted.
	Inputs []txseq.Sequence
	// AddrSeeds counts the Config.AddrSeeds run and those skipped.
	AddrSeeds AddrSeedCounts
	// Contracts and Functions count what the campaign sent transactions to.
	Contracts, Functions int
	// Funcs are the functions sent a transaction, in program order.
	Funcs []FuncStat
	// PredictionTargets are the targets input prediction aimed at, summed
	// over the workers, most predicted runs first (yield.go).
	PredictionTargets []solve.TargetYield
	// Unmet are the branches of user code inputs reached and none passed.
	Unmet []Unmet
}
