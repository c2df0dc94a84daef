package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/foresight-sol/foresight/engine/finding"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
)

// report is what seedrate reads of a foresight JSON report.
type report struct {
	Findings []struct {
		Kind  string `json:"kind"`
		Line  int    `json:"line"`
		Unit  string `json:"unit"`
		Execs uint64 `json:"execs"`
	} `json:"findings"`
}

// build is one foresight binary under a short name.
type build struct{ name, bin string }

func main() {
	seeds := flag.Int("seeds", 50, "run seeds 1..`N`")
	execs := flag.Int("execs", 20000, "stop each campaign after `N` executions")
	parallel := flag.Int("parallel", runtime.NumCPU(), "run `N` campaigns at once")
	extra := flag.String("flags", "", "further `flags` for foresight fuzz, space-separated (\"--oracles "+string(finding.FrontRunning)+"\")")
	flag.Parse()
	args := flag.Args()
	var builds []build
	for len(builds) < 2 && len(args) > 0 && strings.Contains(args[0], "=") {
		n, b, _ := strings.Cut(args[0], "=")
		builds = append(builds, build{n, b})
		args = args[1:]
	}
	if len(builds) == 0 || len(args) == 0 || len(builds) == 2 && builds[0].name == builds[1].name {
		fmt.Fprintln(os.Stderr, "usage: seedrate [-seeds N] [-execs N] [-parallel N] [-flags \"FLAGS\"] NAME=BINARY [NAME=BINARY] FILE...")
		os.Exit(2)
	}
	files := args
	labels, err := readLabels(files) // before the runs: a missing file fails at once
	if err != nil {
		fmt.Fprintf(os.Stderr, "seedrate: %v\n", err)
		os.Exit(1)
	}
	runs, err := runAll(context.Background(), builds, files, strings.Fields(*extra), *seeds, *execs, *parallel)
	if err != nil {
		fmt.Fprintf(os.Stderr, "seedrate: %v\n", err)
		os.Exit(1)
	}
	tw := tabwriter.NewWriter(os.Stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintf(tw, "file\tfinding\tlabel")
	for _, b := range builds {
		fmt.Fprintf(tw, "\t%s found\tmedian\tmean", b.name)
	}
	two := len(builds) == 2
	if two {
		fmt.Fprintf(tw, "\tz\tp")
	}
	fmt.Fprintln(tw)
	names := make([]string, len(builds))
	for i, b := range builds {
		names[i] = b.name
	}
	for _, r := range summarize(runs, names, labels, *seeds, uint64(*execs)) {
		fmt.Fprintf(tw, "%s\t%s\t%s", r.file, r.finding, r.label)
		for _, s := range r.builds {
			fmt.Fprintf(tw, "\t%d/%d\t%s\t%s", s.found, *seeds, s.median, s.mean)
		}
		if two {
			fmt.Fprintf(tw, "\t%+.2f\t%.3f", r.z, r.p)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	if two {
		fmt.Printf("z > 0: %s needs more executions than %s; p is two-sided (runs that did not find a finding rank last)\n", builds[0].name, builds[1].name)
	}
}

// runs maps build, file and finding to the executions each seed took to
// find it (absent: not found).
type runs map[string]map[string]map[string]map[int]uint64

// runAll runs every build on every file at every seed, parallel at once;
// the first campaign that fails (a file that does not compile) stops the
// rest, since a comparison missing runs would be wrong.
func runAll(ctx context.Context, builds []build, files, extra []string, seeds, execs, parallel int) (runs, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		b    build
		file string
		seed int
	}
	jobs := make(chan job)
	out := runs{}
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for range max(parallel, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				rep, err := fuzz(ctx, j.b.bin, j.file, extra, j.seed, execs)
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("%s seed %d on %s: %w", j.b.name, j.seed, j.file, err)
					cancel()
				}
				for _, f := range rep.Findings {
					key := f.Kind + "@" + strconv.Itoa(f.Line)
					byFile := ensure(ensure(out, j.b.name), j.file)
					if byFile[key] == nil {
						byFile[key] = map[int]uint64{}
					}
					byFile[key][j.seed] = f.Execs
				}
				mu.Unlock()
			}
		}()
	}
	for _, f := range files {
		for s := 1; s <= seeds; s++ {
			for _, b := range builds {
				jobs <- job{b, f, s}
			}
		}
	}
	close(jobs)
	wg.Wait()
	return out, firstErr
}

