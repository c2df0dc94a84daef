package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// fuzzFlags are the flags of check and fuzz.
type fuzzFlags struct {
	compilerFlags
	labels   bool
	parallel int
	timeout  time.Duration
	// defTimeout is the command's default budget (session.CheckBudget,
	// session.FuzzBudget).
	defTimeout time.Duration
	execs      uint64
	seed       uint64
	workers    int
	maxSeqLen  int
	contracts  string
	format     string
	coverage   string
	covFile    string
	covDeps    bool
	output     string
	oracles    string
	noPredict  bool
	noDemand   bool
	targets    targetList
	schedule   string
	noLook     bool
	share      shareFlags
	setUp      string
	cpuprof    string
	fork       forkFlags
	explain    string
}

// targetList collects repeated --target flags.
type targetList []engine.Target

func (l *targetList) String() string { return fmt.Sprint(*l) }

func (l *targetList) Set(s string) error {
	t, err := engine.ParseTarget(s)
	if err != nil {
		return err
	}
	*l = append(*l, t)
	return nil
}

func (f *fuzzFlags) register(fs *flag.FlagSet, defaultTimeout time.Duration, scoring bool) {
	f.compilerFlags.register(fs)
	f.defTimeout = defaultTimeout
	durationSetting(fs, &f.timeout, "", "timeout", defaultTimeout)
	uint64Setting(fs, &f.execs, "", "execs", 0)
	uint64Setting(fs, &f.seed, "", "seed", 0)
	fs.StringVar(&f.contracts, "contract", "", "fuzz only these contracts (comma-separated `names`; default: all)")
	fs.StringVar(&f.oracles, "oracles", "", "switch finding `kinds` on or off, comma-separated: \"panics\" adds arithmetic overflow, division by zero and the other checked-arithmetic panics; \"-"+string(finding.AssertFailure)+"\" or \"-"+string(finding.Timestamp)+"\" turns one off (kinds: docs/oracles.md)")
	fs.StringVar(&f.format, "format", "text", "report `format`: text (like compiler errors), json (for replay and tools), sarif (code scanning) or junit (CI test reports)")
	fs.StringVar(&f.output, "o", "", "write the report to this `file` instead of stdout")
	fs.StringVar(&f.coverage, "coverage", "", "also write which source lines ran, in this `format` (only lcov)")
	fs.StringVar(&f.covFile, "coverage-file", "lcov.info", "the `file` --coverage writes")
	fs.BoolVar(&f.covDeps, "coverage-deps", false, "with --coverage, also cover dependencies' files (node_modules, Foundry's lib/), left out by default")
	fs.Var(&f.targets, "target", "aim the campaign at a `place`: FILE:LINE, FILE:LINE-LINE, FILE:FUNCTION, or asserts (every assert); repeatable")
	intSetting(fs, &f.workers, "", "workers", 1)
	intSetting(fs, &f.maxSeqLen, "", "max-seq-len", engine.DefaultMaxSeqLen)
	fs.BoolVar(&f.noPredict, "no-prediction", false, "do not compute inputs aimed at the values branch conditions compare against (input prediction)")
	fs.BoolVar(&f.noDemand, "no-demand-driven", false, "lengthen transaction sequences always, not only where an earlier transaction's state changes what a function does")
	fs.StringVar(&f.schedule, "schedule", "", "`name` of the rule choosing the next input to mutate: aflfast (favour rarely run paths) or lookahead (favour inputs that can still reach --target); default lookahead with --target, else aflfast")
	fs.StringVar(&f.setUp, "setup", "", "fuzz from this Foundry test `contract`'s setUp(): its targetContract/targetSelector choices are fuzzed and its invariant_* functions checked (default: the first Foundry test contract with setUp() in the files, those with invariants first)")
	fs.BoolVar(&f.noLook, "no-lookahead", false, "with --target, do not analyse which paths can still reach the target")
	f.fork.register(fs, true)
	fs.StringVar(&f.explain, "explain", "", "print what a finding `kind` means ("+string(finding.Reentrancy)+", "+string(finding.AssertFailure)+", ...), why it is a bug and what to do, and exit; -v shows the same under each finding")
	if scoring {
		fs.BoolVar(&f.labels, "labels", false, "score the oracles: fuzz each file alone and compare its findings with its //@finding(KIND) comments")
		intSetting(fs, &f.parallel, "", "parallel", runtime.GOMAXPROCS(0))
		fs.StringVar(&f.cpuprof, "cpuprofile", "", "write a CPU profile of the campaign (deployment and fuzzing, not compiling) to `file` (go tool pprof)")
		f.share.register(fs)
	}
}

