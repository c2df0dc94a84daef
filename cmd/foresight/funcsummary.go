package main

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/foresight-sol/foresight/engine/report"
)

// neverCompletedShown bounds the functions that never completed listed
// without -v.
const neverCompletedShown = 5

// dominantShare is the share of the campaign's transaction time above
// which the -v summary says "most of the time went to".
const dominantShare = 50

// printFunctions says which functions never completed (and so were not
// counted as fuzzed), with why they reverted most often, and, under -v
// (an internal of the engine, not what a user needs), which took most
// of the campaign's time.
func printFunctions(w io.Writer, fs []report.FunctionStat, verbose bool) {
	var never []string
	for _, f := range fs {
		if f.Completed == 0 && f.Function != "receive/fallback" {
			never = append(never, fmt.Sprintf("%s.%s (%d reverted, most often: %s)", f.Contract, f.Function, f.Reverted, f.TopRevert))
		}
	}
	if len(never) > 0 {
		more := ""
		if !verbose && len(never) > neverCompletedShown {
			more = fmt.Sprintf("; %d more with -v", len(never)-neverCompletedShown)
			never = never[:neverCompletedShown]
		}
		fmt.Fprintf(w, "foresight: never completed, not counted as fuzzed: %s%s\n", strings.Join(never, ", "), more)
	}
	if !verbose {
		return
	}
	byTime := append([]report.FunctionStat(nil), fs...)
	sort.SliceStable(byTime, func(i, j int) bool { return byTime[i].TimeShare > byTime[j].TimeShare })
	var top []string
	share := 0.0
	for _, f := range byTime[:min(3, len(byTime))] {
		if f.TimeShare < 1 {
			break
		}
		top = append(top, fmt.Sprintf("%s.%s (%.0f%%)", f.Contract, f.Function, f.TimeShare))
		share += f.TimeShare
	}
	var cut []string
	for _, f := range fs {
		if f.ShareCut > 0 {
			cut = append(cut, fmt.Sprintf("%s.%s (%.0f%% of the gas, picks 1 in %d)", f.Contract, f.Function, f.GasShare, 1<<f.ShareCut))
		}
	}
	if len(cut) > 0 {
		fmt.Fprintf(w, "foresight: share cut for taking most of the work without new coverage: %s\n", strings.Join(cut, ", "))
	}
	if len(top) > 0 {
		label := "most of the time went to"
		if share <= dominantShare {
			label = "the most time went to"
		}
		fmt.Fprintf(w, "foresight: %s %s\n", label, strings.Join(top, ", "))
	}
}

// budgetShown bounds the contracts the budget line names.
const budgetShown = 4

// printBudget says, for a campaign over several contracts, where its
// work went: each contract's share of the transactions' gas (the
// engine's measure of work, the same on every run of a seed), largest
// first, so that a user sees whether the contract they care about was
// fuzzed or starved.
func printBudget(w io.Writer, fs []report.FunctionStat) {
	share := map[string]float64{}
	var names []string
	for _, f := range fs {
		if _, ok := share[f.Contract]; !ok {
			names = append(names, f.Contract)
		}
		share[f.Contract] += f.GasShare
	}
	if len(names) < 2 {
		return
	}
	sort.SliceStable(names, func(i, j int) bool { return share[names[i]] > share[names[j]] })
	var parts []string
	for _, n := range names[:min(budgetShown, len(names))] {
		parts = append(parts, fmt.Sprintf("%s %.0f%%", n, share[n]))
	}
	if rest := names[min(budgetShown, len(names)):]; len(rest) > 0 {
		var sum float64
		for _, n := range rest {
			sum += share[n]
		}
		parts = append(parts, fmt.Sprintf("%d more %.0f%%", len(rest), sum))
	}
	fmt.Fprintf(w, "foresight: the work by contract (share of the gas): %s\n", strings.Join(parts, ", "))
}

// predictionCounts are the JSON report's prediction numbers: the
// predicted inputs run, those that reached their target, and the targets
// that took the most (a stall shows as many made, few reached).
type predictionCounts struct {
	Predictions     uint64                   `json:"predictions,omitempty"`
	PredictionHits  uint64                   `json:"predictionHits,omitempty"`
	PredictionYield []report.PredictionYield `json:"predictionYield,omitempty"`
}

// printPredictions says how many predicted inputs reached their target
// and, with verbose, the targets that took the most of them.
func printPredictions(w io.Writer, p predictionCounts, verbose bool) {
	if p.Predictions == 0 {
		return
	}
	fmt.Fprintf(w, "foresight: %d predicted inputs, %d (%.0f%%) reached their target\n",
		p.Predictions, p.PredictionHits, 100*float64(p.PredictionHits)/float64(p.Predictions))
	if !verbose {
		return
	}
	var parts []string
	for _, y := range p.PredictionYield {
		parts = append(parts, fmt.Sprintf("%s.%s target %d: %d made, %d reached", y.Contract, y.Function, y.Target, y.Made, y.Reached))
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "foresight: predictions by target: %s\n", strings.Join(parts, "; "))
	}
}
