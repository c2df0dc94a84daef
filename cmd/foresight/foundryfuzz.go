package main

import (
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/plan"
	"github.com/foresight-sol/foresight/solc"
)

// applyFoundryFuzz applies Foundry's fuzz configuration to a run's
// options where no flag set the same setting. Precedence: a flag, then
// the inline forge-config comments of the run's files (their suites'
// included), then FOUNDRY_FUZZ_*/FOUNDRY_INVARIANT_*, then foundry.toml's
// profile, then Foresight's default (docs/cli.md, "Foundry's fuzz
// configuration"). It says on stderr what it applied and, verbose, which
// keys it left and why.
func applyFoundryFuzz(opts *engine.Options, fs *flag.FlagSet, comp compiled, verbose bool, stderr io.Writer) {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cfg := foundryFuzzConfig(comp)
	var applied []string
	if cfg.Seed != nil && !set["seed"] {
		opts.Seed = *cfg.Seed
		applied = append(applied, fmt.Sprintf("seed %d (fuzz.seed)", opts.Seed))
	}
	if cfg.Depth != nil && !set["max-seq-len"] {
		// Bounded as the flag and the editor's setting are: foundry.toml
		// is the project's, not to be trusted with the machine.
		var note string
		opts.MaxSeqLen, note, _ = plan.Depth(*cfg.Depth)
		applied = append(applied, note)
	}
	if len(applied) > 0 {
		fmt.Fprintln(stderr, plan.FoundryNote(applied))
	}
	if verbose {
		for _, n := range cfg.Notes {
			fmt.Fprintf(stderr, "foresight: %s\n", n)
		}
	}
}

// foundryFuzzConfig is the run's Foundry fuzz configuration: that of
// the fuzzed files' builds and their suites'.
func foundryFuzzConfig(comp compiled) solc.FuzzConfig {
	builds := slices.Clone(comp.good)
	for _, su := range comp.harnesses {
		builds = append(builds, su.Builds...)
	}
	return solc.BuildsFuzzConfig(builds)
}
