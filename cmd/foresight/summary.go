package main

import (
	"fmt"
	"io"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
)

// A summary is what check and fuzz say on stderr after a run: by default
// what a user needs (what was fuzzed and what was not and why, the lines
// reached, the findings, the compile and fuzz time), so that "0
// finding(s)" always says what it covers; the engine's internals (rates,
// transactions, corpus, where the time went, predictions) with -v.
type summary struct {
	rep *engine.Report
	// skips are the contracts not fuzzed (session.Skips), the ones the JSON
	// report and the editor list too.
	skips []session.Status
	// compile is the wall time spent compiling, suites included; wall
	// the wall time the campaigns took (they may run side by side, so
	// rep.Elapsed, their times summed, can exceed it).
	compile, wall     time.Duration
	targeted, verbose bool
}

// print writes the summary to w.
func (s summary) print(w io.Writer) {
	rep := s.rep
	if rep.Note != "" {
		fmt.Fprintf(w, "foresight: %s\n", rep.Note)
	}
	if rep.SetUp != "" {
		fmt.Fprintf(w, "foresight: deployed by %s.setUp()\n", rep.SetUp)
	}
	for _, sk := range s.skips {
		fmt.Fprintf(w, "foresight: skipped %s: %s (%s:%d)\n", sk.Name, sk.Reason, sk.Unit, sk.Line)
	}
	fmt.Fprintf(w, "foresight: %d finding(s)%s; fuzzed %d contract(s), %d function(s): %d executions in %s; compiled in %s\n",
		report.Own(rep.Findings), mockCount(rep.Findings), rep.Contracts, rep.Functions, rep.Execs, s.fuzzTime().Round(time.Millisecond), s.compile.Round(time.Millisecond))
	fmt.Fprintf(w, "foresight: %s\n", scopeLine(rep, len(s.skips)))
	if s.verbose {
		rate := 0.0
		if sec := rep.Elapsed.Seconds(); sec > 0 {
			rate = float64(rep.Execs) / sec
		}
		fmt.Fprintf(w, "foresight: %.0f executions/s, %d txs (%.0f/s), corpus %d\n", rate, rep.Txs, rep.TxRate, rep.Corpus)
	}
	if rep.Contracts > 1 {
		// Not for contracts that were never deployed: a campaign that
		// deployed none still calls their addresses.
		printBudget(w, rep.FunctionStats)
	}
	printFunctions(w, rep.FunctionStats, s.verbose)
	if s.targeted {
		if rep.TargetExecs > 0 {
			fmt.Fprintf(w, "foresight: target reached after %d executions (%s); lookahead analysis took %s\n", rep.TargetExecs, rep.TargetTime.Round(time.Millisecond), rep.AnalysisTime.Round(time.Millisecond))
		} else {
			fmt.Fprintf(w, "foresight: target not reached; lookahead analysis took %s\n", rep.AnalysisTime.Round(time.Millisecond))
		}
	}
	if s.verbose {
		printPredictions(w, predictionCounts{rep.Predictions, rep.PredictionHits, rep.PredictionYield}, true)
	}
	if rep.Timeouts > 0 {
		fmt.Fprintf(w, "foresight: warning: %d transaction(s) exceeded the wall-clock limit and were cancelled\n", rep.Timeouts)
	}
}

// scopeLine says how much of what was asked was fuzzed and how much of its
// source ran (engine.Scope), e.g. "3 of 4 contract(s), 27 of 31
// function(s), 58% of reachable source lines (120 of 207)"; listed is
// the number of skipped lines above it.
func scopeLine(rep *engine.Report, listed int) string {
	s := fmt.Sprintf("%d of %d contract(s), %d of %d function(s), %.0f%% of reachable source lines (%d of %d)",
		rep.Contracts, rep.ContractsTotal, rep.Functions, rep.FunctionsTotal, rep.LinePercent(), rep.LinesCovered, rep.Lines)
	if n := otherSkipped(rep, listed); n > 0 {
		s += fmt.Sprintf("; %d other contract(s) skipped, as listed above", n)
	}
	if rep.DeployExecs > 0 {
		s += fmt.Sprintf("; %d executions solved constructors", rep.DeployExecs)
	}
	return s
}

// fuzzTime is the campaigns' wall time, or, where the caller did not
// measure it, their times summed.
func (s summary) fuzzTime() time.Duration {
	if s.wall > 0 {
		return s.wall
	}
	return s.rep.Elapsed
}
