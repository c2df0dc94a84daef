package engine

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/report"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestInputsRoundTrip saves a campaign's corpus, loads it, and seeds a
// second campaign with it: replaying the seeds alone covers every line the
// first campaign's corpus covered.
func TestInputsRoundTrip(t *testing.T) {
	bs := compile(t, fixtures.Example(t, "PathsBaz.sol"))
	first, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 3, Execs: 3000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(first.Inputs) != first.Corpus || len(first.Inputs) < 3 {
		t.Fatalf("inputs %d, corpus %d", len(first.Inputs), first.Corpus)
	}
	path := filepath.Join(t.TempDir(), "sub", "corpus.json")
	if err := corpus.SaveInputs(path, first.Inputs); err != nil {
		t.Fatal(err)
	}
	loaded, err := corpus.LoadInputs(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(loaded, first.Inputs) {
		t.Fatalf("loaded corpus differs from saved one")
	}
	// Budget: the per-function seeds plus the saved inputs, nothing more.
	budget := uint64(len(loaded) + 8)
	second, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 4, Execs: budget, NoPrediction: true}, Seeds: loaded})
	if err != nil {
		t.Fatal(err)
	}
	if second.SeedsUsed != len(loaded) {
		t.Errorf("seeds used %d, want %d", second.SeedsUsed, len(loaded))
	}
	// Failing inputs are findings, not corpus entries: their lines are not
	// expected.
	failing := map[int]bool{}
	for _, f := range first.Findings {
		failing[f.Line] = true
	}
	for file, fc := range first.Coverage {
		for line := range fc.Covered {
			if !failing[line] && !second.Coverage[file].Covered[line] {
				t.Errorf("%s:%d covered by the first campaign, not by its replayed corpus", file, line)
			}
		}
	}
}

// TestStaleInputsDropped seeds a campaign on edited code with a corpus of
// the old code: calls to a removed function, or a function whose
// parameter types changed, are dropped; the rest are kept.
func TestStaleInputsDropped(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "C.sol")
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(src, []byte("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract C {\n    uint x;\n"+body+"}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("    function a(uint v) public { x = v; }\n    function b(uint8 v) public { x = v; }\n    function c() public { x = 0; }\n")
	old, err := Fuzz(context.Background(), compile(t, src), Options{Settings: Settings{Seed: 1, Execs: 300}})
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]int{}
	for _, in := range old.Inputs {
		for _, c := range in.Calls {
			calls[c.Function]++
		}
	}
	for _, fn := range []string{"a(uint256)", "b(uint8)", "c()"} {
		if calls[fn] == 0 {
			t.Fatalf("old corpus never calls %s: %v", fn, calls)
		}
	}
	// b's parameter becomes a bool, c disappears.
	write("    function a(uint v) public { x = v + 1; }\n    function b(bool v) public { x = v ? 1 : 2; }\n")
	want := 0
	var stale []int
	for i, in := range old.Inputs {
		keep := true
		for _, c := range in.Calls {
			keep = keep && c.Function == "a(uint256)"
		}
		if keep {
			want++
		} else {
			stale = append(stale, i)
		}
	}
	rep, err := Fuzz(context.Background(), compile(t, src), Options{Settings: Settings{Seed: 1, Execs: 300}, Seeds: old.Inputs})
	if err != nil {
		t.Fatal(err)
	}
	if rep.SeedsUsed != want {
		t.Errorf("seeds used %d, want %d (inputs calling only a)", rep.SeedsUsed, want)
	}
	if !reflect.DeepEqual(rep.StaleSeeds, stale) {
		t.Errorf("stale seeds %v, want %v (inputs calling b or c)", rep.StaleSeeds, stale)
	}
}

// TestOnSetup: the deployment is reported once, before any finding, and
// matches the report's.
func TestOnSetup(t *testing.T) {
	bs := compile(t, fixtures.Example(t, "PathsBaz.sol"))
	var setups []report.Setup
	var beforeFinding bool
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 3, Execs: 20_000},
		OnSetup:   func(s report.Setup) { setups = append(setups, s) },
		OnFinding: func(report.Finding) { beforeFinding = beforeFinding || len(setups) == 1 },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(setups) != 1 || !reflect.DeepEqual(setups[0], rep.Setup) {
		t.Fatalf("OnSetup calls %+v, report setup %+v", setups, rep.Setup)
	}
	if len(rep.Findings) == 0 || !beforeFinding {
		t.Errorf("findings %d; setup reported before the first: %v", len(rep.Findings), beforeFinding)
	}
}
