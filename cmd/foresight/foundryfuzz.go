package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// applyFoundryFuzz applies Foundry's fuzz configuration to a run's
// options where no flag set the same setting. Precedence: a flag, then
// the inline forge-config comments of the run's files (their suites'
// included), then FOUNDRY_FUZZ_*/FOUNDRY_INVARIANT_*, then foundry.toml's
// profile, then Foresight's default (docs/cli.md, "Foundry's fuzz
// configuration"). It says on stderr what it applied and, verbose, which
// keys it left and why; forge's corpus and failures seed the set-up
// campaigns (loadForgeSeeds).
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
		opts.MaxSeqLen, note, _ = session.Depth(*cfg.Depth)
		applied = append(applied, note)
	}
	if len(applied) > 0 {
		fmt.Fprintln(stderr, session.FoundryNote(applied))
	}
	if verbose {
		for _, n := range cfg.Notes {
			fmt.Fprintf(stderr, "foresight: %s\n", n)
		}
	}
	loadForgeSeeds(opts, comp, stderr)
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

// loadForgeSeeds seeds the run's set-up campaigns with forge's corpus
// entries and persisted invariant failures (session.LoadForgeCorpus) of
// the Foundry project of the fuzzed files, and says on stderr how many
// it read and which files it skipped, and why.
func loadForgeSeeds(opts *engine.Options, comp compiled, stderr io.Writer) {
	root := foundryRoot(comp)
	if root == "" {
		return
	}
	l := session.LoadForgeCorpus(root, foundryFuzzConfig(comp))
	for _, p := range l.Problems {
		fmt.Fprintf(stderr, "foresight: warning: forge corpus: skipped %v\n", p)
	}
	if more := l.Skipped - len(l.Problems); more > 0 {
		fmt.Fprintf(stderr, "foresight: warning: forge corpus: skipped %d more file(s)\n", more)
	}
	if l.OverLimit > 0 {
		fmt.Fprintf(stderr, "foresight: forge corpus: %d file(s) left unread past the limit of %d sequences\n", l.OverLimit, corpus.MaxLoadedInputs)
	}
	if l.Len() == 0 {
		return
	}
	opts.ForgeSeeds = l.BySuite
	fmt.Fprintf(stderr, "foresight: forge corpus: %d sequence(s) of %s (%d persisted failure(s), %d corpus entries)\n",
		l.Len(), strings.Join(l.Suites(), ", "), l.Failures, l.Entries)
}

// printForgeSeeds says, verbose, how many of forge's sequences the
// campaigns ran and why the others did not fit (nothing when none was
// loaded).
func printForgeSeeds(stderr io.Writer, opts engine.Options, rep *engine.Report, verbose bool) {
	if len(opts.ForgeSeeds) == 0 || !verbose {
		return
	}
	line := fmt.Sprintf("foresight: forge corpus: %d sequence(s) ran as seeds", rep.ForgeSeeds.Used)
	if skips := session.ForgeSkips(rep.ForgeSeeds); len(skips) > 0 {
		line += "; skipped " + strings.Join(skips, ", ")
	}
	fmt.Fprintln(stderr, line)
}

// foundryRoot is the root of the Foundry project of the fuzzed files
// or their suites ("" when none is one).
func foundryRoot(comp compiled) string {
	builds := slices.Clone(comp.good)
	for _, su := range comp.harnesses {
		builds = append(builds, su.Builds...)
	}
	for _, b := range builds {
		if b.Project != nil && b.Project.Kind == "foundry" {
			return b.Project.Root
		}
	}
	return ""
}
