package engine

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/foresight-sol/foresight/solc"
)

// Options configure a campaign: the knobs shared with the fuzzer
// (fuzz.Settings: seed, budgets, workers, focus, the No* switches) plus
// what the engine takes in its own terms. Zero values mean defaults.
type Options struct {
	Settings
	Oracles map[string]bool // finding kinds switched on or off
	// Targets are source lines to reach (lookahead targeting). Schedule is
	// "aflfast" or "lookahead" (the default when there are targets);
	// Settings.NoLookahead turns the analysis off, leaving whole paths as
	// LIDs.
	Targets  []Target
	Schedule string
	// SkipEmptyTargets drops targets no runtime code comes from (comment
	// lines, declarations) instead of failing.
	SkipEmptyTargets bool
	// Seeds are inputs saved from earlier campaigns (Report.Inputs), run
	// first; those naming functions that no longer exist are dropped.
	Seeds []corpus.Input
	// ForgeSeeds are forge's corpus entries and persisted invariant
	// failures by test contract (corpus.LoadForge): a campaign from a
	// test contract's set-up runs that one's after Seeds, mapped onto
	// what its setUp() deployed (forgeseeds.go).
	ForgeSeeds map[string][]corpus.ForgeSequence
	// Imports delivers inputs found elsewhere while the campaign runs
	// (another process sharing a corpus directory): the workers take one
	// between corpus entries and run it like a seed.
	Imports <-chan corpus.Input
	// OnInput is called with each input admitted to the corpus, from the
	// worker that ran it, e.g. to write it to a shared corpus directory.
	OnInput func(corpus.Input)
	// OnWorkerSetUp is called before each worker deploys the contracts
	// (fuzz.Config.OnWorkerSetUp).
	OnWorkerSetUp func(worker, workers int)
	// OnSetup is called once the contracts are deployed, before fuzzing,
	// with what Replay needs to re-execute findings of this campaign.
	OnSetup func(report.Setup)
	// OnFinding streams findings as they are found (after shrinking).
	OnFinding func(report.Finding)
	// OnProgress is called about twice a second.
	OnProgress  func(Progress)
	Fork        *fork.Source        // a live chain to run on (fork.go); the caller closes it
	ForkTargets []report.ForkTarget // contracts deployed there, fuzzed too
	// SetUpForks opens the forks a Foundry set-up selects (forksetup.go);
	// nil: a set-up that forks fails.
	SetUpForks *SetUpForks
	// Swaps replace creation code wherever a contract is created
	// (cheatcode.Swap): a suite compiled with an older version of the
	// code under test fuzzes the new one (plan.Carry).
	Swaps []Swap
}

// Swap replaces one contract's creation code with another's (one
// definition, in engine/cheatcode).
type Swap = cheatcode.Swap

// Settings are the knobs a campaign shares with the fuzzer (one
// definition, in engine/fuzz).
type Settings = fuzz.Settings

// Progress reports a running campaign.
type Progress = fuzz.Progress

// DefaultMaxSeqLen is the sequence length cap when Settings.MaxSeqLen is 0.
const DefaultMaxSeqLen = fuzz.DefaultMaxSeqLen

