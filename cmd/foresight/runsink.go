package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
)

// check's and fuzz's side of session.Run: the request their flags make,
// the corpus (--corpus, --shard) and fork (--fork-url) they open for it,
// and what they print of its typed values.

// cliRun is one check or fuzz run's request and what it opened.
type cliRun struct {
	ff       *fuzzFlags
	paths    []string
	good     []*solc.Build
	stderr   io.Writer
	log      *zap.Logger
	sh       *share
	src      *fork.Source
	forks    *engine.SetUpForks
	finished bool // the shared corpus was written (OnDirect)
}

// request is the run's session.Request: the flags the user gave win over
// Foundry's configuration.
func (c *cliRun) request(fs *flag.FlagSet, opts engine.Options, comp compiled) session.Request {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	req := session.Request{Mode: session.Named, Builds: c.good, Options: opts, Given: session.Given{Seed: set["seed"], Depth: set["max-seq-len"]},
		Suites: len(comp.harnesses), Later: session.Ready(comp.harnesses), Open: c.open}
	for _, su := range comp.harnesses {
		req.SuiteBuilds = append(req.SuiteBuilds, su.Builds...)
	}
	// The direct campaign's inputs are written before the suites'
	// findings join its report.
	req.Hooks.OnDirect = c.finish
	return req
}

// open starts the shared corpus and the fork, when asked for.
func (c *cliRun) open(ctx context.Context, opts *engine.Options) error {
	var err error
	if c.sh, err = c.ff.share.start(ctx, opts, c.good, c.paths, c.stderr, c.log); err != nil {
		return err
	}
	c.src, err = c.ff.fork.open(ctx, opts, c.stderr)
	c.forks = opts.SetUpForks
	return err
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

// close closes the forks the run opened and writes their caches.
func (c *cliRun) close() {
	closeFork(c.src, c.stderr)
	closeSetUpForks(c.forks, c.stderr)
}

// cliSink prints what session.Run decided, as check and fuzz always did.
type cliSink struct {
	stderr  io.Writer
	verbose bool
}

// Foundry says what Foundry's configuration set and, verbose, which keys
// it left and why, and what was read of forge's corpus.
func (s cliSink) Foundry(fa session.FoundryApplied) {
	if len(fa.Applied) > 0 {
		fmt.Fprintln(s.stderr, session.FoundryNote(fa.Applied))
	}
	if s.verbose {
		for _, n := range fa.Notes {
			fmt.Fprintf(s.stderr, "foresight: %s\n", n)
		}
	}
	if !fa.Loaded {
		return
	}
	l := fa.Forge
	for _, p := range l.Problems {
		fmt.Fprintf(s.stderr, "foresight: warning: forge corpus: skipped %v\n", p)
	}
	if more := l.Skipped - len(l.Problems); more > 0 {
		fmt.Fprintf(s.stderr, "foresight: warning: forge corpus: skipped %d more file(s)\n", more)
	}
	if l.OverLimit > 0 {
		fmt.Fprintf(s.stderr, "foresight: forge corpus: %d file(s) left unread past the limit of %d sequences\n", l.OverLimit, corpus.MaxLoadedInputs)
	}
	if l.Len() > 0 {
		fmt.Fprintf(s.stderr, "foresight: forge corpus: %d sequence(s) of %s (%d persisted failure(s), %d corpus entries)\n",
			l.Len(), strings.Join(l.Suites(), ", "), l.Failures, l.Entries)
	}
}

// Start prints the seed, so that the run can be repeated.
func (s cliSink) Start(direct, _ engine.Options) {
	fmt.Fprintf(s.stderr, "foresight: fuzzing with seed %d\n", direct.Seed)
}