func (f *fuzzFlags) options(stderr io.Writer) (engine.Options, error) {
	opts := engine.Options{Settings: engine.Settings{Seed: f.seed, Execs: f.execs, Duration: f.timeout, Workers: f.workers, MaxSeqLen: f.maxSeqLen,
		NoPrediction: f.noPredict, NoDemandDriven: f.noDemand, NoLookahead: f.noLook, SetUp: f.setUp},
		Oracles: map[string]bool{}, Targets: f.targets, Schedule: f.schedule}
	if f.contracts != "" {
		opts.Contracts = strings.Split(f.contracts, ",")
	}
	for _, o := range strings.Split(f.oracles, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		on := !strings.HasPrefix(o, "-")
		opts.Oracles[strings.TrimLeft(o, "+-")] = on
	}
	switch f.format {
	case "text", "json", "sarif", "junit":
	default:
		return opts, fmt.Errorf("--format %s: %w (want text, json, sarif or junit)", f.format, errUnknownValue)
	}
	// The editor clamps the same settings with the same policy and words
	// (session.Setting); a negative count used to fall back to the
	// default without a word.
	opts.Workers = clampInt(stderr, "", "workers", f.workers)
	opts.MaxSeqLen = clampInt(stderr, "", "max-seq-len", f.maxSeqLen)
	opts.Execs = clampUint64(stderr, "", "execs", f.execs)
	f.timeout = clampDuration(stderr, "", "timeout", f.timeout)
	if f.labels {
		f.parallel = clampInt(stderr, "", "parallel", f.parallel)
	}
	f.fork.block = clampUint64(stderr, "", "fork-block", f.fork.block)
	if f.coverage != "" && f.coverage != "lcov" {
		return opts, fmt.Errorf("--coverage %s: %w (want lcov)", f.coverage, errUnknownValue)
	}
	opts.Duration = session.Budget(session.Named, &f.timeout, f.defTimeout, f.execs)
	opts.Seed = session.ClockSeed(opts.Seed)
	return opts, nil
}

func runFuzz(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return fuzzCommand(ctx, "fuzz", session.FuzzBudget, args, stdout, stderr)
}

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return fuzzCommand(ctx, "check", session.CheckBudget, args, stdout, stderr)
}