// Report is the outcome of a campaign: the fuzzer's counts as they are,
// and its findings, setup, coverage and corpus rendered as plain data.
type Report struct {
	Findings []report.Finding `json:"findings"`
	fuzz.Counts
	Setup report.Setup `json:"setup"`
	// Coverage lists, per source file, the one-based lines whose code ran
	// and the lines with code that did not.
	Coverage map[string]*FileCoverage `json:"-"`
	// Guards are the conditions inputs reached and none passed (guards.go).
	Guards []Guard `json:"-"`
	// Inputs is the final corpus, to seed a later campaign (corpus.Dir.Add).
	Inputs []corpus.Input `json:"-"`
	// SeedsUsed counts the Options.Seeds that still fit the program.
	SeedsUsed int `json:"seedsUsed,omitempty"`
	// ForgeSeedsUsed counts the Options.ForgeSeeds of the campaign's
	// set-up that fit it and ran; ForgeSeeds has why the others did not.
	ForgeSeedsUsed int             `json:"forgeSeedsUsed,omitempty"`
	ForgeSeeds     ForgeSeedCounts `json:"-"`
	// Contracts and Functions count what the campaign sent transactions
	// to, so that "no findings" is never said of code that was not fuzzed.
	Contracts int `json:"contracts"`
	Functions int `json:"functions"`
	// FunctionStats say, per function sent a transaction, how many
	// completed and reverted and why it reverted most often.
	FunctionStats []report.FunctionStat `json:"functionStats,omitempty"`
	// PredictionYield lists the targets input prediction ran the most
	// inputs at, with how many reached them: a stall shows as many made
	// and few reached.
	PredictionYield []report.PredictionYield `json:"predictionYield,omitempty"`
	// Scope holds the totals they are out of and the source-line coverage.
	Scope
	// Note says why the campaign ended before fuzzing anything, e.g. its
	// time budget ran out during deployment; "" otherwise.
	Note string `json:"note,omitempty"`
	// StaleSeeds are the indices of Options.Seeds that name a contract of
	// the program but a function that no longer exists or whose parameters
	// changed: worth deleting from a saved corpus.
	StaleSeeds []int `json:"-"`
	// SetUp is the Foundry test contract whose setUp() deployed the
	// system ("" for a plain deployment).
	SetUp string `json:"setUp,omitempty"`
	// Skipped are the contracts of the requested files that were not
	// fuzzed, with the reason: nothing is skipped silently.
	Skipped []Skipped `json:"skipped,omitempty"`
}

// Skipped is a contract a campaign did not fuzz, and why.
type Skipped struct {
	Contract string `json:"contract"`
	Unit     string `json:"unit,omitempty"`
	Reason   string `json:"reason"`
	// Kind is the reason as a value, for front ends to sort skips by;
	// Reason is its wording, which names contracts.
	Kind report.SkipReason `json:"-"`
	// Cause is the failure Reason words, on its own (a failed set-up's
	// error); "" when Reason is all there is to say.
	Cause string `json:"-"`
}

// FileCoverage is line coverage of one file (linehits.go: what the
// counts count).
type FileCoverage struct {
	Covered, Missed map[int]bool
	// Hits counts, per line that ran, the runs of its first instruction
	// (linehits.go); absent when the engine has no count for it.
	Hits map[int]uint64
	// Branches are the conditional jumps of the file's functions and
	// modifiers by line (not the dispatcher's).
	Branches []BranchCoverage
	// NotInFunction are the lines whose code is all outside functions and
	// modifiers: the compiler's dispatcher on the `contract X {` line, a
	// public variable's getter, an initializer. Covered and Missed count
	// them; the LCOV leaves them out, as forge coverage does.
	NotInFunction map[int]bool
}

// ErrNoTargets is returned by Fuzz when the builds have no contract with a
// function to call: nothing to fuzz, which is not a failure.
var ErrNoTargets = fuzz.ErrNoTargets

// Fuzz runs a campaign on the contracts of builds. When ctx ends early it
// still returns the report of what ran. On a fork (Options.Fork) whose
// node fails, the campaign ends and Fuzz returns the fork's error: what
// ran read state that was not there.
func Fuzz(ctx context.Context, builds []*solc.Build, opts Options) (*Report, error) {
	ctx, stop := forkContext(ctx, opts.Fork)
	defer stop()
	ctx, stopSetUp := opts.SetUpForks.watch(ctx)
	defer stopSetUp()
	if on, forks := opts.OnSetup, opts.SetUpForks; on != nil && forks != nil {
		opts.OnSetup = func(s report.Setup) {
			if s.Fork == nil {
				s.Fork = forks.Info()
			}
			on(s)
		}
	}
	rep, err := fuzzOn(ctx, builds, opts)
	if ferr := forkErr(opts.Fork); ferr != nil {
		return nil, ferr
	}
	if ferr := opts.SetUpForks.Err(); ferr != nil {
		return nil, ferr
	}
	if rep != nil && rep.Setup.Fork == nil {
		rep.Setup.Fork = opts.SetUpForks.Info()
	}
	return rep, err
}

