package lsp

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/foresight-sol/foresight/session"
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

// suitesLater is the second stage of a save (session.RunStaged): once the
// direct campaign has started on the saved file's own compile, the
// invariant suites are compiled together, on the toolchain's background
// worker so the next save's compiles never wait behind them; their
// diagnostics are published (the files the direct compile published
// keep its), their findings rechecked on the new code, and each suite
// is fuzzed as when compiled alone (session.FromBuilds). A newer save that
// takes the campaign over cancels this compile with the rest of the run.
// nil when the run has no suite.
func (s *server) suitesLater(req suitesRequest) session.Later {
	if len(req.paths) == 0 {
		return nil
	}
	return func(ctx context.Context) ([]session.Suite, error) {
		s.mu.Lock()
		req.r.waiting = true
		s.mu.Unlock()
		select {
		case s.suiteSlot <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		s.mu.Lock()
		req.r.waiting = false
		s.mu.Unlock()
		if s.beforeSuitesCompile != nil {
			s.beforeSuitesCompile(ctx)
		}
		start := time.Now()
		builds, err := req.tc.Compile(ctx, req.proj, solc.Request{Files: req.paths, Overlay: req.overlay, Mode: solc.Full, Background: true})
		<-s.suiteSlot
		s.mu.Lock()
		req.r.compiledSuites = true // no carried finding after this
		s.mu.Unlock()
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
			// A newer save's direct campaign took this run's over while
			// its suites compiled: they fuzz the text they compiled, as
			// a campaign that fuzzes on while the next save compiles does
			// (placeLocked moves or drops their findings); the newer run
			// publishes, rechecks and keeps its own.
			s.addSuiteFiles(req.r, builds)
		} else {
			s.settleDiagnostics(req.p, req.r)
		}
		suites := session.FromBuilds(goodOf(builds), req.paths)
		if !st.superseded {
			s.keepSuites(req.p, suites)
			changed := append(slices.Clone(req.changed), st.changed...)
			s.recheckFindings(ctx, req.p, req.r, req.st, changed, true)
		}
		// The older run whose suites fuzzed on until these were ready.
		s.mu.Lock()
		old := req.r.replaces
		req.r.replaces = nil
		s.mu.Unlock()
		s.stopRun(old)
		return suites, nil
	}
}

// addSuiteFiles adds the files of a superseded run's suites' compile to
// the texts its findings are placed on (run.files), as they were
// compiled.
func (s *server) addSuiteFiles(r *run, builds []*solc.Build) {
	s.mu.Lock()
	defer s.mu.Unlock()
	files := maps.Clone(r.files)
	if files == nil {
		files = map[string]*fileState{}
	}
	for _, b := range goodOf(builds) {
		for name, u := range b.Units {
			if _, ok := files[u.Path]; ok || u.Path == "" {
				continue
			}
			files[u.Path] = &fileState{unit: name, src: newSource(u.Content), functions: b.Functions(name)}
		}
	}
	r.files = files
}

// goodOf returns the builds without errors.
func goodOf(builds []*solc.Build) []*solc.Build {
	return slices.DeleteFunc(slices.Clone(builds), (*solc.Build).HasErrors)
}

// keepSuites records the builds of a run's suites: their findings replay
// on them.
func (s *server) keepSuites(p *project, suites []session.Suite) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p.suites = map[string][]*solc.Build{}
	for _, su := range suites {
		p.suites[su.Path] = su.Builds
	}
}

// carry returns the suites of paths that can be fuzzed on the saved code
// (builds) from their last compile while theirs runs (session.Carry), so a
// bug only a set-up reaches is found as soon as the saved file compiled,
// not after the test and forge-std did: a finding streams in at once and
// is replayed on the suite's own compile once ready (recheckFindings).
func (s *server) carry(p *project, paths []string, builds []*solc.Build) []session.Carried {
	s.mu.Lock()
	kept := maps.Clone(p.suites)
	s.mu.Unlock()
	var out []session.Carried
	for _, path := range paths {
		old := kept[path]
		if old == nil {
			continue
		}
		c, why := session.Carry(session.FromBuilds(old, []string{path})[0], builds)
		if why != "" {
			s.log.Debug("set-up not carried", zap.String("suite", path), zap.String("why", why))
			continue
		}
		out = append(out, c)
	}
	return out
}
