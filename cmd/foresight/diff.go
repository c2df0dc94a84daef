package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/internal/gitrepo"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// This file is the diff command: the behaviour of the build at a git
// revision compared with the working tree's (session.Compare,
// docs/diff.md).

var diffHelp = helpPage{
	synopsis: "foresight diff [flags] [FILE|DIR...]",
	about: `Compares what a caller can observe of the contracts at a git revision
(--base, HEAD by default) with the working tree: the same transaction
sequences run on both builds, and each call's success or revert (and revert
data), return data, events and ether moved, then the public getters and token
balances afterwards, are compared. Storage layout and gas are not. Only the
functions the edit changed are compared (--all: every function both builds
share); functions added or removed are listed. A difference is printed with
the input that shows it, only when it replays the same on both builds. See
docs/diff.md.`,
	groups: []flagGroup{
		{"Comparison", []string{"base", "all", "budget", "seed", "corpus"}},
		{"Output", []string{"format", "export"}},
		compilerGroup,
	},
	exits: `  0  no behaviour differs
  1  a function behaves otherwise
  2  bad flags or arguments, not in a git repository, an unknown revision,
     or either tree does not compile`,
	example: "foresight diff\nforesight diff --base origin/main --format sarif src",
}

func init() { helpPages["diff"] = diffHelp }

// diffOptions are diff's flags.
type diffOptions struct {
	base, format string
	corpus       string
	export       bool
	cmp          session.CompareRequest
}

func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("diff", flag.ContinueOnError)
	var o diffOptions
	fs.StringVar(&o.base, "base", "HEAD", "compare with the tree at this git `revision`")
	fs.StringVar(&o.format, "format", "text", "output `format`: text, json, sarif or junit")
	fs.StringVar(&o.corpus, "corpus", "", "compare first over the inputs of this corpus `directory` (fuzz --corpus) that call a compared function")
	fs.BoolVar(&o.export, "export", false, "write each difference as a Foundry test asserting the base revision's behaviour, in the project's test folder")
	fs.BoolVar(&o.cmp.All, "all", false, "compare every function both builds share, not only those the edit changed")
	// The one definition of both (session.FlagSetting), clamped with the
	// policy and words of every setting.
	intSetting(fs, &o.cmp.Budget, "diff", "budget", session.DiffBudget)
	uint64Setting(fs, &o.cmp.Seed, "diff", "seed", 1)
	var cf compilerFlags
	cf.register(fs)
	pos, code, ok := parseCommand("diff", fs, args, stdout, stderr)
	if !ok {
		return code
	}
	if o.format != "text" && o.format != "json" && o.format != "sarif" && o.format != "junit" {
		usageError(stderr, "diff", "--format %q: %v (want text, json, sarif or junit)", o.format, errUnknownValue)
		return exitUsage
	}
	o.cmp.Budget = clampInt(stderr, "diff", "budget", o.cmp.Budget)
	if len(pos) == 0 {
		pos = []string{"."}
	}
	log := newLogger(stderr, cf.verbose)
	defer log.Sync() //nolint:errcheck // stderr
	tc := cf.toolchain(stderr, log)
	defer tc.Close()
	start := time.Now()
	res, err := diffRun(ctx, tc, &cf, pos, o, stderr)
	if err != nil {
		cliError(stderr, "diff", err)
		return exitUsage
	}
	res.start = start
	if err := writeDiff(stdout, o.format, res); err != nil {
		cliError(stderr, "diff", err)
		return exitUsage
	}
	if o.export {
		if err := exportDiffs(ctx, res, stderr); err != nil {
			cliError(stderr, "diff", err)
			return exitUsage
		}
	}
	if res.cmp.Report.Differs() {
		return exitFindings
	}
	return exitOK
}

// diffResult is a comparison and what its output needs.
type diffResult struct {
	base, commit string
	paths        []string // as given, absolute
	cmp          session.Comparison
	oldBuilds    []*solc.Build
	newBuilds    []*solc.Build
	verbose      bool      // -v: the gas too
	start        time.Time // when the command began (JUnit's wall time)
}

// diffRun builds both trees and compares them.
func diffRun(ctx context.Context, tc *solc.Toolchain, cf *compilerFlags, paths []string, o diffOptions, stderr io.Writer) (*diffResult, error) {
	abs, err := session.AbsPaths(paths)
	if err != nil {
		return nil, err
	}
	top, err := gitrepo.Top(ctx, abs[0])
	if err != nil {
		return nil, err
	}
	commit, err := gitrepo.Commit(ctx, top, o.base)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "foresight-diff-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	basePaths, err := checkoutBase(ctx, top, commit, abs, tmp)
	if err != nil {
		return nil, err
	}
	newBuilds, err := compiledTree(ctx, tc, cf, abs, "the working tree", stderr)
	if err != nil {
		return nil, err
	}
	var oldBuilds []*solc.Build
	if len(basePaths) > 0 {
		if oldBuilds, err = compiledTree(ctx, tc, cf, basePaths, o.base, stderr); err != nil {
			return nil, err
		}
	}
	if o.corpus != "" {
		if err := corpusDir(o.corpus); err != nil {
			return nil, err
		}
	}
	res := &diffResult{base: o.base, commit: commit, paths: abs, oldBuilds: oldBuilds, newBuilds: newBuilds, verbose: cf.verbose}
	o.cmp.Corpus = o.corpus
	res.cmp, err = session.Compare(ctx, oldBuilds, newBuilds, o.cmp)
	return res, err
}

// checkoutBase writes commit's tree of the project holding the paths into
// tmp and returns the paths there that exist at commit.
func checkoutBase(ctx context.Context, top, commit string, abs []string, tmp string) ([]string, error) {
	sub := ""
	if r, err := filepath.Rel(top, solc.FindRoot(abs[0])); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		sub = r
	}
	if err := extractTree(ctx, top, commit, sub, tmp); err != nil {
		return nil, err
	}
	subs, err := submodules(ctx, top, commit)
	if err != nil {
		return nil, err
	}
	for _, s := range subs {
		if _, err := os.Stat(filepath.Join(top, s)); err == nil {
			if err := copyTree(filepath.Join(top, s), filepath.Join(tmp, filepath.FromSlash(s))); err != nil && !errors.Is(err, os.ErrExist) {
				return nil, err
			}
		}
	}
	var out []string
	for _, a := range abs {
		rel, err := filepath.Rel(top, a)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, fmt.Errorf("%s: outside the git work tree %s", a, top)
		}
		p := filepath.Join(tmp, rel)
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out, nil
}

// compiledTree compiles one side; its errors go to stderr and end diff.
func compiledTree(ctx context.Context, tc *solc.Toolchain, cf *compilerFlags, paths []string, what string, stderr io.Writer) ([]*solc.Build, error) {
	builds, err := cf.compile(ctx, tc, paths)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	broken := false
	for _, b := range builds {
		if b.HasErrors() {
			printErrors(stderr, b)
			broken = true
		}
	}
	if broken {
		return nil, fmt.Errorf("%s does not compile", what)
	}
	return builds, nil
}

// corpusDir refuses a --corpus that is not a directory: the
// comparison reads its inputs (session.Compare).
func corpusDir(dir string) error {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("--corpus %s: not a corpus directory", dir)
	}
	return nil
}