// fuzzOn is Fuzz (fork.go) once the fork, if any, watches ctx.
func fuzzOn(ctx context.Context, builds []*solc.Build, opts Options) (*Report, error) {
	start := time.Now()
	if opts.Duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opts.Duration)
		defer cancel()
	}
	prog, err := replay.Program(builds)
	if err != nil {
		return nil, err
	}
	cfg := fuzz.Config{Settings: opts.Settings, Oracles: oracleSet(opts.Oracles), OnProgress: opts.OnProgress, Swaps: opts.Swaps, OnWorkerSetUp: opts.OnWorkerSetUp}
	cfg.Chain.EVMVersion = replay.ChainVersion(builds)
	replay.ChainLimits(builds, &cfg.Chain)
	if cfg.Chain.Fork, err = chainFork(prog, opts.Fork, opts.ForkTargets); err != nil {
		return nil, err
	}
	cfg.Chain.Forks = opts.SetUpForks.forker(builds)
	if len(opts.Targets) > 0 {
		if cfg.Targets, err = targetPCs(prog, opts.Targets, opts.SkipEmptyTargets); err != nil {
			return nil, err
		}
	}
	if cfg.Schedule, err = scheduleOf(opts.Schedule, len(cfg.Targets) > 0); err != nil {
		return nil, err
	}
	seedsUsed, stale := seedInputs(prog, opts.Seeds, &cfg)
	shareInputs(prog, &cfg, opts)
	var deployed *deploy.Deployment // for findings streamed before the report
	cfg.OnSetup = func(d *deploy.Deployment) {
		deployed = d
		if opts.OnSetup != nil {
			s := setupOf(prog, d, opts.Seed)
			s.SetUp, s.Fork = cfg.SetUp, forkInfo(opts.Fork, opts.ForkTargets)
			opts.OnSetup(s)
		}
	}
	if ctx.Err() != nil {
		return unfuzzed(prog, opts.Seed, start, nil, endNote(ctx, "before deployment", opts.Duration)), nil
	}
	skipped := chooseSetUp(prog, &cfg)
	cfg.AddrSeeds = forgeSeeds(opts.ForgeSeeds, cfg.SetUp)
	rend := &campaignRenderer{prog: prog, setUp: cfg.SetUp, seed: opts.Seed}
	if opts.OnFinding != nil {
		cfg.OnFinding = func(f *fuzz.Finding) { opts.OnFinding(rend.render(f, deployed)) }
	}
	res, err := fuzz.Run(ctx, prog, cfg)
	if errors.Is(err, cheatcode.ErrSetUp) {
		// The set-up failed: its invariants, which only hold after it, are
		// not judged. A set-up Foresight picked gives way to a plain
		// campaign of the other contracts; one the caller named does not.
		skipped = append(skippedSetUp(prog, cfg.SetUp, err), skipped...)
		if opts.SetUp == "" {
			cfg.SetUp, rend.setUp, cfg.AddrSeeds = "", "", nil
			res, err = fuzz.Run(ctx, prog, cfg)
		}
		if opts.SetUp != "" || errors.Is(err, fuzz.ErrNoTargets) {
			return unfuzzed(prog, opts.Seed, start, skipped, ""), nil
		}
	}
	if err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		// Set-up (deployment, preparing each contract) outlasted the
		// budget or was cancelled: nothing ran, and the report says so.
		return unfuzzed(prog, opts.Seed, start, skipped, endNote(ctx, "during set-up", opts.Duration)), nil
	}
	if err != nil {
		return nothingDeployed(prog, res, skipped, opts, start, err)
	}
	rep := &Report{Counts: res.Counts, SetUp: cfg.SetUp}
	rep.Skipped = skipped
	if cfg.SetUp == "" {
		rep.Skipped = append(rep.Skipped, notDeployed(prog, res.Deployment)...)
	}
	rep.Elapsed = time.Since(start)
	rep.Setup = setupOf(prog, res.Deployment, opts.Seed)
	rep.Setup.SetUp, rep.Setup.Fork = cfg.SetUp, forkInfo(opts.Fork, opts.ForkTargets)
	for _, f := range res.Findings {
		rep.Findings = append(rep.Findings, rend.render(f, res.Deployment))
	}
	report.MocksLast(rep.Findings)
	covered := coveredContracts(prog, res, cfg.SetUp != "")
	rep.Coverage = lineCoverage(prog, covered, res.Coverage, res.Creation)
	addLineHits(rep.Coverage, prog, covered, res.Branches, res.Dests)
	rep.SeedsUsed, rep.StaleSeeds, rep.ForgeSeeds, rep.ForgeSeedsUsed = seedsUsed, stale, res.AddrSeeds, res.AddrSeeds.Used
	rep.Scope, rep.Contracts, rep.Functions = scopeOf(prog, opts.Contracts, res.Deployment, res.Coverage, res.Funcs)
	if cfg.SetUp != "" {
		rep.Scope = setUpScope(prog, res)
		rep.Contracts, rep.Functions = res.Contracts, completedFunctions(res.Funcs, -1)
	}
	rep.FunctionStats = functionStats(prog, res.Funcs)
	rep.Guards, rep.PredictionYield = guardsOf(prog, res.Unmet), predictionYield(prog, res.PredictionTargets)
	if res.Execs == 0 && ctx.Err() != nil {
		rep.Note = endNote(ctx, "during deployment", opts.Duration)
		rep.Contracts, rep.Functions = 0, 0 // none was sent a transaction
	}
	for _, seq := range res.Inputs {
		rep.Inputs = append(rep.Inputs, corpus.InputOf(prog, seq))
	}
	return rep, nil
}

