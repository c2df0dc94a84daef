package lsp

import (
	"context"
	"time"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.uber.org/zap"
)

// editorStages show each compile of a run (session.Stages) once session
// applied it to the project's state (session.Gen): diagnostics and
// findings published, the recheck's fixed findings said; and hand the
// campaigns over: the one the run replaces stopped, the suites' compile
// queued on the server's suite slot.
type editorStages struct {
	s        *server
	p        *project
	r        *run
	versions map[string]int32 // the buffers' versions the compiles read
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

// Applied publishes a compile (showCompile).
func (e *editorStages) Applied(at session.Stage, builds []*solc.Build, st session.Applied) {
	e.s.showCompile(e.p, e.r, builds, e.versions, at, st)
}

// Settle clears the diagnostics no compile of the run holds.
func (e *editorStages) Settle() { e.s.settleDiagnostics(e.p, e.r) }

// Rechecked shows what the replay of the stored findings changed
// (showRechecked).
func (e *editorStages) Rechecked(r session.Replayed) { e.s.showRechecked(r) }

// Fuzzing takes the campaign over (takeOver).
func (e *editorStages) Fuzzing(suites bool) {
	e.s.mu.Lock()
	e.r.suites = suites
	e.s.mu.Unlock()
	e.s.takeOver(e.r)
}

// SuitesReady stops the older run whose suites fuzzed on until this
// run's were ready.
func (e *editorStages) SuitesReady() {
	s := e.s
	s.mu.Lock()
	old := e.r.replaces
	e.r.replaces = nil
	s.mu.Unlock()
	s.stopRun(old)
}