// ensure returns m[k], creating it if need be.
func ensure[V any](m map[string]map[string]V, k string) map[string]V {
	if m[k] == nil {
		m[k] = map[string]V{}
	}
	return m[k]
}

// fuzz runs one campaign and parses its report.
func fuzz(ctx context.Context, bin, file string, extra []string, seed, execs int) (report, error) {
	args := []string{"fuzz", "--seed", strconv.Itoa(seed), "--execs", strconv.Itoa(execs),
		"--workers", "1", "--timeout", "0", "--format", "json"}
	args = append(append(args, extra...), file)
	cmd := exec.CommandContext(ctx, bin, args...)
	b, err := cmd.Output()
	var rep report
	if len(b) == 0 && err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && len(bytes.TrimSpace(ee.Stderr)) > 0 {
			// foresight's own message (a compile error), not just its status.
			lines := strings.Split(strings.TrimSpace(string(ee.Stderr)), "\n")
			return rep, fmt.Errorf("%w: %s", err, lines[len(lines)-1])
		}
		return rep, err
	}
	// A campaign with findings exits non-zero; its report is still whole.
	if err := json.Unmarshal(b, &rep); err != nil {
		return rep, fmt.Errorf("report: %w", err)
	}
	return rep, nil
}

// row is one finding's comparison.
type row struct {
	file, finding string
	label         string  // "want", "FALSE", or "" for a file without labels
	builds        []stat  // per build, in the order named
	z, p          float64 // the first build's executions against the second's
}

// stat is one build's executions to a finding over the seeds.
type stat struct {
	found        int
	median, mean string
}

// summarize compares the builds per file and finding, in file and finding
// order; names are the builds (one or two). A seed that did not find a finding counts as budget+1 executions.
func summarize(r runs, names []string, labels map[string]map[string]bool, seeds int, budget uint64) []row {
	keys := map[[2]string]bool{}
	for file, want := range labels {
		for f := range want {
			keys[[2]string{file, f}] = true
		}
	}
	for _, byFile := range r {
		for file, byFinding := range byFile {
			for f := range byFinding {
				keys[[2]string{file, f}] = true
			}
		}
	}
	var out []row
	for k := range keys {
		rw := row{file: k[0], finding: k[1], builds: make([]stat, len(names))}
		if want := labels[k[0]]; len(want) > 0 {
			rw.label = "FALSE"
			if want[k[1]] {
				rw.label = "want"
			}
		}
		samples := make([][]float64, len(names))
		for i, n := range names {
			got := r[n][k[0]][k[1]]
			var xs []float64
			for s := 1; s <= seeds; s++ {
				if e, ok := got[s]; ok {
					xs = append(xs, float64(e))
					samples[i] = append(samples[i], float64(e))
				} else {
					samples[i] = append(samples[i], float64(budget+1))
				}
			}
			rw.builds[i] = stat{found: len(xs), median: "-", mean: "-"}
			if len(xs) > 0 {
				rw.builds[i].median = strconv.FormatFloat(median(xs), 'f', 0, 64)
				rw.builds[i].mean = strconv.FormatFloat(mean(xs), 'f', 0, 64)
			}
		}
		if len(names) == 2 {
			rw.z, rw.p = mannWhitney(samples[0], samples[1])
		}
		out = append(out, rw)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].file != out[j].file {
			return out[i].file < out[j].file
		}
		return out[i].finding < out[j].finding
	})
	return out
}

// annotation is a fixture's label of a finding on its line.
var annotation = regexp.MustCompile(`//@finding\(([^)]+)\)`)

// readLabels returns, per file, the findings its annotations label, as
// KIND@LINE; a file without annotations has none.
func readLabels(files []string) (map[string]map[string]bool, error) {
	out := map[string]map[string]bool{}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			for _, m := range annotation.FindAllStringSubmatch(sc.Text(), -1) {
				ensure(out, f)[m[1]+"@"+strconv.Itoa(n)] = true
			}
		}
		err = sc.Err()
		fh.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
	}
	return out, nil
}
