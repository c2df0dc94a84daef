package lsp

import (
	"context"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// This file is fork mode in the editor (settings forkUrl and forkBlock,
// docs/cli.md, "Fork mode"). A forked campaign makes network requests to a URL that a
// workspace's settings file may name, so it runs only in a trusted
// workspace; an untrusted one is fuzzed without the fork, and told so once.

// openFork opens the fork the settings name at block (0: forkBlock, else
// the latest), or returns nil: none set, the workspace untrusted, or the
// node failed (said once).
func (s *server) openFork(ctx context.Context, st Settings, block uint64) *fork.Source {
	if st.ForkURL == "" {
		return nil
	}
	s.mu.Lock()
	trusted := s.trusted
	s.mu.Unlock()
	if !trusted {
		s.notifyOnce(protocol.MessageTypeWarning, "foresight: the workspace is not trusted: ignoring forkUrl (a forked campaign makes network requests to the URL it names); fuzzing without the fork")
		return nil
	}
	if block == 0 {
		block = st.ForkBlock
	}
	src, err := fork.Open(ctx, fork.Config{URL: st.ForkURL, Block: block, CacheDir: filepath.Join(solc.DefaultCacheDir(), "fork")})
	if err != nil {
		s.log.Warn("fork", zap.Error(err)) // fork errors carry no credentials
		s.notifyOnce(protocol.MessageTypeWarning, "foresight: "+err.Error())
		return nil
	}
	return src
}

// setUpForks are the forks a Foundry set-up may select itself
// (vm.createSelectFork), pinned to rec's block when replaying its
// finding. Untrusted, they refuse to fork before any request: the set-up
// and foundry.toml that name the URL are workspace files.
func (s *server) setUpForks(ctx context.Context, rec *report.ForkInfo) *engine.SetUpForks {
	s.mu.Lock()
	trusted := s.trusted
	s.mu.Unlock()
	return engine.NewSetUpForks(ctx, engine.SetUpForksConfig{CacheDir: filepath.Join(solc.DefaultCacheDir(), "fork"), Untrusted: !trusted, Pin: rec})
}

// closeSetUpForks writes the set-up's forks' disk caches.
func (s *server) closeSetUpForks(forks *engine.SetUpForks) {
	st, n := forks.Stats()
	if n == 0 {
		return
	}
	s.log.Info("set-up fork", zap.Int("forks", n), zap.Uint64("requests", st.Requests), zap.Int("fetched", st.Fetched), zap.Int("cached", st.Cached))
	if err := forks.Close(); err != nil {
		s.log.Warn("fork cache", zap.Error(err))
	}
}

// closeFork writes the fork's disk cache.
func (s *server) closeFork(src *fork.Source) {
	if src == nil {
		return
	}
	st := src.Stats()
	s.log.Info("fork", zap.String("url", src.URL()), zap.Uint64("requests", st.Requests), zap.Int("fetched", st.Fetched), zap.Int("cached", st.Cached))
	if err := src.Close(); err != nil {
		s.log.Warn("fork cache", zap.Error(err))
	}
}

// replayOn is engine.ReplayOn on the fork a finding was found on, if it
// was (the current forkUrl, at the finding's block).
func (s *server) replayOn(ctx context.Context, t *replayTarget) (*engine.Trace, error) {
	s.mu.Lock()
	st := s.settings
	s.mu.Unlock()
	var src *fork.Source
	if t.setup.Fork != nil && !t.setup.Fork.SetUp {
		src = s.openFork(ctx, st, t.setup.Fork.Block)
		defer s.closeFork(src)
	}
	forks := s.setUpForks(ctx, t.setup.Fork)
	defer s.closeSetUpForks(forks)
	return engine.ReplayForked(src, forks, t.builds, t.setup, t.f.f)
}
