package main

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestSummaryDefault: check's default summary says what was fuzzed, the
// lines reached, the findings and the compile and fuzz time, and keeps
// the engine's internals (rates, transactions, corpus, where the time
// went, predictions) for -v (issue 48, item 6).
func TestSummaryDefault(t *testing.T) {
	file := fixtures.Example(t, "LookaheadBar.sol")
	args := []string{"check", "--seed", "1", "--execs", "3000", "--timeout", "0", file}
	_, _, plain := foresight(t, args...)
	// Any duration time.Duration prints: a loaded machine turns 300ms
	// into 1m21.899s.
	const duration = `(?:[0-9.]+(?:h|m|s|ms|µs|us|ns))+`
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`foresight: \d+ finding\(s\); fuzzed 1 contract\(s\), \d+ function\(s\): 3000 executions in ` + duration + `; compiled in ` + duration + `\n`),
		regexp.MustCompile(`foresight: 1 of 1 contract\(s\), \d+ of \d+ function\(s\), \d+% of reachable source lines \(\d+ of \d+\)`),
	} {
		if !want.MatchString(plain) {
			t.Errorf("the default summary lacks %s:\n%s", want, plain)
		}
	}
	for _, internal := range []string{"/s)", "executions/s", "corpus ", "predicted inputs", "time went to"} {
		if strings.Contains(plain, internal) {
			t.Errorf("the default summary has %q, an internal for -v:\n%s", internal, plain)
		}
	}
	_, _, verbose := foresight(t, append(args, "-v")...)
	for _, want := range []string{"; compiled in ", "executions/s, ", " txs (", "corpus ", "time went to"} {
		if !strings.Contains(verbose, want) {
			t.Errorf("-v's summary lacks %q:\n%s", want, verbose)
		}
	}
}

// TestSummaryWallTime: the summary's fuzz time is the campaigns' wall
// time, not their times summed (a direct campaign and a suite run side
// by side: 5.18s of wall time, 10.024s summed); a caller that measured
// none gets the sum.
func TestSummaryWallTime(t *testing.T) {
	for _, tt := range []struct {
		elapsed, wall time.Duration
		want          string
	}{
		{10024 * time.Millisecond, 5180 * time.Millisecond, "9000 executions in 5.18s;"},
		{10024 * time.Millisecond, 0, "9000 executions in 10.024s;"},
	} {
		var b strings.Builder
		summary{rep: &engine.Report{Counts: fuzz.Counts{Execs: 9000, Elapsed: tt.elapsed}}, wall: tt.wall, compile: time.Second}.print(&b)
		if !strings.Contains(b.String(), tt.want) {
			t.Errorf("elapsed %s, wall %s: summary lacks %q:\n%s", tt.elapsed, tt.wall, tt.want, b.String())
		}
	}
}
