package session

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
)

// This file runs `foresight bench`: each engine configuration over
// several seeds on one file's builds, what each run found and how fast
// (HARVEY §6's protocol; the command prints the medians).

// A BenchConfig is one engine configuration bench compares.
type BenchConfig struct {
	Name  string
	apply func(*engine.Options)
}

var benchConfigs = map[string]BenchConfig{
	"default":          {"default", func(*engine.Options) {}},
	"no-prediction":    {"no-prediction", func(o *engine.Options) { o.NoPrediction = true }},
	"no-demand-driven": {"no-demand-driven", func(o *engine.Options) { o.NoDemandDriven = true }},
	"neither":          {"neither", func(o *engine.Options) { o.NoPrediction, o.NoDemandDriven = true, true }},
	// The lookahead paper's configurations (used with --target).
	"A": {"A", func(o *engine.Options) { o.Schedule, o.NoLookahead = "aflfast", true }},
	"B": {"B", func(o *engine.Options) { o.Schedule = "lookahead" }},
	"C": {"C", func(o *engine.Options) { o.Schedule, o.NoLookahead = "lookahead", true }},
	"D": {"D", func(o *engine.Options) { o.Schedule = "aflfast" }},
}

// BenchConfigNames are the configurations' names, sorted.
func BenchConfigNames() []string {
	return slices.Sorted(maps.Keys(benchConfigs))
}

// BenchConfigsNamed resolves a comma-separated list of configuration
// names.
func BenchConfigsNamed(list string) ([]BenchConfig, error) {
	var cfgs []BenchConfig
	for _, n := range strings.Split(list, ",") {
		c, ok := benchConfigs[strings.TrimSpace(n)]
		if !ok {
			return nil, fmt.Errorf("unknown configuration %q (want %s)", n, strings.Join(BenchConfigNames(), ", "))
		}
		cfgs = append(cfgs, c)
	}
	return cfgs, nil
}

// A BenchRequest is what bench runs on each file: every configuration
// with seeds 1..Seeds, Execs each, aimed at Targets and Focus.
type BenchRequest struct {
	Configs []BenchConfig
	Seeds   int
	Execs   uint64
	Targets []engine.Target
	Focus   []string
}

// A BenchHit is one run that found something: after how many executions
// and how long.
type BenchHit struct {
	Execs uint64
	Time  time.Duration
}

// BenchStats are one file's results per finding and configuration.
type BenchStats struct {
	Hits        map[string]map[string][]BenchHit // [finding][config]: the runs that found it
	Predictions map[string][2]uint64             // [config]: predictions run, hit
	Analysis    map[string]time.Duration         // [config]: time in the lookahead analysis
	Total       map[string]time.Duration         // [config]: campaign time
	Txs         map[string]uint64                // [config]: transactions executed
}

// Bench runs req on builds (one file's, compiled without errors). A
// finding is "KIND@LINE"; a reached target, "target".
func Bench(ctx context.Context, builds []*solc.Build, req BenchRequest) (BenchStats, error) {
	st := BenchStats{Hits: map[string]map[string][]BenchHit{}, Predictions: map[string][2]uint64{},
		Analysis: map[string]time.Duration{}, Total: map[string]time.Duration{}, Txs: map[string]uint64{}}
	for _, c := range req.Configs {
		for s := 1; s <= req.Seeds; s++ {
			opts := engine.Options{Settings: engine.Settings{Seed: uint64(s), Execs: req.Execs}, Targets: req.Targets}
			opts.Focus = req.Focus
			c.apply(&opts)
			rep, err := engine.Fuzz(ctx, builds, opts)
			if err != nil {
				return st, fmt.Errorf("%s seed %d: %w", c.Name, s, err)
			}
			p := st.Predictions[c.Name]
			st.Predictions[c.Name] = [2]uint64{p[0] + rep.Predictions, p[1] + rep.PredictionHits}
			if rep.TargetExecs > 0 {
				st.hit("target", c.Name, BenchHit{rep.TargetExecs, rep.TargetTime})
			}
			st.Analysis[c.Name] += rep.AnalysisTime
			st.Total[c.Name] += rep.Elapsed
			st.Txs[c.Name] += rep.Txs
			for _, f := range rep.Findings {
				st.hit(fmt.Sprintf("%s@%d", f.Kind, f.Line), c.Name, BenchHit{f.Execs, f.Elapsed})
			}
		}
	}
	return st, nil
}

// hit records that configuration cfg found key in one run.
func (st BenchStats) hit(key, cfg string, h BenchHit) {
	if st.Hits[key] == nil {
		st.Hits[key] = map[string][]BenchHit{}
	}
	st.Hits[key][cfg] = append(st.Hits[key][cfg], h)
}
