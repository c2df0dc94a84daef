package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// benchConfig is one engine configuration the harness compares.
type benchConfig struct {
	name  string
	apply func(*engine.Options)
}

var benchConfigs = map[string]benchConfig{
	"default":          {"default", func(*engine.Options) {}},
	"no-prediction":    {"no-prediction", func(o *engine.Options) { o.NoPrediction = true }},
	"no-demand-driven": {"no-demand-driven", func(o *engine.Options) { o.NoDemandDriven = true }},
	"neither":          {"neither", func(o *engine.Options) { o.NoPrediction, o.NoDemandDriven = true, true }},
	// The lookahead paper's configurations (used with --target).
	"A": {"A", func(o *engine.Options) { o.Schedule, o.NoLookahead = "aflfast", true }},
	"B": {"B", func(o *engine.Options) { o.Schedule = "lookahead" }},
	"C": {"C", func(o *engine.Options) { o.Schedule, o.NoLookahead = "lookahead", true }},
	"D": {"D", func(o *engine.Options) { o.Schedule = "aflfast" }},
}

// runBench runs each configuration over several seeds on each file and
// prints, per finding, how often and how fast each configuration finds it
// (HARVEY §6's protocol: medians over runs).
func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var cf compilerFlags
	cf.register(fs)
	seeds := fs.Int("seeds", 10, "run each configuration this `number` of times (seeds 1..N)")
	execs := fs.Uint64("execs", 200_000, "stop each run after this `number` of transaction sequences")
	configs := fs.String("configs", "default,no-prediction", "`names` of the configurations to compare: "+strings.Join(benchConfigNames(), ", "))
	var targets targetList
	fs.Var(&targets, "target", "FILE:LINE[-LINE] `place` to reach (repeatable); reported as a 'target' row")
	focus := fs.String("focus", "", "the `functions` (fn or Contract.fn, comma-separated) the campaigns are about, as the language server focuses on edited functions")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the runs to `file` (go tool pprof)")
	paths, code, ok := parseCommand("bench", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	cfgs, err := parseBenchConfigs(*configs)
	if err != nil {
		usageError(stderr, "bench", "%v", err)
		return exitUsage
	}
	if len(paths) == 0 || *seeds < 1 {
		usageError(stderr, "bench", "want at least one FILE and --seeds of 1 or more")
		return exitUsage
	}
	tc := cf.toolchain(stderr, newLogger(stderr, cf.verbose))
	defer tc.Close()
	tuneGC()
	if *cpuprofile != "" {
		stop, err := startCPUProfile(*cpuprofile)
		if err != nil {
			cliError(stderr, "bench", err)
			return exitUsage
		}
		defer stop()
	}

	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "file\tfinding\tconfig\tfound\tmedian execs\tmedian time\tvs first\tpredictions hit\tanalysis share\ttxs/s")
	for _, path := range paths {
		good, err := compileClean(ctx, tc, path, stderr)
		if err != nil {
			cliError(stderr, "bench", err)
			return exitUsage
		}
		// results[finding][config] = per-seed (execs, time) of the runs that found it.
		results := map[string]map[string][]benchHit{}
		predictions := map[string][2]uint64{}
		analysis := map[string]time.Duration{}
		total := map[string]time.Duration{}
		txs := map[string]uint64{}
		for _, c := range cfgs {
			for s := 1; s <= *seeds; s++ {
				opts := engine.Options{Settings: engine.Settings{Seed: uint64(s), Execs: *execs}, Targets: targets}
				if *focus != "" {
					opts.Focus = strings.Split(*focus, ",")
				}
				c.apply(&opts)
				rep, err := engine.Fuzz(ctx, good, opts)
				if err != nil {
					cliErrorf(stderr, "bench", "%s seed %d: %w", c.name, s, err)
					return exitUsage
				}
				p := predictions[c.name]
				predictions[c.name] = [2]uint64{p[0] + rep.Predictions, p[1] + rep.PredictionHits}
				if rep.TargetExecs > 0 {
					addHit(results, "target", c.name, benchHit{rep.TargetExecs, rep.TargetTime})
				}
				analysis[c.name] += rep.AnalysisTime
				total[c.name] += rep.Elapsed
				txs[c.name] += rep.Txs
				for _, f := range rep.Findings {
					addHit(results, fmt.Sprintf("%s@%d", f.Kind, f.Line), c.name, benchHit{f.Execs, f.Elapsed})
				}
			}
		}
		printBenchRows(tw, path, cfgs, benchStats{results, predictions, analysis, total, txs}, *seeds, *execs)
	}
	tw.Flush()
	return exitOK
}

