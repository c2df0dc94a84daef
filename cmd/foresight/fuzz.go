package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// fuzzFlags are the flags of check and fuzz.
type fuzzFlags struct {
	compilerFlags
	labels    bool
	parallel  int
	timeout   time.Duration
	execs     uint64
	seed      uint64
	workers   int
	maxSeqLen int
	contracts string
	format    string
	coverage  string
	covFile   string
	output    string
	oracles   string
	noPredict bool
	noDemand  bool
	targets   targetList
	schedule  string
	noLook    bool
	share     shareFlags
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

func (f *fuzzFlags) register(fs *flag.FlagSet, defaultTimeout time.Duration) {
	f.compilerFlags.register(fs)
	fs.DurationVar(&f.timeout, "timeout", defaultTimeout, "campaign wall-clock budget (0: none)")
	fs.Uint64Var(&f.execs, "execs", 0, "campaign budget in executed sequences (0: none); with --workers 1 and a seed, results are reproducible")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed (0: from the clock; printed)")
	fs.IntVar(&f.workers, "workers", 1, "parallel workers")
	fs.IntVar(&f.maxSeqLen, "max-seq-len", 8, "longest transaction sequence")
	fs.StringVar(&f.contracts, "contract", "", "comma-separated contract names to fuzz (default: all)")
	fs.StringVar(&f.format, "format", "text", "output format: text, json or sarif")
	fs.StringVar(&f.coverage, "coverage", "", "write line coverage in this format: lcov")
	fs.StringVar(&f.covFile, "coverage-file", "lcov.info", "where --coverage writes")
	fs.StringVar(&f.output, "o", "", "write the report to this file instead of stdout")
	fs.BoolVar(&f.noPredict, "no-prediction", false, "turn off input prediction (HARVEY's secant method on branch and storage-write costs)")
	fs.BoolVar(&f.noDemand, "no-demand-driven", false, "grow transaction sequences eagerly instead of on demand (HARVEY §5)")
	fs.Var(&f.targets, "target", "FILE:LINE[-LINE], FILE:FUNCTION or asserts to reach (repeatable): targeted fuzzing with the lookahead analysis")
	fs.StringVar(&f.schedule, "schedule", "", "power schedule: aflfast or lookahead (default: lookahead with --target, else aflfast)")
	fs.BoolVar(&f.noLook, "no-lookahead", false, "turn the lookahead analysis off (LIDs become whole paths)")
	fs.StringVar(&f.oracles, "oracles", "", "comma-separated kinds to switch on or off: panics, panic-0x11, -assert-failure, SWC-116, ...")
	fs.BoolVar(&f.labels, "labels", false, "score the oracles: fuzz each file alone and compare its findings with its //@finding(KIND) comments")
	fs.IntVar(&f.parallel, "parallel", runtime.GOMAXPROCS(0), "with --labels, files fuzzed at once")
	f.share.register(fs)
}

func (f *fuzzFlags) options() (engine.Options, error) {
	opts := engine.Options{Seed: f.seed, Execs: f.execs, Duration: f.timeout, Workers: f.workers, MaxSeqLen: f.maxSeqLen, Oracles: map[string]bool{}, NoPrediction: f.noPredict, NoDemandDriven: f.noDemand,
		Targets: f.targets, Schedule: f.schedule, NoLookahead: f.noLook}
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
	case "text", "json", "sarif":
	default:
		return opts, fmt.Errorf("%w: unknown format %q (want text, json or sarif)", errUsage, f.format)
	}
	if f.coverage != "" && f.coverage != "lcov" {
		return opts, fmt.Errorf("%w: unknown coverage format %q (want lcov)", errUsage, f.coverage)
	}
	return opts, nil
}

func runFuzz(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return fuzzCommand(ctx, "fuzz", 60*time.Second, args, stdout, stderr)
}

func runCheck(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return fuzzCommand(ctx, "check", 10*time.Second, args, stdout, stderr)
}

