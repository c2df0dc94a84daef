package lsp

import (
	"context"
	"slices"
	"time"

	"github.com/foresight-sol/foresight/plan"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// suitesRequest is what a run's suites' compile reads: the run, the
// suites' files, the buffers and their versions, the toolchain, the
// settings (for the recheck of the suites' findings) and the files the
// direct compile found changed.
type suitesRequest struct {
	p        *project
	r        *run
	proj     *solc.Project
	paths    []string
	overlay  solc.Overlay
	versions map[string]int32
	tc       *solc.Toolchain
	st       Settings
	changed  []string
}

// suitesLater is the second stage of a save (plan.RunStaged): once the
// direct campaign has started on the saved file's own compile, the
// invariant suites are compiled together, on the toolchain's background
// worker so the next save's compiles never wait behind them; their
// diagnostics are published (the files the direct compile published
// keep its), their findings rechecked on the new code, and each suite
// is fuzzed as when compiled alone (plan.FromBuilds). A newer save that
// takes the campaign over cancels this compile with the rest of the run.
// nil when the run has no suite.
func (s *server) suitesLater(req suitesRequest) plan.Later {
	if len(req.paths) == 0 {
		return nil
	}
	return func(ctx context.Context) ([]plan.Suite, error) {
		start := time.Now()
		builds, err := req.tc.Compile(ctx, req.proj, solc.Request{Files: req.paths, Overlay: req.overlay, Mode: solc.Full, Background: true})
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if err != nil {
			s.showMessage(protocol.MessageTypeError, "foresight: compile: "+err.Error())
			return nil, err
		}
		s.log.Debug("suites compiled", zap.Strings("files", req.paths), zap.Duration("elapsed", time.Since(start)))
		st := s.applyBuilds(req.p, req.r, builds, req.versions, stageSuites)
		if st.superseded {
			return nil, context.Canceled
		}
		s.settleDiagnostics(req.p, req.r)
		suites := plan.FromBuilds(st.good, req.paths)
		s.keepSuites(req.p, suites)
		changed := append(slices.Clone(req.changed), st.changed...)
		s.recheckFindings(ctx, req.p, req.r, req.st, changed, true)
		return suites, nil
	}
}

// keepSuites records the builds of a run's suites: their findings replay
// on them.
func (s *server) keepSuites(p *project, suites []plan.Suite) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p.suites = map[string][]*solc.Build{}
	for _, su := range suites {
		p.suites[su.Path] = su.Builds
	}
}
