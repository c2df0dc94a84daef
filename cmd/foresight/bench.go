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

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// runBench runs each configuration over several seeds on each file and
// prints, per finding, how often and how fast each configuration finds it
// (HARVEY §6's protocol: medians over runs).
func runBench(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	var cf compilerFlags
	cf.register(fs)
	seeds := fs.Int("seeds", 10, "run each configuration this `number` of times (seeds 1..N)")
	execs := fs.Uint64("execs", 200_000, "stop each run after this `number` of transaction sequences")
	configs := fs.String("configs", "default,no-prediction", "`names` of the configurations to compare: "+strings.Join(session.BenchConfigNames(), ", "))
	var targets targetList
	fs.Var(&targets, "target", "FILE:LINE[-LINE] `place` to reach (repeatable); reported as a 'target' row")
	focus := fs.String("focus", "", "the `functions` (fn or Contract.fn, comma-separated) the campaigns are about, as the language server focuses on edited functions")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the runs to `file` (go tool pprof)")
	paths, code, ok := parseCommand("bench", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	cfgs, err := session.BenchConfigsNamed(*configs)
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
		req := session.BenchRequest{Configs: cfgs, Seeds: *seeds, Execs: *execs, Targets: targets}
		if *focus != "" {
			req.Focus = strings.Split(*focus, ",")
		}
		st, err := session.Bench(ctx, good, req)
		if err != nil {
			cliError(stderr, "bench", err)
			return exitUsage
		}
		printBenchRows(tw, path, cfgs, st, *seeds, *execs)
	}
	tw.Flush()
	return exitOK
}

// printBenchRows writes one row per finding and configuration of path.
func printBenchRows(tw io.Writer, path string, cfgs []session.BenchConfig, st session.BenchStats, seeds int, execs uint64) {
	keys := make([]string, 0, len(st.Hits))
	for k := range st.Hits {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		base := median(st.Hits[k][cfgs[0].Name], seeds, execs)
		for _, c := range cfgs {
			m := median(st.Hits[k][c.Name], seeds, execs)
			pr := st.Predictions[c.Name]
			rate := "-"
			if pr[0] > 0 {
				rate = fmt.Sprintf("%.0f%%", 100*float64(pr[1])/float64(pr[0]))
			}
			share := "-"
			if st.Analysis[c.Name] > 0 {
				share = fmt.Sprintf("%.1f%%", 100*st.Analysis[c.Name].Seconds()/st.Total[c.Name].Seconds())
			}
			txRate := "-"
			if s := st.Total[c.Name].Seconds(); s > 0 {
				txRate = fmt.Sprintf("%.0f", float64(st.Txs[c.Name])/s)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d/%d\t%s\t%s\t%s\t%s\t%s\t%s\n", displayPath(path, path), k, c.Name,
				len(st.Hits[k][c.Name]), seeds, m.execString(), m.timeString(), speedup(base, m), rate, share, txRate)
		}
	}
}

// benchHit is one run that found something (session.BenchHit).
type benchHit = session.BenchHit

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
		es[i], ts[i] = h.Execs, h.Time
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
