package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

// mutantsResult is a run of every project the changed files are in.
type mutantsResult struct {
	base, commit string
	paths        []string // as given, absolute
	wall         time.Duration
	seed, execs  uint64
	minHits      uint64
	changedLines int
	projects     []mutantsProject
}

// mutantsProject is one project's run.
type mutantsProject struct {
	root string
	run  *session.MutantRun
	wall time.Duration // JUnit's time
}

// mutantsRun finds the changed lines and runs each project's mutants.
func mutantsRun(ctx context.Context, tc *solc.Toolchain, paths []string, o mutantsOptions, log *zap.Logger, stderr io.Writer) (*mutantsResult, error) {
	abs, err := absPaths(paths)
	if err != nil {
		return nil, err
	}
	res := &mutantsResult{base: o.base, paths: abs, seed: o.run.Seed, execs: o.run.Execs, minHits: o.run.MinHits}
	var changed map[string]mutant.Lines
	if o.base != "" {
		changed, res.commit, err = changedSince(ctx, abs, o.base)
	} else {
		changed, err = everyLine(abs)
	}
	if err != nil {
		return nil, err
	}
	byRoot := map[string][]string{}
	var roots []string
	for path, ls := range changed {
		root := solc.FindRoot(path)
		if _, ok := byRoot[root]; !ok {
			roots = append(roots, root)
		}
		byRoot[root] = append(byRoot[root], path)
		res.changedLines += lineCount(path, ls)
	}
	slices.Sort(roots)
	for _, root := range roots {
		proj, err := solc.LoadProject(root)
		if err != nil {
			return nil, err
		}
		files := byRoot[root]
		slices.Sort(files)
		ro := o.run
		ro.OnStart = func(i, n int, m mutant.Mutant) {
			log.Info("mutant", zap.Int("n", i+1), zap.Int("of", n), zap.String("id", m.ID), zap.String("edit", m.Description))
		}
		began := time.Now()
		run, err := session.Mutants(ctx, tc, proj, files, changed, ro)
		if errors.Is(err, session.ErrMutantsBroken) {
			for _, b := range run.Broken {
				printErrors(stderr, b)
			}
		}
		if err != nil {
			return nil, err
		}
		res.projects = append(res.projects, mutantsProject{root: root, run: run, wall: time.Since(began)})
	}
	return res, nil
}

// absPaths makes paths absolute with symlinks resolved.
func absPaths(paths []string) ([]string, error) {
	out := make([]string, len(paths))
	for i, p := range paths {
		a, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if a, err = filepath.EvalSymlinks(a); err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// everyLine maps each .sol file named, or found under a folder named
// outside test, script and dependency code, to all its lines.
func everyLine(paths []string) (map[string]mutant.Lines, error) {
	out := map[string]mutant.Lines{}
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			if filepath.Ext(p) != ".sol" {
				return nil, fmt.Errorf("%s: not a Solidity file (want a .sol file or a directory)", p)
			}
			out[p] = mutant.All
			continue
		}
		files, err := solc.SolidityFiles(p)
		if err != nil {
			return nil, err
		}
		projects := map[string]*solc.Project{}
		for _, f := range files {
			root := solc.FindRootIn(f, p)
			if projects[root] == nil {
				if projects[root], err = solc.LoadProject(root); err != nil {
					return nil, err
				}
			}
			if proj := projects[root]; !proj.IsTestOrScript(f) && !proj.InDependency(f) {
				out[f] = mutant.All
			}
		}
	}
	return out, nil
}

// lineCount is how many lines of path ls holds.
func lineCount(path string, ls mutant.Lines) int {
	if ls == nil {
		data, err := os.ReadFile(path)
		if err != nil {
			return 0
		}
		n := 0
		for _, c := range data {
			if c == '\n' {
				n++
			}
		}
		return n
	}
	n := 0
	for _, r := range ls {
		n += r.To - r.From + 1
	}
	return n
}
