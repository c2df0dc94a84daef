package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// This file scores the oracles against labelled contracts: each file is
// fuzzed on its own, and its findings are compared with the
// //@finding(KIND) comments on the lines where they must be reported.

var labelRE = regexp.MustCompile(`//\s*@finding\(\s*([^)\s]+)\s*\)`)

// A label is one expected finding: kind at a one-based line.
type label struct {
	Kind string
	Line int
}

// parseLabels reads the //@finding(KIND) comments of a source.
func parseLabels(src []byte) []label {
	var out []label
	for i, line := range strings.Split(string(src), "\n") {
		for _, m := range labelRE.FindAllStringSubmatch(line, -1) {
			out = append(out, label{Kind: m[1], Line: i + 1})
		}
	}
	return out
}

// score is one kind's tally.
type score struct {
	TP, FP, Miss int
}

// fileResult is the outcome of one labelled file.
type fileResult struct {
	Path     string
	Found    []label
	Expected []label
	Err      error
}

// labelFiles lists the Solidity files of paths (files, or directories
// searched), sorted.
func labelFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			files = append(files, p)
			continue
		}
		fs, err := solc.SolidityFiles(p)
		if err != nil {
			return nil, err
		}
		files = append(files, fs...)
	}
	sort.Strings(files)
	return files, nil
}

// scoreLabels fuzzes every file of paths separately and prints, per
// finding kind, true positives, false positives and misses, then the
// files that disagree with their labels. It returns exitOK when every
// label is found and nothing else is.
func scoreLabels(ctx context.Context, tc *solc.Toolchain, paths []string, opts engine.Options, parallel int, stdout, stderr io.Writer) int {
	files, err := labelFiles(paths)
	if err != nil {
		cliError(stderr, "fuzz", err)
		return exitUsage
	}
	results := make([]fileResult, len(files))
	if parallel < 1 {
		parallel = 1
	}
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			results[i] = scoreFile(ctx, tc, f, opts)
		}()
	}
	wg.Wait()

	scores := map[string]*score{}
	get := func(k string) *score {
		if scores[k] == nil {
			scores[k] = &score{}
		}
		return scores[k]
	}
	var bad []string
	errs := 0
	for _, r := range results {
		if r.Err != nil {
			errs++
			bad = append(bad, fmt.Sprintf("%s: %v", r.Path, r.Err))
			continue
		}
		want := map[label]bool{}
		for _, l := range r.Expected {
			want[l] = true
		}
		got := map[label]bool{}
		for _, l := range r.Found {
			got[l] = true
		}
		for l := range got {
			if want[l] {
				get(l.Kind).TP++
			} else {
				get(l.Kind).FP++
				bad = append(bad, fmt.Sprintf("%s:%d: false positive %s", r.Path, l.Line, l.Kind))
			}
		}
		for l := range want {
			if !got[l] {
				get(l.Kind).Miss++
				bad = append(bad, fmt.Sprintf("%s:%d: missed %s", r.Path, l.Line, l.Kind))
			}
		}
	}
	kinds := make([]string, 0, len(scores))
	for k := range scores {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "kind\ttrue positives\tfalse positives\tmissed\t\n")
	var total score
	for _, k := range kinds {
		s := scores[k]
		total.TP, total.FP, total.Miss = total.TP+s.TP, total.FP+s.FP, total.Miss+s.Miss
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t\n", k, s.TP, s.FP, s.Miss)
	}
	fmt.Fprintf(tw, "all\t%d\t%d\t%d\t\n", total.TP, total.FP, total.Miss)
	tw.Flush()
	sort.Strings(bad)
	for _, b := range bad {
		fmt.Fprintln(stdout, b)
	}
	fmt.Fprintf(stderr, "foresight: %d file(s), seed %d, %d executions each\n", len(files), opts.Seed, opts.Execs)
	if errs > 0 {
		return exitUsage
	}
	if total.FP > 0 || total.Miss > 0 {
		return exitFindings
	}
	return exitOK
}

func scoreFile(ctx context.Context, tc *solc.Toolchain, path string, opts engine.Options) fileResult {
	r := fileResult{Path: path}
	src, err := os.ReadFile(path)
	if err != nil {
		r.Err = err
		return r
	}
	r.Expected = parseLabels(src)
	abs, err := filepath.Abs(path)
	if err != nil {
		r.Err = err
		return r
	}
	builds, err := compilePaths(ctx, tc, []string{abs})
	if err != nil {
		r.Err = err
		return r
	}
	for _, b := range builds {
		if b.HasErrors() {
			r.Err = fmt.Errorf("does not compile")
			return r
		}
	}
	rep, err := engine.Fuzz(ctx, builds, opts)
	if err != nil {
		r.Err = err
		return r
	}
	for _, f := range rep.Findings {
		if f.Path == abs {
			r.Found = append(r.Found, label{Kind: f.Kind, Line: f.Line})
		} else {
			r.Found = append(r.Found, label{Kind: f.Kind, Line: 0})
		}
	}
	return r
}