// fuzzRun is check and fuzz: compile, fuzz, report.
func fuzzRun(ctx context.Context, name string, defaultTimeout time.Duration, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	var ff fuzzFlags
	ff.register(fs, defaultTimeout, name == "fuzz")
	paths, code, ok := parseCommand(name, fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if ff.explain != "" {
		return explainKinds(name, []string{ff.explain}, stdout, stderr)
	}
	if len(paths) == 0 {
		paths = []string{"."} // the project the command runs in
	}
	opts, err := ff.options(stderr)
	if err != nil {
		usageError(stderr, name, "%v", err)
		return exitUsage
	}
	tuneGC()
	log := newLogger(stderr, ff.verbose)
	opts.OnWorkerSetUp = workerSetUpLog(log) // interrupt.go
	tc := ff.toolchain(stderr, log)
	defer tc.Close()

	if ff.labels {
		if opts.Workers == 0 {
			opts.Workers = 1
		}
		return scoreLabels(ctx, tc, paths, opts, ff.parallel, stdout, stderr)
	}
	// The whole run, the compile included, is one call (session.Run),
	// the editor's too; this command prints what it sends (cliRun) and
	// opens its corpus and fork when asked.
	c := &cliRun{ff: &ff, name: name, paths: paths, opts: opts, stdout: stdout, stderr: stderr, log: log}
	defer c.close()
	res, err := session.Run(ctx, c.request(fs, tc, opts), c)
	fuzzWall := time.Since(c.fuzzStart)
	c.finish(res.Report)
	var stop *runStop
	if errors.As(err, &stop) {
		return stop.code
	}
	if err != nil {
		cliError(stderr, name, err)
		return exitUsage
	}
	comp := c.comp
	good, failed := comp.good, comp.failed()
	rep, runs, opts := res.Report, res.Suites, res.Options
	run := runInfo{paths: paths, compiled: comp, only: opts.Contracts, harnesses: runs, targets: ff.targets, wall: fuzzWall, command: name}
	if err := ff.writeReport(stdout, rep, run); err != nil {
		cliError(stderr, name, err)
		return exitUsage
	}
	printHarnesses(stderr, runs)
	printForgeSeeds(stderr, opts, rep, ff.verbose)
	summary{rep: rep, skips: session.Skips(good, rep, opts.Contracts, runs), compile: c.compileTime, wall: fuzzWall,
		targeted: len(ff.targets) > 0, verbose: ff.verbose}.print(stderr)
	if len(rep.Findings) > 0 && ff.format == "text" && !ff.verbose {
		fmt.Fprintf(stderr, "foresight: -v or 'foresight explain KIND' says why each finding is a bug and what to do\n")
	}
	return campaignExit(rep, failed)
}

// campaignExit is check's and fuzz's exit code: compile errors outrank
// findings, and a campaign that ran nothing is no clean result.
func campaignExit(rep *engine.Report, failed bool) int {
	switch {
	case failed:
		return exitUsage
	case report.Own(rep.Findings) > 0: // mocks' alone do not fail a run
		return exitFindings
	case rep.Execs == 0 || rep.Contracts == 0:
		// "0 findings" would vouch for code not fuzzed, however many
		// transactions went to addresses where nothing was deployed.
		return exitUsage
	}
	return exitOK
}

// runInfo is what the JSON report says of a run besides the campaign's
// report: the paths given, what compiled and what did not, and
// --contract's list.
type runInfo struct {
	paths, only []string
	compiled
	harnesses []session.SuiteRun
	targets   []engine.Target // --target's places (JUnit's contract.function cases)
	wall      time.Duration   // the campaigns' wall time (JUnit's time)
	command   string          // check or fuzz
}

// writeReport writes rep in the chosen format to -o or stdout, and the
// coverage file if asked for.
func (ff *fuzzFlags) writeReport(stdout io.Writer, rep *engine.Report, run runInfo) error {
	out := stdout
	var buf bytes.Buffer
	if ff.output != "" {
		// Rendered whole first: -o is then the complete report or, when
		// writing fails (a full disk), absent or as it was.
		out = &buf
	}
	var err error
	switch ff.format {
	case "json":
		err = writeJSON(out, rep, run)
	case "sarif":
		err = writeSARIF(out, rep, run)
	case "junit":
		err = campaignJUnit(out, run.command, rep, run)
	default:
		writeText(out, rep, ff.verbose)
	}
	if err != nil {
		return err
	}
	if ff.output != "" {
		if err := session.WriteOutput(ff.output, buf.Bytes()); err != nil {
			return err
		}
	}
	if ff.coverage == "lcov" {
		return writeLCOV(ff.covFile, rep, run, ff.covDeps)
	}
	return nil
}

func absAll(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			a = p
		}
		out[i] = a
	}
	return out
}

// writeText prints findings like compiler diagnostics, with the sequence as
// notes; verbose adds what each oracle saw and what its kind means.
func writeText(w io.Writer, rep *engine.Report, verbose bool) {
	senders := senderNames{setUp: rep.SetUp}
	for i, f := range rep.Findings {
		f.Message = mockLabel(w, rep.Findings, i)
		loc := displayPath(f.Path, f.Unit)
		if f.Line > 0 {
			loc = fmt.Sprintf("%s:%d:%d", loc, f.Line, f.Column)
		}
		if loc == "" {
			loc = f.Contract
		}
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", loc, f.Severity, f.Message, f.Kind)
		suiteNote(w, f, &senders, rep.SetUp)
		for _, r := range f.Related {
			fmt.Fprintf(w, "    via %s:%d:%d: %s\n", displayPath(r.Path, r.Unit), r.Line, r.Column, r.Message)
		}
		for i, c := range f.Calls {
			extra := ""
			if c.Blocks != 0 || c.Seconds != 0 {
				extra = fmt.Sprintf(" after +%d blocks, +%ds", c.Blocks, c.Seconds)
			}
			who, note := senders.name(c)
			fmt.Fprintf(w, "    %d. from %s: %s%s\n", i+1, who, c.String(), extra)
			if note != "" {
				fmt.Fprintf(w, "       (%s)\n", note)
			}
			for _, n := range c.Notes {
				fmt.Fprintf(w, "       (%s)\n", n)
			}
		}
		if verbose {
			writeExplanation(w, f)
		}
	}
}

// reportSchema versions the JSON output; see docs/report-format.md.
const reportSchema = "foresight.report/v1"

