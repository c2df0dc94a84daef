package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"slices"
	"time"

	"github.com/foresight-sol/foresight/engine/mutant"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
)

// This file is the mutants command: the mutants of the lines changed
// since a git revision (or of every line of the files named), each
// fuzzed against the project's invariant suites and assertions
// (session.Mutants, docs/mutants.md).

var mutantsHelp = helpPage{
	synopsis: "foresight mutants [flags] [FILE|DIR...]",
	about: `Would anything notice if a changed line were wrong? Makes the mutants of
the lines changed since a git revision (--base; without it, of every line
of the files named): a comparison or arithmetic operator swapped, a
constant off by one, a require or if-revert removed, a modifier removed,
two arguments swapped, a state write or emit removed, msg.sender for
tx.origin, unchecked removed or added. Mutants that do not compile or
whose bytecode is the original's are dropped. Each other mutant is fuzzed
with the same seed and budget, aimed at its line, by the project's
invariant suites and the direct campaign (its asserts and properties):
killed when a property fails that does not on the original, survived when
its line ran at least --min-hits times and nothing failed, not reached
otherwise (a gap in coverage). Built-in oracles' findings are listed
beside, they kill nothing. See docs/mutants.md.`,
	groups: []flagGroup{
		{"Mutants", []string{"base", "execs", "seed", "min-hits", "allow-unreached"}},
		{"Output", []string{"format"}},
		compilerGroup,
	},
	exits: `  0  every mutant was killed (or there was none)
  1  a mutant survived, or one was not reached (unless --allow-unreached)
  2  bad flags or arguments, not in a git repository, an unknown revision,
     or the code does not compile`,
	example: "foresight mutants --base origin/main src\nforesight mutants --execs 5000 --format sarif src/Vault.sol",
}

func init() { helpPages["mutants"] = mutantsHelp }

// mutantsOptions are mutants' flags.
type mutantsOptions struct {
	base, format   string
	allowUnreached bool
	run            session.MutantOptions
}

func runMutants(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutants", flag.ContinueOnError)
	var o mutantsOptions
	fs.StringVar(&o.base, "base", "", "mutate the lines changed since this git `revision` (git diff REV); without it, every line of the files named")
	fs.StringVar(&o.format, "format", "text", "output `format`: text, json, sarif or junit")
	uint64Setting(fs, &o.run.Execs, "mutants", "execs", session.DefaultMutantExecs)
	fs.Uint64Var(&o.run.Seed, "seed", 1, "`seed` of every campaign")
	uint64Setting(fs, &o.run.MinHits, "mutants", "min-hits", session.DefaultMinHits)
	fs.BoolVar(&o.allowUnreached, "allow-unreached", false, "exit 0 when the only mutants left are not reached")
	var cf compilerFlags
	cf.register(fs)
	pos, code, ok := parseCommand("mutants", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	o.run.Execs = clampUint64(stderr, "mutants", "execs", o.run.Execs)
	o.run.MinHits = clampUint64(stderr, "mutants", "min-hits", o.run.MinHits)
	if !slices.Contains([]string{"text", "json", "sarif", "junit"}, o.format) {
		usageError(stderr, "mutants", "--format %q: %v (want text, json, sarif or junit)", o.format, errUnknownValue)
		return exitUsage
	}
	if o.run.Execs < 1 || o.run.MinHits < 1 {
		usageError(stderr, "mutants", "--execs and --min-hits must be at least 1")
		return exitUsage
	}
	if len(pos) == 0 {
		pos = []string{"."}
	}
	log := newLogger(stderr, cf.verbose)
	defer log.Sync() //nolint:errcheck // stderr
	tc := cf.toolchain(stderr, log)
	defer tc.Close()
	start := time.Now()
	res, err := mutantsRun(ctx, tc, pos, o, log, stderr)
	if err != nil {
		cliError(stderr, "mutants", err)
		if ctx.Err() != nil {
			return exitInterrupted
		}
		return exitUsage
	}
	res.wall = time.Since(start)
	if err := writeMutants(stdout, o.format, res, cf.verbose); err != nil {
		cliError(stderr, "mutants", err)
		return exitUsage
	}
	c := res.counts()
	if c.Survived > 0 || c.NotReached > 0 && !o.allowUnreached {
		return exitFindings
	}
	return exitOK
}

// mutantsResult is session's run of every project the changed files are
// in, with what the command's writers say beside it.
type mutantsResult struct {
	*session.MutantsResult
	base        string
	wall        time.Duration
	seed, execs uint64
	minHits     uint64
}

// mutantsRun runs the mutants of the paths (session.RunMutants), logging
// each mutant as it starts and printing the compiler's errors when the
// code does not compile.
func mutantsRun(ctx context.Context, tc *solc.Toolchain, paths []string, o mutantsOptions, log *zap.Logger, stderr io.Writer) (*mutantsResult, error) {
	ro := o.run
	ro.OnStart = func(i, n int, m mutant.Mutant) {
		log.Info("mutant", zap.Int("n", i+1), zap.Int("of", n), zap.String("id", m.ID), zap.String("edit", m.Description))
	}
	run, err := session.RunMutants(ctx, tc, session.MutantsRequest{Paths: paths, Base: o.base, Options: ro})
	if errors.Is(err, session.ErrMutantsBroken) {
		for _, b := range run.Broken {
			printErrors(stderr, b)
		}
	}
	if err != nil {
		return nil, err
	}
	return &mutantsResult{MutantsResult: run, base: o.base, seed: o.run.Seed, execs: o.run.Execs, minHits: o.run.MinHits}, nil
}
