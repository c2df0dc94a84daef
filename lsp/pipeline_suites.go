package lsp

import (
	"context"
	"maps"
	"slices"
	"time"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
)

// editorStages apply each compile of a run (session.Stages) to the
// project's state: diagnostics published, findings moved and rechecked,
// the campaign the run replaces stopped, the suites kept for the next
// save's carried set-ups.
type editorStages struct {
	s        *server
	p        *project
	r        *run
	versions map[string]int32 // the buffers' versions the compiles read
	st       Settings         // for the recheck of the findings
}

// Compiling holds a test's full compile (beforeFullCompile) and queues
// the suites' on the server's suite slot, so the next save's compiles
// never wait behind them; a newer save that takes the campaign over
// cancels it with the rest of the run.
func (e *editorStages) Compiling(ctx context.Context, at session.Stage) (func(), error) {
	s, r := e.s, e.r
	if at == stageDirect {
		if s.beforeFullCompile != nil {
			s.beforeFullCompile(ctx)
		}
		return nil, nil
	}
	s.mu.Lock()
	r.waiting = true
	s.mu.Unlock()
	select {
	case s.suiteSlot <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	s.mu.Lock()
	r.waiting = false
	s.mu.Unlock()
	if s.beforeSuitesCompile != nil {
		s.beforeSuitesCompile(ctx)
	}
	start := time.Now()
	return func() {
		<-s.suiteSlot
		s.mu.Lock()
		r.compiledSuites = true // no carried finding after this
		s.mu.Unlock()
		s.log.Debug("suites compiled", zap.Duration("elapsed", time.Since(start)))
	}, nil
}

// Applied makes a compile the project's state (applyBuilds).
func (e *editorStages) Applied(at session.Stage, builds []*solc.Build) session.Applied {
	st := e.s.applyBuilds(e.p, e.r, builds, e.versions, at)
	if at == stageSuites && st.Superseded {
		// A newer save's direct campaign took this run's over while its
		// suites compiled: they fuzz the text they compiled, as a
		// campaign that fuzzes on while the next save compiles does
		// (session.Streamed moves or drops their findings); the newer run
		// publishes, rechecks and keeps its own.
		e.s.addSuiteFiles(e.r, builds)
	}
	return st
}

// Settle clears the diagnostics no compile of the run holds.
func (e *editorStages) Settle() { e.s.settleDiagnostics(e.p, e.r) }

// Recheck replays the changed files' findings on the direct compile.
func (e *editorStages) Recheck(ctx context.Context, changed []string) {
	e.s.recheckFindings(ctx, e.p, e.r, e.st, changed, false)
}

// Fuzzing takes the campaign over (takeOver).
func (e *editorStages) Fuzzing(suites bool) {
	e.s.mu.Lock()
	e.r.suites = suites
	e.s.mu.Unlock()
	e.s.takeOver(e.r)
}

// SuitesReady keeps the suites' builds (their findings replay on them,
// the next save carries their set-ups), rechecks their findings on the
// new code and stops the older run whose suites fuzzed on until these
// were ready.
func (e *editorStages) SuitesReady(ctx context.Context, suites []session.Suite, changed []string, superseded bool) {
	s := e.s
	if !superseded {
		s.keepSuites(e.p, suites)
		s.recheckFindings(ctx, e.p, e.r, e.st, changed, true)
	}
	s.mu.Lock()
	old := e.r.replaces
	e.r.replaces = nil
	s.mu.Unlock()
	s.stopRun(old)
}

// Carried are the suites carried on the saved code (carry).
func (e *editorStages) Carried(paths []string, builds []*solc.Build) []session.Carried {
	return e.s.carry(e.p, paths, builds)
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
			files[u.Path] = &fileState{unit: name, src: session.NewText(u.Content), functions: b.Functions(name)}
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
	p.findings.KeepSuites(suites)
}

// carry returns the suites of paths that can be fuzzed on the saved code
// (builds) from their last compile while theirs runs (session.Carry), so a
// bug only a set-up reaches is found as soon as the saved file compiled,
// not after the test and forge-std did: a finding streams in at once and
// is replayed on the suite's own compile once ready (recheckFindings).
func (s *server) carry(p *project, paths []string, builds []*solc.Build) []session.Carried {
	s.mu.Lock()
	kept := p.findings.Suites()
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
