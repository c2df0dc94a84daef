package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
)

// check's and fuzz's side of session.Run: the request their flags make,
// the corpus (--corpus, --shard) and fork (--fork-url) they open for it,
// and what they print of its typed values.

// cliRun is one check or fuzz run's request, what it opened and what it
// prints of the run's typed values (session.Sink).
type cliRun struct {
	// It prints the run once it ended (Ended, Result) and streams
	// nothing while it runs, nor the editor's events (Aimed, Checked);
	// its corpus is the shared one its flags name (open), not
	// Request.Corpus: those events are Discard's.
	session.Discard
	ff             *fuzzFlags
	name           string
	paths          []string
	opts           engine.Options // the flags', for checkNamed
	stdout, stderr io.Writer
	log            *zap.Logger
	// Set by Compiled: what compiled, how long it took, when the
	// campaigns started.
	comp         compiled
	good         []*solc.Build
	compileStart time.Time
	compileTime  time.Duration
	fuzzStart    time.Time
	stopProfile  func()
	sh           *share
	finished     bool // the shared corpus was written (Ended)
}

// A runStop is the exit code of a run Compiled stopped, having said why.
type runStop struct{ code int }

func (e *runStop) Error() string { return fmt.Sprintf("stopped with exit code %d", e.code) }

// request is the run's session.Request: the paths named, compiled with
// their suites unless the flags choose what to fuzz (harness.go); the
// flags the user gave win over Foundry's configuration.
func (c *cliRun) request(fs *flag.FlagSet, tc *solc.Toolchain, opts engine.Options) session.Request {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	suites := opts.SetUp == "" && len(opts.Contracts) == 0 && len(opts.Targets) == 0
	c.compileStart = time.Now()
	req := session.Request{Mode: session.Named, Paths: c.paths, Toolchain: tc, WithSuites: suites, Options: opts,
		Given: session.Given{Seed: set["seed"], Depth: set["max-seq-len"]}, Open: c.open,
		Fork: session.ForkRequest{URL: c.ff.fork.url, Block: c.ff.fork.block, Targets: c.ff.fork.targets, Trusted: true}} // the user typed the URL
	return req
}

// Compiled prints what compiled and stops the run when nothing did or a
// flag names a contract that did not; it applies --gas-limit and starts
// --cpuprofile, which covers the campaigns alone.
func (c *cliRun) Compiled(comp session.Compiled) error {
	c.compileTime = time.Since(c.compileStart)
	c.comp = compiled{good: comp.Good, broken: comp.Broken, skipped: comp.Skipped, harnesses: comp.Suites}
	c.good = comp.Good
	printCompiled(comp, c.ff.format == "text", c.ff.verbose, c.stdout, c.stderr)
	if comp.Failed() && len(comp.Good) == 0 {
		return &runStop{code: exitUsage}
	}
	if note := c.ff.build.applyGasLimit(c.good); note != "" {
		fmt.Fprintf(c.stderr, "foresight: %s\n", note)
	}
	if err := c.ff.fork.check(); err != nil {
		cliError(c.stderr, c.name, err)
		return &runStop{code: exitUsage}
	}
	if err := checkNamed(c.opts, c.good); err != nil {
		usageError(c.stderr, c.name, "%v", err)
		return &runStop{code: exitUsage}
	}
	if c.ff.cpuprof != "" {
		stop, err := startCPUProfile(c.ff.cpuprof)
		if err != nil {
			cliErrorf(c.stderr, c.name, "--cpuprofile: %w", err)
			return &runStop{code: exitUsage}
		}
		c.stopProfile = stop
	}
	c.fuzzStart = time.Now()
	return nil
}

// open starts the shared corpus, when asked for.
func (c *cliRun) open(ctx context.Context, opts *engine.Options) error {
	var err error
	c.sh, err = c.ff.share.start(ctx, opts, c.good, c.paths, c.stderr, c.log)
	return err
}

// Forked says which chain the run forks (session.Run opened it); a fork
// that failed to open ends the run with its error (cliError).
func (c *cliRun) Forked(f session.Forks, err error) {
	if err == nil {
		sayForking(f, c.stderr)
	}
}

// ForksDone says what the forks asked the node and writes their caches.
func (c *cliRun) ForksDone(f session.Forks) {
	closeFork(f, c.stderr)
	if f.SetUp != nil {
		closeSetUpForks(f.SetUp, c.stderr)
	}
}

// finish writes what the direct campaign learnt to the shared corpus,
// once (rep is nil when no campaign ran).
func (c *cliRun) finish(rep *engine.Report) {
	if c.finished || c.sh == nil {
		return
	}
	c.finished = true
	c.sh.finish(rep)
}

// close stops the CPU profile.
func (c *cliRun) close() {
	if c.stopProfile != nil {
		c.stopProfile()
	}
}

// Foundry says what Foundry's configuration set and, verbose, which keys
// it left and why, and what was read of forge's corpus.
func (c *cliRun) Foundry(fa session.FoundryApplied) {
	if len(fa.Applied) > 0 {
		fmt.Fprintln(c.stderr, session.FoundryNote(fa.Applied))
	}
	if c.ff.verbose {
		for _, n := range fa.Notes {
			fmt.Fprintf(c.stderr, "foresight: %s\n", n)
		}
	}
	if !fa.Loaded {
		return
	}
	l := fa.Forge
	for _, p := range l.Problems {
		fmt.Fprintf(c.stderr, "foresight: warning: forge corpus: skipped %v\n", p)
	}
	if more := l.Skipped - len(l.Problems); more > 0 {
		fmt.Fprintf(c.stderr, "foresight: warning: forge corpus: skipped %d more file(s)\n", more)
	}
	if l.OverLimit > 0 {
		fmt.Fprintf(c.stderr, "foresight: forge corpus: %d file(s) left unread past the limit of %d sequences\n", l.OverLimit, session.MaxCorpusInputs)
	}
	if l.Len() > 0 {
		fmt.Fprintf(c.stderr, "foresight: forge corpus: %d sequence(s) of %s (%d persisted failure(s), %d corpus entries)\n",
			l.Len(), strings.Join(l.Suites(), ", "), l.Failures, l.Entries)
	}
}

// Start prints the seed, so that the run can be repeated.
func (c *cliRun) Start(direct, _ engine.Options) {
	fmt.Fprintf(c.stderr, "foresight: fuzzing with seed %d\n", direct.Seed)
}

// Ended writes the direct campaign's inputs to the shared corpus before
// the suites' findings join its report; check and fuzz print the rest of
// the run once it ended, from its report, and stream nothing while it
// runs (Found, Progress, SetUp, Began).
func (c *cliRun) Ended(from session.Campaign, rep *engine.Report, _ error) {
	if from.Source == session.FromDirect {
		c.finish(rep)
	}
}
