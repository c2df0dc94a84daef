package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
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

// share is one campaign's shared corpus folder (session.Share), and
// where it says what it shared.
type share struct {
	s      *session.Share
	stderr io.Writer
}

// start applies --shard and --corpus to opts: seeds from the directory,
// a writer for new inputs and findings, and a goroutine that hands the
// inputs other processes add to the campaign (session.Share). It returns
// nil without --corpus.
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
	inputs, root := absAll(paths), reportRoot(paths)
	req := session.ShareRequest{Dir: s.dir, Sync: s.sync, Log: log,
		// A finding is stored as a report of it alone, which `foresight
		// replay` re-executes.
		Report: func(f report.Finding, setup report.Setup) ([]byte, error) {
			return json.MarshalIndent(jsonReport{Schema: reportSchema, Tool: jsonTool{"foresight", version}, Root: root, Inputs: relPaths(root, inputs),
				Execs: f.Execs, Elapsed: f.Elapsed, Setup: setup, Finds: relFindings(root, []report.Finding{f})}, "", "  ")
		},
		Warn: func(err error) { fmt.Fprintf(stderr, "foresight: warning: corpus: %s\n", renderError(err)) },
	}
	// Loaded as the editor loads its project's corpus (session.LoadCorpus).
	sh, loaded, err := session.OpenShare(req, opts.Contracts)
	if err != nil {
		return nil, err
	}
	for _, p := range loaded.Problems {
		fmt.Fprintf(stderr, "foresight: corpus: skipped %v\n", p)
	}
	fmt.Fprintf(stderr, "foresight: corpus %s: %d input(s) loaded", s.dir, len(loaded.Seeds))
	if loaded.OverLimit > 0 {
		fmt.Fprintf(stderr, ", %d over the limit of %d left unread", loaded.OverLimit, session.MaxCorpusInputs)
	}
	if loaded.Migrated > 0 {
		fmt.Fprintf(stderr, ", %d converted from the older format", loaded.Migrated)
	}
	fmt.Fprintln(stderr)
	sh.Start(ctx, opts)
	return &share{s: sh, stderr: stderr}, nil
}

// finish stops the sync, stores what the streaming writers may have
// missed and prints what the campaign shared.
func (sh *share) finish(rep *engine.Report) {
	st, ok := sh.s.Finish(rep)
	if !ok {
		return
	}
	fmt.Fprintf(sh.stderr, "foresight: corpus %s: %d new input(s) written, %d from other processes run, %d new finding(s)",
		st.Dir, st.Written, st.Ran, st.Found)
	if st.Stale > 0 {
		fmt.Fprintf(sh.stderr, "; dropped %d stale input(s) (their contracts or functions no longer exist)", st.Stale)
	}
	fmt.Fprintln(sh.stderr)
}