// benchStats are one file's results per finding and configuration.
type benchStats struct {
	results     map[string]map[string][]benchHit // [finding][config]: the runs that found it
	predictions map[string][2]uint64             // [config]: predictions run, hit
	analysis    map[string]time.Duration         // [config]: time in the lookahead analysis
	total       map[string]time.Duration         // [config]: campaign time
	txs         map[string]uint64                // [config]: transactions executed
}

// printBenchRows writes one row per finding and configuration of path.
func printBenchRows(tw io.Writer, path string, cfgs []benchConfig, st benchStats, seeds int, execs uint64) {
	keys := make([]string, 0, len(st.results))
	for k := range st.results {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		base := median(st.results[k][cfgs[0].name], seeds, execs)
		for _, c := range cfgs {
			m := median(st.results[k][c.name], seeds, execs)
			pr := st.predictions[c.name]
			rate := "-"
			if pr[0] > 0 {
				rate = fmt.Sprintf("%.0f%%", 100*float64(pr[1])/float64(pr[0]))
			}
			share := "-"
			if st.analysis[c.name] > 0 {
				share = fmt.Sprintf("%.1f%%", 100*st.analysis[c.name].Seconds()/st.total[c.name].Seconds())
			}
			txRate := "-"
			if s := st.total[c.name].Seconds(); s > 0 {
				txRate = fmt.Sprintf("%.0f", float64(st.txs[c.name])/s)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d/%d\t%s\t%s\t%s\t%s\t%s\t%s\n", displayPath(path, path), k, c.name,
				len(st.results[k][c.name]), seeds, m.execString(), m.timeString(), speedup(base, m), rate, share, txRate)
		}
	}
}

type benchHit struct {
	execs uint64
	time  time.Duration
}

// benchMedian is the median run of a configuration. Runs that missed count
// as beyond the budget, so when most runs missed the median is censored:
// only known to exceed the budget.
type benchMedian struct {
	execs    uint64
	time     time.Duration
	censored bool
}

// median returns the median over runs (HARVEY §6 reports medians), the
// lower one for an even number of runs.
func median(hits []benchHit, runs int, budget uint64) benchMedian {
	m := (runs - 1) / 2
	if len(hits) <= m {
		return benchMedian{execs: budget, censored: true}
	}
	es := make([]uint64, len(hits))
	ts := make([]time.Duration, len(hits))
	for i, h := range hits {
		es[i], ts[i] = h.execs, h.time
	}
	sort.Slice(es, func(i, j int) bool { return es[i] < es[j] })
	sort.Slice(ts, func(i, j int) bool { return ts[i] < ts[j] })
	return benchMedian{execs: es[m], time: ts[m]}
}

func (m benchMedian) execString() string {
	if m.censored {
		return fmt.Sprintf("> %d", m.execs)
	}
	return fmt.Sprint(m.execs)
}

func (m benchMedian) timeString() string {
	if m.censored {
		return "-"
	}
	return m.time.Round(time.Millisecond).String()
}

// speedup is how many times fewer executions m needed than the baseline:
// a lower bound when only the baseline is censored, unknown when m is.
func speedup(base, m benchMedian) string {
	switch {
	case m.censored || m.execs == 0:
		return "-"
	case base.censored:
		return fmt.Sprintf("> %.1fx", float64(base.execs)/float64(m.execs))
	default:
		return fmt.Sprintf("%.1fx", float64(base.execs)/float64(m.execs))
	}
}

func benchConfigNames() []string {
	var out []string
	for n := range benchConfigs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// parseBenchConfigs resolves a comma-separated list of configuration names.
func parseBenchConfigs(list string) ([]benchConfig, error) {
	var cfgs []benchConfig
	for _, n := range strings.Split(list, ",") {
		c, ok := benchConfigs[strings.TrimSpace(n)]
		if !ok {
			return nil, fmt.Errorf("unknown configuration %q (want %s)", n, strings.Join(benchConfigNames(), ", "))
		}
		cfgs = append(cfgs, c)
	}
	return cfgs, nil
}

// startCPUProfile profiles the process into path until stop is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// addHit records that configuration cfg found key in one run.
func addHit(results map[string]map[string][]benchHit, key, cfg string, h benchHit) {
	if results[key] == nil {
		results[key] = map[string][]benchHit{}
	}
	results[key][cfg] = append(results[key][cfg], h)
}

// compileClean compiles one path; compile errors are printed to w and
// returned as an error.
func compileClean(ctx context.Context, tc *solc.Toolchain, path string, w io.Writer) ([]*solc.Build, error) {
	builds, err := compilePaths(ctx, tc, []string{path})
	if err != nil {
		return nil, err
	}
	for _, b := range builds {
		if b.HasErrors() {
			printDiagnostics(w, b)
			return nil, fmt.Errorf("%s does not compile", path)
		}
	}
	return builds, nil
}
