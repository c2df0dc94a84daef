package lsp

import (
	"context"
	"errors"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/internal/redact"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// This file is fork mode in the editor (settings forkUrl and forkBlock,
// docs/cli.md, "Fork mode"). A forked campaign makes network requests to a URL that a
// workspace's settings file may name, so it runs only in a trusted
// workspace; an untrusted one is fuzzed without the fork, and told so once.

// isTrusted says whether the workspace is trusted.
func (s *server) isTrusted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.trusted
}

// forkFailed tells the editor that the fork failed and what that did to
// the campaign: once per kind of failure (unreachable, rate limit, ...),
// since each save would say it again; the log has every one.
func (s *server) forkFailed(err error, what string) {
	s.log.Warn("fork", zap.Error(err))
	key := err.Error()
	if kind, ok := session.ForkFailure(err); ok {
		key = kind.Error()
	}
	s.notifyOnceAs(protocol.MessageTypeWarning, "\x00fork: "+key, "foresight: "+err.Error()+"; "+what)
}

// forkKind names the kind of a fork failure for a progress line.
func forkKind(err error) string {
	if kind, ok := session.ForkFailure(err); ok {
		return kind.Error()
	}
	return "see the message"
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

// closeFork writes the fork's disk cache; the set-up's forks are
// closeSetUpForks'.
func (s *server) closeFork(f session.Forks) {
	src := f.Source
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
// was (session.OpenReplayFork: forkUrl, else the finding's own URL, at
// the finding's block), as 'foresight replay' does; an untrusted
// workspace replays without it, its set-up's forks refusing to fork.
func (s *server) replayOn(ctx context.Context, t *replayTarget) (*engine.Trace, error) {
	s.mu.Lock()
	st := s.settings
	s.mu.Unlock()
	forks, err := session.OpenReplayFork(ctx, t.setup.Fork, st.ForkURL, 0, s.isTrusted())
	switch {
	case errors.Is(err, session.ErrForkUntrusted):
		s.notifyOnce(protocol.MessageTypeWarning, "foresight: the workspace is not trusted: ignoring forkUrl (a forked campaign makes network requests to the URL it names); fuzzing without the fork")
	case errors.Is(err, session.ErrForkRedacted):
		s.forkFailed(err, "the finding was not replayed (set forkUrl to the fork's URL)")
		return nil, err
	case err != nil:
		err = redact.Error(err) // fork errors carry no credentials; this keeps it so
		if ctx.Err() == nil {
			s.forkFailed(err, "the campaign did not run on the fork, nor without it (fix forkUrl, or clear it to fuzz without a fork)")
		}
		return nil, err
	}
	defer s.closeFork(forks)
	defer s.closeSetUpForks(forks.SetUp)
	return engine.ReplayForked(forks.Source, forks.SetUp, t.builds, t.setup, t.f.Found)
}