// seedInputs adds the inputs of opts.Seeds that fit the program to the
// campaign's seeds; it counts them and lists the indices of those whose
// contracts exist but whose calls no longer fit (stale).
func seedInputs(prog *program.Program, seeds []corpus.Input, cfg *fuzz.Config) (used int, stale []int) {
	for i, in := range seeds {
		if seq, ok := corpus.SequenceOf(prog, in); ok {
			cfg.Seeds = append(cfg.Seeds, seq)
			used++
		} else if corpus.KnownContracts(prog, in) {
			stale = append(stale, i)
		}
	}
	return used, stale
}

// scheduleOf returns the named schedule; "" is the fuzzer's default, or
// lookahead when there are targets.
func scheduleOf(name string, targeted bool) (fuzz.Schedule, error) {
	switch name {
	case "aflfast":
		return fuzz.AFLFast{}, nil
	case "lookahead":
		return fuzz.Lookahead{}, nil
	case "":
		if targeted {
			return fuzz.Lookahead{}, nil
		}
		return nil, nil
	}
	return nil, fmt.Errorf("unknown schedule %q (want aflfast or lookahead)", name)
}

// nothingDeployed is the report of a campaign that ended with err
// because none of its targets deployed (fuzz.ErrNothingDeployed):
// nothing was sent, and each is skipped with its deployment's error.
// Any other err is returned as it is.
func nothingDeployed(prog *program.Program, res *fuzz.Result, skipped []Skipped, opts Options, start time.Time, err error) (*Report, error) {
	if !errors.Is(err, fuzz.ErrNothingDeployed) || res == nil {
		return nil, err
	}
	rep := unfuzzed(prog, opts.Seed, start, append(skipped, notDeployed(prog, res.Deployment)...), "")
	rep.Execs, rep.DeployExecs = res.Execs, res.DeployExecs
	rep.Setup = setupOf(prog, res.Deployment, opts.Seed)
	rep.Setup.Fork = forkInfo(opts.Fork, opts.ForkTargets)
	return rep, nil
}

// unfuzzed is the report of a campaign that ran nothing, with why.
func unfuzzed(prog *program.Program, seed uint64, start time.Time, skipped []Skipped, note string) *Report {
	return &Report{Counts: fuzz.Counts{Elapsed: time.Since(start)}, Setup: setupOf(prog, nil, seed), Skipped: skipped, Note: note}
}

func oracleSet(m map[string]bool) map[finding.Kind]bool {
	out := map[finding.Kind]bool{}
	for k, v := range m {
		if k == "panics" {
			for _, p := range finding.AllPanics {
				out[p] = v
			}
			continue
		}
		out[finding.Kind(k)] = v
	}
	return out
}

