package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"text/tabwriter"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// This file scores the oracles against labelled contracts: each file is
// fuzzed on its own (session.RunLabelled), and its findings are compared
// with the //@finding(KIND) comments on the lines where they must be
// reported.

// label is one expected or found finding (session.Label).
type label = session.Label

// score is one kind's tally.
type score struct {
	TP, FP, Miss int
}

// scoreLabels fuzzes every file of paths separately and prints, per
// finding kind, true positives, false positives and misses, then the
// files that disagree with their labels. It returns exitOK when every
// label is found and nothing else is.
func scoreLabels(ctx context.Context, tc *solc.Toolchain, paths []string, opts engine.Options, parallel int, stdout, stderr io.Writer) int {
	files, err := session.LabelFiles(paths)
	if err != nil {
		cliError(stderr, "fuzz", err)
		return exitUsage
	}
	results := session.RunLabelled(ctx, tc, files, opts, parallel)

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
