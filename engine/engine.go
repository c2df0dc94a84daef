// Package engine is the API the language server and the command line use:
// it fuzzes compiled builds and returns findings as plain data (files, byte
// offsets, one-based lines, rendered transaction sequences), and it replays
// recorded findings. It knows nothing of LSP.
package engine

import (
	"context"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/oracle"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// Options configure a campaign. Zero values mean defaults.
type Options struct {
	Seed      uint64
	Execs     uint64        // budget in executed sequences; 0 = none
	Duration  time.Duration // wall-clock budget; 0 = none
	Workers   int
	MaxSeqLen int
	Contracts []string // restrict targets by name
	// Focus names the functions ("Contract.fn" or "fn") a campaign is
	// about, e.g. those whose code changed: they get most of the budget.
	Focus   []string
	Oracles map[string]bool // finding kinds switched on or off
	// Targets are source lines to reach (lookahead targeting). Schedule is
	// "aflfast" or "lookahead" (the default when there are targets);
	// NoLookahead turns the analysis off, leaving whole paths as LIDs.
	Targets     []Target
	Schedule    string
	NoLookahead bool
	// SkipEmptyTargets drops targets no runtime code comes from (comment
	// lines, declarations) instead of failing.
	SkipEmptyTargets bool
	// NoPrediction turns HARVEY's input prediction off.
	NoPrediction bool
	// NoDemandDriven turns demand-driven sequence fuzzing off: sequences
	// grow eagerly and path identifiers span all transactions.
	NoDemandDriven bool
	// Seeds are inputs saved from earlier campaigns (Report.Inputs), run
	// first; those naming functions that no longer exist are dropped.
	Seeds []Input
	// Imports delivers inputs found elsewhere while the campaign runs
	// (another process sharing a corpus directory): the workers take one
	// between corpus entries and run it like a seed.
	Imports <-chan Input
	// OnInput is called with each input admitted to the corpus, from the
	// worker that ran it, e.g. to write it to a shared corpus directory.
	OnInput func(Input)
	// OnSetup is called once the contracts are deployed, before fuzzing,
	// with what Replay needs to re-execute findings of this campaign.
	OnSetup func(Setup)
	// OnFinding streams findings as they are found (after shrinking).
	OnFinding func(Finding)
	// OnProgress is called about twice a second.
	OnProgress func(Progress)
}

// Progress reports a running campaign.
type Progress = fuzz.Progress

// A Finding is one failure with the transactions that reproduce it.
type Finding struct {
	Kind     string `json:"kind"`
	Severity string `json:"severity"`
	SWC      string `json:"swc,omitempty"`
	Title    string `json:"title"`
	Message  string `json:"message"`
	Contract string `json:"contract"`
	PC       uint64 `json:"pc"`
	// Location of the failure in user source; Path is empty if unknown.
	Path   string `json:"path,omitempty"`
	Unit   string `json:"unit,omitempty"`
	Start  int    `json:"start"`
	End    int    `json:"end"`
	Line   int    `json:"line,omitempty"`   // one-based
	Column int    `json:"column,omitempty"` // one-based, in bytes
	// Check is the property or invariant function, for those kinds.
	Check string `json:"check,omitempty"`
	// Detail says what the oracle observed, for the vulnerability kinds.
	Detail  string        `json:"detail,omitempty"`
	Calls   []Call        `json:"calls"`
	Seed    uint64        `json:"seed"`
	Execs   uint64        `json:"execs"`
	Elapsed time.Duration `json:"elapsedNs"`
}

// A Call is one transaction of a finding, rendered for people and kept
// exact (calldata) for replay.
type Call struct {
	Sender   string `json:"sender"`
	Contract string `json:"contract"`
	Address  string `json:"address"`
	// Attacker names the fuzzer's attacker contract the call came from
	// ("reentrant", "reverting", "gas-burning"); Sender is its address.
	Attacker string   `json:"attacker,omitempty"`
	Function string   `json:"function"` // "setY(int256)", or "" for a plain ether transfer
	Args     []string `json:"args"`     // Solidity-literal style
	Value    string   `json:"value"`    // wei, decimal
	Blocks   uint64   `json:"blocks"`   // advanced before the call
	Seconds  uint64   `json:"seconds"`
	Calldata string   `json:"calldata"` // 0x-prefixed hex
	// SenderIndex is the sender's index in the test chain's account pool.
	SenderIndex int `json:"senderIndex"`
}

// Setup records how the campaign deployed the program, for replays.
type Setup struct {
	Seed      uint64     `json:"seed"`
	Contracts []Deployed `json:"contracts"`
}

// Deployed is one deployed contract.
type Deployed struct {
	Name     string `json:"name"`
	Unit     string `json:"unit"`
	Address  string `json:"address,omitempty"`
	CtorArgs string `json:"ctorArgs,omitempty"` // hex
	Error    string `json:"error,omitempty"`
}

// Report is the outcome of a campaign.
type Report struct {
	Findings    []Finding     `json:"findings"`
	Execs       uint64        `json:"execs"`
	ShrinkExecs uint64        `json:"shrinkExecs"`
	Corpus      int           `json:"corpus"`
	Elapsed     time.Duration `json:"elapsedNs"`
	// Timeouts counts transactions cancelled by the per-transaction
	// wall-clock guard (they end as failed transactions).
	Timeouts uint64 `json:"timeouts"`
	// Predictions counts predicted inputs run; PredictionHits those that
	// reached the branch or storage slot they aimed at.
	Predictions    uint64 `json:"predictions"`
	PredictionHits uint64 `json:"predictionHits"`
	// AggressiveRuns counts runs on directly fuzzed state (HARVEY §5) and
	// AggressiveHits those that found new coverage.
	AggressiveRuns uint64 `json:"aggressiveRuns"`
	// TargetExecs and TargetTime say when a target line was first reached
	// (zero if never); AnalysisTime is the lookahead analysis' share.
	TargetExecs    uint64        `json:"targetExecs,omitempty"`
	TargetTime     time.Duration `json:"targetTimeNs,omitempty"`
	AnalysisTime   time.Duration `json:"analysisTimeNs,omitempty"`
	AggressiveHits uint64        `json:"aggressiveHits"`
	Setup          Setup         `json:"setup"`
	// Coverage lists, per source file, the one-based lines whose code ran
	// and the lines with code that did not.
	Coverage map[string]*FileCoverage `json:"-"`
	// Inputs is the final corpus, to seed a later campaign (CorpusDir.Add).
	Inputs []Input `json:"-"`
	// SeedsUsed counts the Options.Seeds that still fit the program.
	SeedsUsed int `json:"seedsUsed,omitempty"`
	// StaleSeeds are the indices of Options.Seeds that name a contract of
	// the program but a function that no longer exists or whose parameters
	// changed: worth deleting from a saved corpus.
	StaleSeeds []int `json:"-"`
}

// FileCoverage is line coverage of one file.
type FileCoverage struct {
	Covered, Missed map[int]bool
}

// ErrNoTargets is returned by Fuzz when the builds have no contract with a
// function to call: nothing to fuzz, which is not a failure.
var ErrNoTargets = fuzz.ErrNoTargets

// Fuzz runs a campaign on the contracts of builds. When ctx ends early it
// still returns the report of what ran.
func Fuzz(ctx context.Context, builds []*solc.Build, opts Options) (*Report, error) {
	prog, err := program.New(builds)
	if err != nil {
		return nil, err
	}
	cfg := fuzz.Config{
		Seed: opts.Seed, Execs: opts.Execs, Duration: opts.Duration, Workers: opts.Workers,
		MaxSeqLen: opts.MaxSeqLen, Contracts: opts.Contracts, Focus: opts.Focus, Oracles: oracleSet(opts.Oracles),
		OnProgress: opts.OnProgress, NoPrediction: opts.NoPrediction, NoDemandDriven: opts.NoDemandDriven,
	}
	if len(opts.Targets) > 0 {
		if cfg.Targets, err = targetPCs(prog, opts.Targets, opts.SkipEmptyTargets); err != nil {
			return nil, err
		}
	}
	cfg.NoLookahead = opts.NoLookahead
	switch opts.Schedule {
	case "aflfast":
		cfg.Schedule = fuzz.AFLFast{}
	case "lookahead":
		cfg.Schedule = fuzz.Lookahead{}
	case "":
		if len(cfg.Targets) > 0 {
			cfg.Schedule = fuzz.Lookahead{}
		}
	default:
		return nil, fmt.Errorf("unknown schedule %q (want aflfast or lookahead)", opts.Schedule)
	}
	seedsUsed, stale := 0, []int(nil)
	for i, in := range opts.Seeds {
		if seq, ok := sequenceOf(prog, in); ok {
			cfg.Seeds = append(cfg.Seeds, seq)
			seedsUsed++
		} else if knownContracts(prog, in) {
			stale = append(stale, i)
		}
	}
	shareInputs(prog, &cfg, opts)
	if opts.OnSetup != nil {
		cfg.OnSetup = func(d *fuzz.Deployment) { opts.OnSetup(setupOf(prog, d, opts.Seed)) }
	}
	start := time.Now()
	if opts.OnFinding != nil {
		cfg.OnFinding = func(f *fuzz.Finding) { opts.OnFinding(render(prog, f, opts.Seed, nil)) }
	}
	res, err := fuzz.Run(ctx, prog, cfg)
	if err != nil {
		return nil, err
	}
	rep := &Report{Execs: res.Execs, ShrinkExecs: res.ShrinkExecs, Corpus: res.Corpus, Elapsed: time.Since(start), Timeouts: res.Timeouts,
		Predictions: res.Predictions, PredictionHits: res.PredictionHits,
		AggressiveRuns: res.AggressiveRuns, AggressiveHits: res.AggressiveHits,
		TargetExecs: res.TargetExecs, TargetTime: res.TargetTime, AnalysisTime: res.AnalysisTime}
	rep.Setup = setupOf(prog, res.Deployment, opts.Seed)
	for _, f := range res.Findings {
		rep.Findings = append(rep.Findings, render(prog, f, opts.Seed, res.Deployment))
	}
	rep.Coverage = lineCoverage(prog, res.Coverage)
	rep.SeedsUsed, rep.StaleSeeds = seedsUsed, stale
	for _, seq := range res.Inputs {
		rep.Inputs = append(rep.Inputs, inputOf(prog, seq))
	}
	return rep, nil
}

func oracleSet(m map[string]bool) map[oracle.Kind]bool {
	out := map[oracle.Kind]bool{}
	for k, v := range m {
		if k == "panics" {
			for _, p := range oracle.AllPanics {
				out[p] = v
			}
			continue
		}
		out[oracle.Kind(k)] = v
	}
	return out
}

func setupOf(p *program.Program, d *fuzz.Deployment, seed uint64) Setup {
	s := Setup{Seed: seed}
	for i, c := range p.Contracts {
		dc := Deployed{Name: c.Name, Unit: c.Artifact.Unit}
		if d != nil {
			if d.Errors[i] != nil {
				dc.Error = d.Errors[i].Error()
			} else {
				dc.Address = d.Addrs[i].Hex()
				dc.CtorArgs = hex.EncodeToString(d.Args[i])
			}
		}
		s.Contracts = append(s.Contracts, dc)
	}
	return s
}

func render(p *program.Program, f *fuzz.Finding, seed uint64, d *fuzz.Deployment) Finding {
	info := oracle.Describe(f.Kind)
	c := p.Contracts[f.Contract]
	out := Finding{
		Kind: string(f.Kind), Severity: info.Severity.String(), SWC: info.SWC, Title: info.Title,
		Contract: c.Name, PC: f.PC, Check: f.Check, Detail: f.Detail, Seed: seed, Execs: f.Execs, Elapsed: f.Time,
	}
	if f.Located {
		out.Path, out.Unit, out.Start, out.End = f.Location.Path, f.Location.Unit, f.Location.Start, f.Location.End
		if u := c.Build.Units[f.Location.Unit]; u != nil {
			if l, col, err := position.NewMapper(u.Content).LineCol(f.Location.Start); err == nil {
				out.Line, out.Column = l+1, col+1
			}
		}
	}
	raw := fuzz.Raw(p, f.Seq)
	for i, tx := range f.Seq {
		out.Calls = append(out.Calls, renderCall(p, tx, raw[i], d))
	}
	out.Message = message(out, info)
	return out
}

func renderCall(p *program.Program, tx fuzz.Tx, raw fuzz.RawCall, d *fuzz.Deployment) Call {
	c := p.Contracts[tx.Contract]
	sender, att, isAttacker := fuzz.PrincipalAddress(tx.Sender)
	call := Call{
		Sender: sender.Hex(), SenderIndex: tx.Sender, Contract: c.Name,
		Value: tx.Value.Dec(), Blocks: tx.Blocks, Seconds: tx.Seconds,
		Calldata: "0x" + hex.EncodeToString(raw.Input), Args: []string{},
	}
	if isAttacker {
		call.Attacker = att.String()
	}
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

// message says what fails and how many transactions it takes.
func message(f Finding, info oracle.Description) string {
	what := info.Title
	if f.Check != "" {
		what = fmt.Sprintf("%s %s returned false or reverted", f.Kind, f.Check)
	}
	n := len(f.Calls)
	plural := "s"
	if n == 1 {
		plural = ""
	}
	last := ""
	if n > 0 {
		last = f.Calls[n-1].String()
	}
	if f.Detail != "" {
		return fmt.Sprintf("%s: %s (%d transaction%s, last: %s)", what, f.Detail, n, plural, last)
	}
	return fmt.Sprintf("%s after %d transaction%s (last: %s)", what, n, plural, last)
}

// String renders a call as "setY(42)" or "send 1000 wei".
func (c Call) String() string {
	name := c.Function
	if name == "" {
		return fmt.Sprintf("%s: send %s wei", c.Contract, c.Value)
	}
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	s := fmt.Sprintf("%s.%s(%s)", c.Contract, name, strings.Join(c.Args, ", "))
	if c.Value != "0" && c.Value != "" {
		s += fmt.Sprintf(" {value: %s}", c.Value)
	}
	return s
}

func lineCoverage(p *program.Program, cov [][]bool) map[string]*FileCoverage {
	out := map[string]*FileCoverage{}
	mappers := map[string]*position.Mapper{}
	for ci, c := range p.Contracts {
		if !c.Target || ci >= len(cov) {
			continue
		}
		for pc, user := range c.UserPC {
			if !user {
				continue
			}
			loc, ok := c.Locate(uint64(pc), false)
			if !ok {
				continue
			}
			m := mappers[loc.Path]
			if m == nil {
				u := c.Build.Units[loc.Unit]
				if u == nil {
					continue
				}
				m = position.NewMapper(u.Content)
				mappers[loc.Path] = m
			}
			line, _, err := m.LineCol(loc.Start)
			if err != nil {
				continue
			}
			fc := out[loc.Path]
			if fc == nil {
				fc = &FileCoverage{Covered: map[int]bool{}, Missed: map[int]bool{}}
				out[loc.Path] = fc
			}
			if cov[ci][pc] {
				fc.Covered[line+1] = true
			} else {
				fc.Missed[line+1] = true
			}
		}
	}
	for _, fc := range out {
		for l := range fc.Covered {
			delete(fc.Missed, l)
		}
	}
	return out
}