func setupOf(p *program.Program, d *deploy.Deployment, seed uint64) report.Setup {
	s := report.Setup{Seed: seed}
	order := map[int]int{}
	if d != nil {
		for k, i := range d.Order {
			order[i] = k + 1
		}
		if d.Token != (common.Address{}) {
			s.Token = d.Token.Hex()
		}
	}
	for i, c := range p.Contracts {
		dc := report.Deployed{Name: c.Name, Unit: c.Artifact.Unit, Order: order[i]}
		dc.Compiler = replay.CompilerOf(c)
		if d != nil {
			if d.Errors[i] != nil {
				dc.Error, dc.Skip = d.Errors[i].Error(), skipOf(d.Errors[i])
			} else {
				dc.Address = d.Addrs[i].Hex()
				dc.CtorArgs = hex.EncodeToString(d.Args[i])
				if i < len(d.Grants) {
					dc.Grants = grantsOf(d.Grants[i])
				}
				if i < len(d.Values) && d.Values[i] != nil {
					dc.CtorValue = d.Values[i].Dec()
				}
			}
		}
		s.Contracts = append(s.Contracts, dc)
	}
	return s
}

// plainFinding turns a fuzzer finding into plain data: its calls, its
// short message (render.Message) and the oracle's evidence with the
// principals' addresses replaced by their names (render.NameAddresses).
func plainFinding(p *program.Program, f *fuzz.Finding, seed uint64, d *deploy.Deployment) report.Finding {
	info := finding.Describe(f.Kind)
	c := p.Contracts[f.Contract]
	out := report.Finding{
		Kind: string(f.Kind), Severity: info.Severity.String(), SWC: info.SWC, Title: info.Title,
		Contract: c.Name, PC: f.PC, Check: f.Check, Detail: f.Detail, Seed: seed, Execs: f.Execs, Elapsed: f.Time,
	}
	if f.Located {
		out.Path, out.Unit, out.Start, out.End = f.Location.Path, f.Location.Unit, f.Location.Start, f.Location.End
		out.Line, out.Column = lineCol(c, f.Location)
	}
	out.Related = related(p, f.Via)
	raw := fuzz.Raw(p, f.Seq)
	for i, tx := range f.Seq {
		out.Calls = append(out.Calls, renderCall(p, tx, raw[i], d))
	}
	noteUnreduced(p, f, out.Calls)
	names := render.Principals(d)
	out.Detail = render.NameAddresses(out.Detail, names)
	out.Message = render.Message(out, nil, names)
	return out
}

func renderCall(p *program.Program, tx txseq.Tx, raw fuzz.RawCall, d *deploy.Deployment) report.Call {
	c := p.Contracts[tx.Contract]
	sender, att, isAttacker := deploy.PrincipalIn(d, tx.Sender)
	call := report.Call{
		Sender: sender.Hex(), SenderIndex: tx.Sender, Contract: c.Name,
		Value: tx.Value.Dec(), Blocks: tx.Blocks, Seconds: tx.Seconds,
		Calldata: "0x" + hex.EncodeToString(raw.Input), Args: []string{},
	}
	if isAttacker {
		call.Attacker = att.String()
	}
	call.From = render.SenderName(call)
	if d != nil {
		call.Address = d.Addrs[tx.Contract].Hex()
	}
	if tx.Method >= 0 {
		m := c.Methods[tx.Method]
		call.Function = m.Sig
		for _, a := range tx.Args {
			call.Args = append(call.Args, calldata.Format(a))
		}
	}
	return call
}

// lineCoverage is the line coverage of the given contracts: their
// runtime code's lines from cov, and their constructors' from creation
// (the creation code's instructions that ran when the campaign deployed
// them; a contract it did not deploy adds none).
func lineCoverage(p *program.Program, contracts []int, cov, creation [][]bool) map[string]*FileCoverage {
	out := map[string]*FileCoverage{}
	mark := func(path string, line int, ran bool) {
		fc := out[path]
		if fc == nil {
			fc = &FileCoverage{Covered: map[int]bool{}, Missed: map[int]bool{}}
			out[path] = fc
		}
		if ran {
			fc.Covered[line+1] = true
		} else {
			fc.Missed[line+1] = true
		}
	}
	var targets []int
	for _, ci := range contracts {
		if ci < len(cov) {
			targets = append(targets, ci)
		}
	}
	userLines(p, targets, func(ci, pc int, path string, line int) { mark(path, line, cov[ci][pc]) })
	for _, ci := range targets {
		if ci < len(creation) && creation[ci] != nil {
			creationLines(p.Contracts[ci], creation[ci], mark)
		}
	}
	for _, fc := range out {
		for l := range fc.Covered {
			delete(fc.Missed, l)
		}
	}
	return out
}
