package session

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/report"
	"go.uber.org/zap"
)

// This file is a corpus folder shared by campaigns running at once
// (`foresight fuzz --corpus`, docs/scaling.md): seeds come from it, new
// inputs and findings go to it while the campaign runs, and inputs other
// processes add are picked up.

// MaxCorpusInputs is the most inputs a corpus folder's load reads
// (LoadCorpus, a shared folder's scan, `corpus min`): the rest are
// counted as over the limit, and each contract is pruned to it.
const MaxCorpusInputs = corpus.MaxLoadedInputs

// MaxPrunedInputs is the most inputs one campaign's save deletes
// (Corpus.Save).
const MaxPrunedInputs = corpus.MaxPruned

// ShareRequest is a shared corpus folder and what the front end gives
// it: Report encodes a finding and the set-up it was found from as the
// report `foresight replay` re-executes, stored beside the inputs; Warn
// hears the first error of writing or scanning the folder (the log has
// each).
type ShareRequest struct {
	Dir    string
	Sync   time.Duration // how often the folder is scanned for others' inputs
	Report func(report.Finding, report.Setup) ([]byte, error)
	Warn   func(error)
	Log    *zap.Logger
}

// Share connects one campaign to a shared corpus folder.
type Share struct {
	req   ShareRequest
	dir   *corpus.Dir
	seeds []corpus.Input

	setup   atomic.Pointer[report.Setup]
	nwrite  atomic.Int64
	ran     atomic.Int64
	found   atomic.Int64
	warned  sync.Once
	stop    func()
	queue   chan corpus.Input // admitted inputs, for the writer
	written chan struct{}     // closed when the writer is done
}

// OpenShare loads req.Dir's inputs whose first call is to one of
// contracts (nil: all), as LoadCorpus does, for Start.
func OpenShare(req ShareRequest, contracts []string) (*Share, Loaded, error) {
	c, loaded, err := LoadCorpus(req.Dir, "", contracts)
	if err != nil {
		return nil, loaded, err
	}
	return &Share{req: req, dir: c.Dir(), seeds: loaded.Seeds}, loaded, nil
}

// Start adds the folder's inputs to opts' seeds and connects the
// campaign of opts: a writer for new inputs and findings, and a
// goroutine that hands the inputs other processes add to the campaign
// until Finish.
func (sh *Share) Start(ctx context.Context, opts *engine.Options) {
	opts.Seeds = append(opts.Seeds, sh.seeds...)
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
	sh.stop = sh.sync(ctx, imports)
}

// write stores an input the campaign admitted.
func (sh *Share) write(in corpus.Input) {
	name, added, err := sh.dir.Add(in)
	if err != nil {
		sh.warn(err)
		return
	}
	if added {
		sh.nwrite.Add(1)
		sh.req.Log.Debug("corpus: input written", zap.String("name", name))
	}
}

// finding stores a finding with its reproducer: a report of one finding
// that `foresight replay` re-executes.
func (sh *Share) finding(f report.Finding) {
	var setup report.Setup
	if st := sh.setup.Load(); st != nil {
		setup = *st
	}
	data, err := sh.req.Report(f, setup)
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
		sh.req.Log.Debug("corpus: finding written", zap.String("path", path))
	}
}

func (sh *Share) warn(err error) {
	sh.warned.Do(func() { sh.req.Warn(err) })
	sh.req.Log.Warn("corpus", zap.Error(err))
}

// sync re-scans the folder every interval and hands each new input to a
// worker (the channel is unbuffered: a send completes when a worker took
// the input to run it).
func (sh *Share) sync(ctx context.Context, imports chan<- corpus.Input) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(sh.req.Sync)
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
					sh.req.Log.Debug("corpus: input from another process run", zap.String("name", l.Names[i]))
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return func() { cancel(); <-done }
}

// Shared is what a campaign shared: the folder, the new inputs it wrote,
// the inputs of other processes it ran, the new findings it wrote, and
// the seeds it dropped as stale (their contracts or functions no longer
// exist).
type Shared struct {
	Dir                 string
	Written, Ran, Found int64
	Stale               int
}

// Finish stops the sync and stores what the streaming writers may have
// missed of rep (nil: no campaign ran, and nothing is said).
func (sh *Share) Finish(rep *engine.Report) (Shared, bool) {
	sh.stop()
	close(sh.queue)
	<-sh.written
	if rep == nil {
		return Shared{}, false
	}
	for _, in := range rep.Inputs {
		sh.write(in)
	}
	for _, f := range rep.Findings {
		sh.finding(f)
	}
	return Shared{Dir: sh.dir.Path(), Written: sh.nwrite.Load(), Ran: sh.ran.Load(), Found: sh.found.Load(), Stale: max(len(sh.seeds)-rep.SeedsUsed, 0)}, true
}
