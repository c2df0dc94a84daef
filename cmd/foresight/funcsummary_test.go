package main

import (
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
)

// TestPrintFunctions checks the summary's lines on functions: one that
// never completed is listed with its reason, and, under -v only, the one
// that took most of the time is named.
func TestPrintFunctions(t *testing.T) {
	fs := []report.FunctionStat{
		{Contract: "Pool", Function: "deposit", Completed: 9, Reverted: 1, TimeShare: 12},
		{Contract: "Pool", Function: "loop", Reverted: 4, TopRevert: "out of gas", TimeShare: 78},
		{Contract: "Pool", Function: "close", Reverted: 3, TopRevert: "Closed", TimeShare: 10},
	}
	var b strings.Builder
	printFunctions(&b, fs, false)
	if strings.Contains(b.String(), "time went to") {
		t.Errorf("the default summary names where the time went: %q", b.String())
	}
	b.Reset()
	printFunctions(&b, fs, true)
	for _, want := range []string{
		"never completed, not counted as fuzzed: Pool.loop (4 reverted, most often: out of gas), Pool.close (3 reverted, most often: Closed)",
		"most of the time went to Pool.loop (78%), Pool.deposit (12%), Pool.close (10%)\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("summary %q lacks %q", b.String(), want)
		}
	}
}
