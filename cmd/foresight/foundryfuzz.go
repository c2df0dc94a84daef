package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
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
		opts.MaxSeqLen = *cfg.Depth
		applied = append(applied, fmt.Sprintf("sequences of at most %d calls (invariant.depth)", opts.MaxSeqLen))
	}
	if len(applied) > 0 {
		fmt.Fprintf(stderr, "foresight: from Foundry's fuzz configuration: %s\n", strings.Join(applied, ", "))
	}
	if verbose {
		for _, n := range cfg.Notes {
			fmt.Fprintf(stderr, "foresight: %s\n", n)
		}
	}
}

// foundryFuzzConfig is the run's Foundry fuzz configuration: its Foundry
// project's (foundry.toml and the environment, solc.Project.Fuzz) with
// the inline comments of the fuzzed files and suites over it.
func foundryFuzzConfig(comp compiled) solc.FuzzConfig {
	var cfg solc.FuzzConfig
	builds := slices.Clone(comp.good)
	for _, su := range comp.harnesses {
		builds = append(builds, su.Builds...)
	}
	var proj *solc.Project
	for _, b := range builds {
		if b.Project != nil && b.Project.Kind == "foundry" {
			proj = b.Project
			break
		}
	}
	if proj == nil {
		return cfg // forge's configuration is a Foundry project's
	}
	cfg = proj.Fuzz
	var texts []solc.SourceText
	seen := map[string]bool{}
	for _, b := range builds {
		for _, root := range b.Roots {
			if u := b.Units[root]; u != nil && !seen[root] {
				seen[root] = true
				texts = append(texts, solc.SourceText{Path: root, Text: u.Content})
			}
		}
	}
	slices.SortFunc(texts, func(a, b solc.SourceText) int { return strings.Compare(a.Path, b.Path) })
	return cfg.Over(solc.InlineFuzzConfig(os.Getenv("FOUNDRY_PROFILE"), texts...))
}