type jsonReport struct {
	Schema string   `json:"schema"`
	Tool   jsonTool `json:"tool"`
	// Root is where the project was when the report was written: the
	// relative paths below (inputs, findings, skipped files) are under it.
	Root    string        `json:"root,omitempty"`
	Inputs  []string      `json:"inputs"`
	Execs   uint64        `json:"execs"`
	Txs     uint64        `json:"txs"`
	TxRate  float64       `json:"txsPerSec"`
	Elapsed time.Duration `json:"elapsedNs"`
	// OracleTxs are the transactions (part of Txs) that oracles re-ran.
	OracleTxs uint64 `json:"oracleTxs"`
	// DeployExecs are the executions (part of Execs) that solved
	// constructors.
	DeployExecs uint64 `json:"deployExecs"`
	// Refocuses counts the plateaus after which the search turned to
	// the inputs nearest to untaken branches (docs/schedule.md).
	Refocuses uint64 `json:"refocuses,omitempty"`
	// ForgeSeedsUsed counts forge's corpus entries and persisted
	// failures that seeded the set-up campaigns (docs/foundry.md).
	ForgeSeedsUsed int `json:"forgeSeedsUsed,omitempty"`
	predictionCounts
	// ContractsFuzzed and FunctionsFuzzed count what was deployed and
	// sent transactions (Contracts lists every contract and its status).
	ContractsFuzzed int `json:"contractsFuzzed"`
	FunctionsFuzzed int `json:"functionsFuzzed"`
	engine.Scope
	Setup   report.Setup     `json:"setup"`
	SetUp   string           `json:"setUp,omitempty"`
	Skipped []engine.Skipped `json:"skipped,omitempty"`
	// Contracts lists every contract of the files fuzzed; SkippedFiles
	// the test and script files a directory walk left out; NotCompiled
	// the files given that did not compile, and CompileErrors why.
	Contracts    []contractStatus `json:"contracts"`
	SkippedFiles []string         `json:"skippedFiles,omitempty"`
	// Harnesses are the invariant suites run beside the direct campaign
	// (harness.go); their findings name them.
	Harnesses     []session.SuiteRun `json:"harnesses,omitempty"`
	NotCompiled   []string           `json:"notCompiled,omitempty"`
	CompileErrors []string           `json:"compileErrors,omitempty"`
	Finds         []report.Finding   `json:"findings"`
	// Functions are the per-function counts and shares of the work.
	Functions []report.FunctionStat `json:"functionStats,omitempty"`
}

type jsonTool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

func writeJSON(w io.Writer, rep *engine.Report, run runInfo) error {
	findings := rep.Findings
	if findings == nil {
		findings = []report.Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	// Paths relative to the project root, so the report replays in
	// another checkout (reportpaths.go).
	root := reportRoot(run.paths)
	return enc.Encode(jsonReport{Schema: reportSchema, Tool: jsonTool{"foresight", version}, Root: root, Inputs: relPaths(root, run.paths), Execs: rep.Execs, Txs: rep.Txs, TxRate: rep.TxRate, Elapsed: rep.Elapsed, OracleTxs: rep.OracleTxs,
		DeployExecs: rep.DeployExecs, Refocuses: rep.Refocuses, ForgeSeedsUsed: rep.ForgeSeedsUsed, predictionCounts: predictionCounts{rep.Predictions, rep.PredictionHits, rep.PredictionYield}, ContractsFuzzed: rep.Contracts, FunctionsFuzzed: rep.Functions, Scope: rep.Scope, Setup: rep.Setup, SetUp: rep.SetUp, Skipped: rep.Skipped,
		Contracts: contractStatuses(run.good, rep, run.only, run.harnesses), SkippedFiles: relPaths(root, run.skipped), Harnesses: relHarnesses(root, run.harnesses), NotCompiled: notCompiled(run.broken), CompileErrors: compileErrors(run.broken), Finds: relFindings(root, findings), Functions: rep.FunctionStats})
}

// checkContractNames returns an error naming the contracts the files
// define when flag (--contract, --setup) names one they do not.
func checkContractNames(flag string, names []string, builds []*solc.Build) error {
	known := map[string]bool{}
	var list []string
	for _, b := range builds {
		for _, unit := range b.Roots {
			for n := range b.Output.Contracts[unit] {
				if !known[n] {
					known[n] = true
					list = append(list, n)
				}
			}
		}
	}
	sort.Strings(list)
	for _, n := range names {
		if !known[n] {
			return fmt.Errorf("%s %s: no such contract; the files define %s", flag, n, strings.Join(list, ", "))
		}
	}
	return nil
}

// checkNamed checks that the contracts --contract and --setup name were
// compiled.
func checkNamed(opts engine.Options, good []*solc.Build) error {
	if err := checkContractNames("--contract", opts.Contracts, good); err != nil {
		return err
	}
	if opts.SetUp != "" {
		return checkContractNames("--setup", []string{opts.SetUp}, good)
	}
	return nil
}
