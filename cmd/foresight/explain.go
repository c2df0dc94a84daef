package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
)

// runExplain prints what finding kinds mean: why each is a bug, how
// Foresight decides it and what to do (the detail a finding's one-line
// message leaves out). Without a kind it lists them all.
func runExplain(_ context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("explain", flag.ContinueOnError)
	kinds, code, ok := parseCommand("explain", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(kinds) == 0 {
		listKinds(stdout)
		return exitOK
	}
	return explainKinds("explain", kinds, stdout, stderr)
}

// explainKinds prints each kind's explanation; a word that is no kind is
// a usage error that lists the kinds.
func explainKinds(cmd string, kinds []string, stdout, stderr io.Writer) int {
	for i, k := range kinds {
		e, ok := render.Explain(k)
		if !ok {
			usageError(stderr, cmd, "%q is not a finding kind (kinds: %s)", k, strings.Join(render.ExplainedKinds(), ", "))
			return exitUsage
		}
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		for _, para := range strings.Split(strings.TrimSuffix(e.Text(), "\n"), "\n") {
			fmt.Fprintln(stdout, strings.Join(wrap(para, helpWidth), "\n"))
		}
	}
	return exitOK
}

// listKinds prints every kind with its title, one a line.
func listKinds(w io.Writer) {
	fmt.Fprintln(w, "Finding kinds (foresight explain KIND says more):")
	for _, k := range render.ExplainedKinds() {
		e, _ := render.Explain(k)
		fmt.Fprintf(w, "  %-16s %s\n", k, e.Title)
	}
}

// writeExplanation prints, under a finding with -v, what the oracle saw
// and what the kind means, indented like the sequence above it.
func writeExplanation(w io.Writer, f report.Finding) {
	if f.Detail != "" {
		printWrapped(w, "what Foresight saw: "+f.Detail)
	}
	if e, ok := render.Explain(f.Kind); ok {
		printWrapped(w, "why it matters: "+e.Why)
		printWrapped(w, "what to do: "+e.Fix)
		if link := e.Link(); link != "" {
			printWrapped(w, "see "+link+" and foresight explain "+f.Kind)
		} else {
			printWrapped(w, "see foresight explain "+f.Kind)
		}
	}
}

// printWrapped prints text as a note under a finding, wrapped at the help
// pages' width.
func printWrapped(w io.Writer, text string) {
	for i, l := range wrap(text, helpWidth-6) {
		indent := "    "
		if i > 0 {
			indent = "      "
		}
		fmt.Fprintf(w, "%s%s\n", indent, l)
	}
}