func fuzzCommand(ctx context.Context, name string, defaultTimeout time.Duration, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ff fuzzFlags
	ff.register(fs, defaultTimeout)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: foresight %s [flags] FILE|DIR...\n", name)
		fs.PrintDefaults()
	}
	paths, err := parseFlags(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(paths) == 0 {
		fs.Usage()
		return exitUsage
	}
	opts, err := ff.options()
	if err != nil {
		fmt.Fprintf(stderr, "foresight: %v\n", err)
		return exitUsage
	}
	if opts.Seed == 0 {
		opts.Seed = uint64(time.Now().UnixNano())
	}
	log := newLogger(stderr, ff.verbose)
	tc := ff.toolchain(stderr, log)
	defer tc.Close()

	if ff.labels {
		if opts.Workers == 0 {
			opts.Workers = 1
		}
		return scoreLabels(ctx, tc, paths, opts, ff.parallel, stdout, stderr)
	}
	builds, err := compilePaths(ctx, tc, paths)
	if err != nil {
		fmt.Fprintf(stderr, "foresight: %v\n", err)
		return exitUsage
	}
	failed := false
	var good []*solc.Build
	for _, b := range builds {
		if ff.format == "text" {
			printDiagnostics(stdout, b)
		}
		if b.HasErrors() {
			failed = true
			continue
		}
		good = append(good, b)
	}
	if failed {
		return exitUsage
	}
	sh, err := ff.share.start(ctx, &opts, good, paths, stderr, log)
	if err != nil {
		fmt.Fprintf(stderr, "foresight: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "foresight: fuzzing with seed %d\n", opts.Seed)
	rep, err := engine.Fuzz(ctx, good, opts)
	if sh != nil {
		sh.finish(rep)
	}
	if err != nil {
		fmt.Fprintf(stderr, "foresight: %v\n", err)
		return exitUsage
	}
	out := stdout
	if ff.output != "" {
		file, err := os.Create(ff.output)
		if err != nil {
			fmt.Fprintf(stderr, "foresight: %v\n", err)
			return exitUsage
		}
		defer file.Close()
		out = file
	}
	inputs := absAll(paths)
	switch ff.format {
	case "json":
		err = writeJSON(out, rep, inputs)
	case "sarif":
		err = writeSARIF(out, rep)
	default:
		writeText(out, rep)
	}
	if err != nil {
		fmt.Fprintf(stderr, "foresight: %v\n", err)
		return exitUsage
	}
	if ff.coverage == "lcov" {
		if err := writeLCOV(ff.covFile, rep); err != nil {
			fmt.Fprintf(stderr, "foresight: %v\n", err)
			return exitUsage
		}
	}
	fmt.Fprintf(stderr, "foresight: %d executions in %s (%.0f/s), corpus %d, %d finding(s)\n",
		rep.Execs, rep.Elapsed.Round(time.Millisecond), float64(rep.Execs)/rep.Elapsed.Seconds(), rep.Corpus, len(rep.Findings))
	if len(ff.targets) > 0 {
		if rep.TargetExecs > 0 {
			fmt.Fprintf(stderr, "foresight: target reached after %d executions (%s); lookahead analysis took %s\n", rep.TargetExecs, rep.TargetTime.Round(time.Millisecond), rep.AnalysisTime.Round(time.Millisecond))
		} else {
			fmt.Fprintf(stderr, "foresight: target not reached; lookahead analysis took %s\n", rep.AnalysisTime.Round(time.Millisecond))
		}
	}
	if rep.Predictions > 0 {
		fmt.Fprintf(stderr, "foresight: %d predicted inputs, %d (%.0f%%) reached their target\n",
			rep.Predictions, rep.PredictionHits, 100*float64(rep.PredictionHits)/float64(rep.Predictions))
	}
	if rep.Timeouts > 0 {
		fmt.Fprintf(stderr, "foresight: warning: %d transaction(s) exceeded the wall-clock limit and were cancelled\n", rep.Timeouts)
	}
	if len(rep.Findings) > 0 {
		return exitFindings
	}
	return exitOK
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
// notes.
func writeText(w io.Writer, rep *engine.Report) {
	for _, f := range rep.Findings {
		loc := displayPath(f.Path, f.Unit)
		if f.Line > 0 {
			loc = fmt.Sprintf("%s:%d:%d", loc, f.Line, f.Column)
		}
		if loc == "" {
			loc = f.Contract
		}
		fmt.Fprintf(w, "%s: %s: %s [%s]\n", loc, f.Severity, f.Message, f.Kind)
		for i, c := range f.Calls {
			extra := ""
			if c.Blocks != 0 || c.Seconds != 0 {
				extra = fmt.Sprintf(" after +%d blocks, +%ds", c.Blocks, c.Seconds)
			}
			fmt.Fprintf(w, "    %d. from %s: %s%s\n", i+1, c.Sender, c.String(), extra)
		}
	}
}

// reportSchema versions the JSON output; see docs/report-format.md.
const reportSchema = "foresight.report/v1"

type jsonReport struct {
	Schema  string           `json:"schema"`
	Tool    jsonTool         `json:"tool"`
	Inputs  []string         `json:"inputs"`
	Execs   uint64           `json:"execs"`
	Elapsed time.Duration    `json:"elapsedNs"`
	Setup   engine.Setup     `json:"setup"`
	Finds   []engine.Finding `json:"findings"`
}

type jsonTool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

func writeJSON(w io.Writer, rep *engine.Report, inputs []string) error {
	findings := rep.Findings
	if findings == nil {
		findings = []engine.Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(jsonReport{Schema: reportSchema, Tool: jsonTool{"foresight", version}, Inputs: inputs, Execs: rep.Execs, Elapsed: rep.Elapsed, Setup: rep.Setup, Finds: findings})
}

func writeLCOV(path string, rep *engine.Report) error {
	files := make([]string, 0, len(rep.Coverage))
	for f := range rep.Coverage {
		files = append(files, f)
	}
	sort.Strings(files)
	var b strings.Builder
	for _, f := range files {
		fc := rep.Coverage[f]
		fmt.Fprintf(&b, "TN:\nSF:%s\n", f)
		var lines []int
		for l := range fc.Covered {
			lines = append(lines, l)
		}
		for l := range fc.Missed {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		hit := 0
		for _, l := range lines {
			n := 0
			if fc.Covered[l] {
				n = 1
				hit++
			}
			fmt.Fprintf(&b, "DA:%d,%d\n", l, n)
		}
		fmt.Fprintf(&b, "LH:%d\nLF:%d\nend_of_record\n", hit, len(lines))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
