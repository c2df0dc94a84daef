package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

func runReplay(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	var cf compilerFlags
	cf.register(fs)
	index := fs.Int("finding", 0, "replay only the finding with this `number` (1 is the first; 0: all)")
	rootFlag := fs.String("root", "", "resolve the report's relative paths against this project `dir`, and with --export write into it (default: the project of the working directory, else of the report's folder)")
	var ff forkFlags
	ff.register(fs, false)
	export := fs.Bool("export", false, "instead of replaying, write each finding as a Foundry test into its project's test folder (test/Foresight_<Contract>_<kind>.t.sol; never a package in node_modules; never overwrites) and print the paths; every path the report names must lie in the project of --root, else of the working directory, else of the report's folder")
	format := fs.String("format", "text", "output `format`: text (each trace and a count) or junit (a testcase per finding replayed, failing while it still fails)")
	exportStyle := fs.String("export-style", "regression", "what an exported test asserts: `regression` (it fails while the bug is there and passes once it is fixed) or proof (it passes while the bug is there)")
	paths, code, ok := parseCommand("replay", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if len(paths) != 1 {
		usageError(stderr, "replay", "want one REPORT.json, got %d arguments", len(paths))
		return exitUsage
	}
	if *format != "text" && *format != "junit" {
		usageError(stderr, "replay", "--format %s: %v (want text or junit)", *format, errUnknownValue)
		return exitUsage
	}
	if strings.HasSuffix(paths[0], ".sol") {
		cliErrorf(stderr, "replay", "%s is Solidity source; replay takes a report: foresight check --json %s > report.json, then foresight replay report.json", paths[0], paths[0])
		return exitUsage
	}
	// The report may come from a corpus directory or a CI artifact that
	// others write: it is read within limits and checked before use.
	rep, err := report.Read(paths[0])
	if err != nil {
		cliError(stderr, "replay", err)
		return exitUsage
	}
	if rep.Schema != reportSchema {
		cliErrorf(stderr, "replay", "%s has schema %q, want %q", paths[0], rep.Schema, reportSchema)
		return exitUsage
	}
	if len(rep.Findings) == 0 {
		fmt.Fprintf(stdout, "%s has no findings: nothing to replay\n", paths[0])
		return exitOK
	}
	if *index < 0 || *index > len(rep.Findings) {
		usageError(stderr, "replay", "--finding %d: the report has %d finding(s)", *index, len(rep.Findings))
		return exitUsage
	}
	if err := resolveReport(rep, paths[0], *rootFlag); err != nil {
		cliErrorf(stderr, "replay", "%s: %w", paths[0], err)
		return exitUsage
	}
	if err := rep.CheckInputs(); err != nil {
		cliErrorf(stderr, "replay", "%s: %w", paths[0], err)
		return exitUsage
	}
	var bound string
	if *export {
		// The export reads and writes only inside the project the
		// command runs in or for, never one the report chooses: every
		// path it names must lie inside it before anything is compiled.
		if bound, err = exportProject(*rootFlag, paths[0], rep); err != nil {
			cliErrorf(stderr, "replay", "--export: %w", err)
			return exitUsage
		}
	}
	tc := cf.toolchain(stderr, newLogger(stderr, cf.verbose))
	defer tc.Close()
	builds, err := cf.compile(ctx, tc, rep.Inputs)
	if err != nil {
		cliError(stderr, "replay", err)
		return exitUsage
	}
	if builds = replayable(builds, stderr); builds == nil {
		return exitUsage
	}
	style, err := session.ParseExportStyle(*exportStyle)
	if err != nil {
		usageError(stderr, "replay", "--export-style: %v", err)
		return exitUsage
	}
	src := &findingSource{ctx: ctx, tc: tc, cf: &cf, builds: builds, setup: rep.Setup}
	if *export {
		return exportFindings(rep, src, *index, style, bound, stdout, stderr)
	}
	var cases *[]junitCase
	if *format == "junit" {
		cases = &[]junitCase{}
	}
	start := time.Now()
	exit := replayFindings(ctx, &ff, rep, src, replayOut{*index, cf.verbose, cases}, stdout, stderr)
	if cases != nil && exit != exitUsage {
		suite := junitSuite{Name: "foresight replay", Cases: *cases, wall: time.Since(start)}
		if err := writeJUnit(stdout, "foresight", suite.wall, []junitSuite{suite}); err != nil {
			cliError(stderr, "replay", err)
			return exitUsage
		}
	}
	return exit
}

// replayOut is what replayFindings replays and how it reports: only
// finding index (0: all), verbose traces, and, for --format junit, the
// testcases it fills instead of printing (nil for text).
type replayOut struct {
	index   int
	verbose bool
	junit   *[]junitCase
}

// replayFindings replays the report's findings (index: only that one),
// on the fork they were found on, if any, on the code as it is now, and
// prints each trace and a last line counting them: still failing (as
// reported, or at another place: the code moved or another site of the
// kind fails), fixed (replayed without failing) and stale (a contract,
// function, check or set-up the sequence needs is gone).
func replayFindings(ctx context.Context, ff *forkFlags, rep *report.File, fs *findingSource, o replayOut, stdout, stderr io.Writer) int {
	if o.junit != nil {
		stdout = io.Discard // the testcases say it all
	}
	forks, err := ff.openReplay(ctx, rep.Setup.Fork, stderr)
	if err != nil {
		cliError(stderr, "replay", err)
		return exitUsage
	}
	defer closeFork(forks, stderr)
	defer closeSetUpForks(forks.SetUp, stderr)
	var n replayCounts
	var senders senderNames
	for i, f := range rep.Findings {
		if o.index != 0 && i+1 != o.index {
			continue
		}
		n.asked++
		fmt.Fprintf(stdout, "finding %d: %s in %s\n", i+1, f.Kind, f.Contract)
		for _, c := range f.Calls {
			if _, note := senders.name(c); note != "" {
				fmt.Fprintf(stdout, "  (%s)\n", note)
			}
		}
		builds, setup, err := fs.of(f)
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		v, tr, err := engine.RecheckForked(forks.Source, forks.SetUp, builds, setup, f)
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		if v.Status == engine.Stale {
			fmt.Fprintf(stdout, "stale: %s; the finding no longer applies to this code\n", v.Reason)
			n.stale++
			o.add(i+1, f, nil, builds, v.Reason)
			continue
		}
		printTrace(stdout, tr, builds, f, o.verbose)
		n.count(i+1, f, tr, stderr)
		o.add(i+1, f, tr, builds, "")
	}
	fmt.Fprintln(stdout, n.summary())
	if n.reproduced > 0 || n.differs > 0 {
		return exitFindings
	}
	return exitOK
}

// printTrace prints a replayed finding's trace; verbose adds what its
// kind means (the trace has the oracle's evidence already).
func printTrace(w io.Writer, tr *engine.Trace, builds []*solc.Build, f report.Finding, verbose bool) {
	fmt.Fprint(w, engine.FormatTrace(tr, builds))
	if verbose {
		f.Detail = ""
		writeExplanation(w, f)
	}
}

// where is a finding's kind and place, for a one-line comparison.
func where(f report.Finding) string {
	if f.Path == "" {
		return fmt.Sprintf("%s in %s", f.Kind, f.Contract)
	}
	return fmt.Sprintf("%s at %s:%d:%d", f.Kind, f.Path, f.Line, f.Column)
}

// oneLine keeps an error on one line of the terminal: a report's values
// quoted in it may hold anything.
func oneLine(err error) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || !unicode.IsPrint(r) {
			return ' '
		}
		return r
	}, err.Error())
}
