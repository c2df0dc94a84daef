package engine

import (
	"context"
	"path/filepath"
	"testing"
)

// TestFunctionStats checks the per-function counts: a function that only
// reverted is not counted as fuzzed and is given with its custom error,
// and the view function that loops until gas runs out is the one that
// took most of the time.
func TestFunctionStats(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "privileged", "Spender.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 100, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	// spin runs out of gas every time: it never completes either.
	if rep.Functions != rep.FunctionsTotal-2 {
		t.Errorf("%d of %d function(s) fuzzed, want all but close and spin", rep.Functions, rep.FunctionsTotal)
	}
	byName := map[string]int{}
	top, topShare := "", 0.0
	for i, f := range rep.FunctionStats {
		byName[f.Function] = i
		if f.TimeShare > topShare {
			top, topShare = f.Function, f.TimeShare
		}
	}
	i, ok := byName["close"]
	if !ok {
		t.Fatalf("no stats for close: %+v", rep.FunctionStats)
	}
	if c := rep.FunctionStats[i]; c.Completed != 0 || c.Reverted == 0 || c.TopRevert != "Closed" {
		t.Errorf("close: %+v, want only reverts, most often Closed", c)
	}
	if d := rep.FunctionStats[byName["deposit"]]; d.Completed == 0 {
		t.Errorf("deposit: %+v, want completions", d)
	}
	if s := rep.FunctionStats[byName["spin"]]; s.TopRevert != "out of gas" {
		t.Errorf("spin: %+v, want out of gas", s)
	}
	if top != "spin" {
		t.Errorf("most time went to %q, want spin: %+v", top, rep.FunctionStats)
	}
}

// TestFunctionStatsNamesCalleeErrors checks that a function reverting with
// a custom error its callee raised (declared in the callee's ABI only: an
// implementation behind a proxy, a library) gets that error's name.
func TestFunctionStatsNamesCalleeErrors(t *testing.T) {
	bs := compile(t, filepath.Join("testdata", "funcstats", "Bubble.sol"))
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: 50, Workers: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rep.FunctionStats {
		if f.Contract == "Door" && f.Function == "open" {
			if f.TopRevert != "Shut" {
				t.Errorf("Door.open's top revert %q, want Shut", f.TopRevert)
			}
			return
		}
	}
	t.Fatalf("no stats for Door.open: %+v", rep.FunctionStats)
}
