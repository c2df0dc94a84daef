package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
)

// shareFlags are fuzz's flags for campaigns that share a corpus directory
// (docs/scaling.md).
type shareFlags struct {
	dir   string
	shard shardSpec
	sync  time.Duration
}

func (s *shareFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.dir, "corpus", "", "share a corpus `directory` with other campaigns: seeds come from it, new inputs and findings go to it, and inputs others add are picked up while running")
	fs.Var(&s.shard, "shard", "run as shard `I/N` (I from 0) of N campaigns sharing --corpus: its own seed stream and, with many functions, a share of them")
	fs.DurationVar(&s.sync, "corpus-sync", 5*time.Second, "look in --corpus for inputs other campaigns added every `duration`")
}

// shardSpec is the value of --shard.
type shardSpec struct{ i, n int }

func (s *shardSpec) String() string {
	if s.n == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.i, s.n)
}

func (s *shardSpec) Set(v string) error {
	a, b, ok := strings.Cut(v, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return fmt.Errorf("want I/N with 0 <= I < N, e.g. 0/4")
	}
	s.i, s.n = i, n
	return nil
}

// share connects one campaign to a corpus directory.
type share struct {
	dir    *corpus.Dir
	log    *zap.Logger
	stderr io.Writer
	inputs []string // the fuzzed paths, for the findings' reports
	root   string   // the project root the reports' paths are relative to
	seeds  int

	setup   atomic.Pointer[report.Setup]
	nwrite  atomic.Int64
	ran     atomic.Int64
	found   atomic.Int64
	warned  sync.Once
	stop    func()
	queue   chan corpus.Input // admitted inputs, for the writer
	written chan struct{}     // closed when the writer is done
}

// startShare applies --shard and --corpus to opts: seeds from the
// directory, a writer for new inputs and findings, and a goroutine that
// hands the inputs other processes add to the campaign. It returns nil
// without --corpus.
func (s *shareFlags) start(ctx context.Context, opts *engine.Options, builds []*solc.Build, paths []string, stderr io.Writer, log *zap.Logger) (*share, error) {
	if s.shard.n > 0 {
		focus, err := engine.Shard(builds, opts, s.shard.i, s.shard.n)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(stderr, "foresight: shard %s, %d focused function(s)\n", &s.shard, len(focus))
	}
	if s.dir == "" {
		return nil, nil
	}
	// Loaded as the editor loads its project's corpus (session.LoadCorpus).
	c, loaded, err := session.LoadCorpus(s.dir, "", opts.Contracts)
	if err != nil {
		return nil, err
	}
	sh := &share{dir: c.Dir(), log: log, stderr: stderr, inputs: absAll(paths), root: reportRoot(paths), seeds: len(loaded.Seeds)}
	for _, p := range loaded.Problems {
		fmt.Fprintf(stderr, "foresight: corpus: skipped %v\n", p)
	}
	fmt.Fprintf(stderr, "foresight: corpus %s: %d input(s) loaded", s.dir, len(loaded.Seeds))
	if loaded.OverLimit > 0 {
		fmt.Fprintf(stderr, ", %d over the limit of %d left unread", loaded.OverLimit, corpus.MaxLoadedInputs)
	}
	if loaded.Migrated > 0 {
		fmt.Fprintf(stderr, ", %d converted from the older format", loaded.Migrated)
	}
	fmt.Fprintln(stderr)
	opts.Seeds = append(opts.Seeds, loaded.Seeds...)
	// Workers hand inputs to a writer goroutine and go on fuzzing; when
	// the writer falls behind they write themselves.
	sh.queue, sh.written = make(chan corpus.Input, 1024), make(chan struct{})
	go func() {
		defer close(sh.written)
		for in := range sh.queue {
			sh.write(in)
		}
	}()
	opts.OnInput = func(in corpus.Input) {
		select {
		case sh.queue <- in:
		default:
			sh.write(in)
		}
	}
	prevSetup, prevFinding := opts.OnSetup, opts.OnFinding
	opts.OnSetup = func(st report.Setup) {
		sh.setup.Store(&st)
		if prevSetup != nil {
			prevSetup(st)
		}
	}
	opts.OnFinding = func(f report.Finding) {
		sh.finding(f)
		if prevFinding != nil {
			prevFinding(f)
		}
	}
	imports := make(chan corpus.Input)
	opts.Imports = imports
	sh.stop = sh.sync(ctx, s.sync, imports)
	return sh, nil
}

// write stores an input the campaign admitted.
func (sh *share) write(in corpus.Input) {
	name, added, err := sh.dir.Add(in)
	if err != nil {
		sh.warn(err)
		return
	}
	if added {
		sh.nwrite.Add(1)
		sh.log.Debug("corpus: input written", zap.String("name", name))
	}
}

// finding stores a finding with its reproducer: a report of one finding
// that `foresight replay` re-executes.
func (sh *share) finding(f report.Finding) {
	var setup report.Setup
	if st := sh.setup.Load(); st != nil {
		setup = *st
	}
	data, err := json.MarshalIndent(jsonReport{Schema: reportSchema, Tool: jsonTool{"foresight", version}, Root: sh.root, Inputs: relPaths(sh.root, sh.inputs),
		Execs: f.Execs, Elapsed: f.Elapsed, Setup: setup, Finds: relFindings(sh.root, []report.Finding{f})}, "", "  ")
	if err != nil {
		sh.warn(err)
		return
	}
	path, added, err := sh.dir.AddFinding(f, data)
	if err != nil {
		sh.warn(err)
		return
	}
	if added {
		sh.found.Add(1)
		sh.log.Debug("corpus: finding written", zap.String("path", path))
	}
}

func (sh *share) warn(err error) {
	sh.warned.Do(func() { fmt.Fprintf(sh.stderr, "foresight: warning: corpus: %s\n", renderError(err)) })
	sh.log.Warn("corpus", zap.Error(err))
}

// sync re-scans the directory every interval and hands each new input to
// a worker (the channel is unbuffered: a send completes when a worker
// took the input to run it).
func (sh *share) sync(ctx context.Context, interval time.Duration, imports chan<- corpus.Input) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			l, err := sh.dir.Scan(corpus.MaxLoadedInputs)
			if err != nil {
				sh.warn(err)
				continue
			}
			for i, in := range l.Inputs {
				select {
				case imports <- in:
					sh.ran.Add(1)
					sh.log.Debug("corpus: input from another process run", zap.String("name", l.Names[i]))
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return func() { cancel(); <-done }
}

// finish stops the sync, stores what the streaming writers may have
// missed and prints what the campaign shared.
func (sh *share) finish(rep *engine.Report) {
	sh.stop()
	close(sh.queue)
	<-sh.written
	if rep == nil {
		return
	}
	for _, in := range rep.Inputs {
		sh.write(in)
	}
	for _, f := range rep.Findings {
		sh.finding(f)
	}
	fmt.Fprintf(sh.stderr, "foresight: corpus %s: %d new input(s) written, %d from other processes run, %d new finding(s)",
		sh.dir.Path(), sh.nwrite.Load(), sh.ran.Load(), sh.found.Load())
	if stale := sh.seeds - rep.SeedsUsed; stale > 0 {
		fmt.Fprintf(sh.stderr, "; dropped %d stale input(s) (their contracts or functions no longer exist)", stale)
	}
	fmt.Fprintln(sh.stderr)
}
