package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// A trigger says why a run starts and how it fuzzes.
type trigger struct {
	reason string        // "open", "save", "settings", "project files", "command"
	file   string        // the file that caused it, if any
	focus  []string      // forced focus ("Fuzz this function"); nil: the changed functions
	budget time.Duration // forced wall-clock budget; 0: from the settings
	// wholeFile fuzzes every function of the contracts of file, and only
	// those ("Fuzz this file").
	wholeFile bool
	// alone plans the run as if file were named alone on the command
	// line: a test file is fuzzed from its own set-up ("Fuzz this file"
	// on an invariant suite or an exported reproducer).
	alone bool
}

// schedule starts a run of p: compile the open files, publish the compiler
// diagnostics, then fuzz in the background. A run still compiling is
// cancelled first and the new one starts once it has stopped; a run
// already fuzzing keeps fuzzing while the new one compiles, and stops only
// when the new build is ready to fuzz (takeOver), so a person who saves
// more often than a compile takes still gets campaigns that finish.
func (s *server) schedule(p *project, t trigger) *run {
	s.mu.Lock()
	if s.state == shuttingDown {
		s.mu.Unlock()
		return nil
	}
	var wait, campaign *run
	if prev := p.run; prev != nil {
		if prev.fuzzing {
			campaign = prev
		} else {
			prev.cancel()
			wait, campaign = prev, prev.campaign
		}
	}
	if t.reason == "save" {
		s.checksLocked(p).StopMutants() // the mutants of the previous save's lines
	}
	ctx, cancel := context.WithCancel(s.ctx)
	r := &run{gen: p.state.Begin(), cancel: cancel, done: make(chan struct{}), file: t.file, campaign: campaign, stopDirect: make(chan struct{})}
	p.run = r
	s.mu.Unlock()
	s.log.Debug("schedule", zap.String("root", p.root), zap.String("reason", t.reason), zap.Uint64("gen", r.gen.N()))
	s.goSafe("run", func() {
		defer close(r.done)
		defer cancel()
		if wait != nil {
			<-wait.done
		}
		if ctx.Err() == nil {
			s.execute(ctx, p, r, t)
		}
		s.mu.Lock()
		if p.run == r {
			p.run = nil
			if !r.fuzzing && r.campaign != nil {
				// Nothing to fuzz here: the older campaign runs on and
				// the next save replaces it.
				p.run = r.campaign
			}
		}
		s.mu.Unlock()
	})
	return r
}

// takeOver stops the older campaign a run replaces, now that the run's
// build is ready to fuzz, and waits for it to end (what it found so far is
// published, its corpus saved). A campaign whose budget ended before has
// completed and published normally. When both runs fuzz invariant suites
// and the older one's are compiled or compiling, only its direct
// campaign stops: its suites fuzz on until this run's are ready
// (session.Run's suites' compile, editorStages), since compiling them
// again takes as long.
func (s *server) takeOver(r *run) {
	s.mu.Lock()
	old := r.campaign
	r.campaign, r.fuzzing = nil, true
	keep := old != nil && r.suites && old.suites && !old.waiting
	if keep {
		r.replaces = old
		select {
		case <-old.stopDirect:
		default:
			close(old.stopDirect) // its direct campaign alone
		}
	}
	s.mu.Unlock()
	if old != nil && !keep {
		s.stopRun(old)
	}
}

// stopRun cancels a run and the older ones whose suites it keeps, and
// waits for them to end.
func (s *server) stopRun(r *run) {
	for r != nil {
		s.mu.Lock()
		next := r.replaces
		s.mu.Unlock()
		r.cancel()
		<-r.done
		r = next
	}
}

// execute is one run: the open files and buffers handed to session.Run
// (an analysis-only compile whose diagnostics are published at once, a
// fraction of a full compile, then, if it is clean, the full compile the
// campaign needs, then the campaign, then the behaviour check and the
// mutants of a save).
func (s *server) execute(ctx context.Context, p *project, r *run, t trigger) {
	s.mu.Lock()
	files := s.entryFilesLocked(p)
	if t.file != "" && s.tooLarge[t.file] == 0 && !slices.Contains(files, t.file) {
		files = append(files, t.file)
	}
	overlay, versions := s.overlayLocked()
	tc := s.toolchainLocked()
	s.mu.Unlock()
	if len(files) == 0 {
		return
	}
	// The client may cancel the run's progress: that stops fuzzing (or
	// keeps it from starting), not the compiles, whose diagnostics the
	// editor still wants.
	fuzzCtx, stopFuzzing := context.WithCancel(ctx)
	defer stopFuzzing()
	s.mu.Lock()
	if r.stopFuzz = stopFuzzing; r.fuzzStopped {
		stopFuzzing()
	}
	s.mu.Unlock()
	prog := s.beginProgress(progressTitle, "compiling "+baseNames(files), stopFuzzing)
	result := "internal error"
	defer func() { s.runEnded(r, prog, result) }()

	proj, err := s.loadProject(p)
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "foresight: "+err.Error())
		result = "failed: " + err.Error()
		return
	}
	proj = s.trustedProject(proj)
	s.mu.Lock()
	prevBuilds := p.state.Builds() // the behaviour check's old side (behaviour.go)
	settings := s.settings
	s.mu.Unlock()
	// The run's order (the compiles, the aim, the campaigns and the
	// suites beside them) is session.Run's; this side applies what each
	// compile changed (editorStages) and shows the rest.
	var res session.Result
	result, res = s.fuzz(ctx, fuzzRequest{p: p, r: r, proj: proj, files: files, t: t, st: settings, prog: prog, overlay: overlay, versions: versions, tc: tc, fuzzCtx: fuzzCtx, old: prevBuilds})
	if res.Stop != session.Ran {
		return
	}
	if broken := res.Applied.Broken; len(broken) > 0 {
		// Never "0 findings" about files that were not fuzzed.
		result += "; not fuzzed (compile errors): " + baseNames(broken)
	}
}

// editorMode is the session's mode of a run: a save's, a command's, or
// "Fuzz this file" on a test planned as if the file were named alone.
func editorMode(t trigger) session.Mode {
	switch {
	case t.alone:
		return session.Named
	case t.reason == "command":
		return session.Command
	}
	return session.Save
}

// A stage is which compile of a run is applied (session.Stage).
type stage = session.Stage

const (
	stageAnalysis = session.StageAnalysis
	stageDirect   = session.StageDirect
	stageSuites   = session.StageSuites
)

// showCompile publishes what a compile of run r changed, once session
// applied it to the project's state (st; session.Gen). The
// analysis-only compile publishes the compiler diagnostics and the files
// whose findings and notes moved with the new text (st.Moved). The full compiles that follow publish only the files
// whose diagnostics differ from the analysis' (the editor sees no
// flicker). The suites' compile leaves the files the direct compile
// published as it published them. No compile clears a file it does not
// hold: the run does, once its last compile is applied
// (settleDiagnostics).
func (s *server) showCompile(p *project, r *run, builds []*solc.Build, versions map[string]int32, at stage, st session.Applied) {
	for _, b := range builds {
		if b.Err != nil && b.Output == nil {
			s.notifyOnce(protocol.MessageTypeError, "foresight: "+b.Err.Error())
		}
	}
	if st.Superseded {
		return
	}
	full := at != stageAnalysis
	diags := compilerDiagnostics(builds)
	s.mu.Lock()
	if !r.gen.Current() {
		s.mu.Unlock()
		return
	}
	if r.covered == nil {
		r.covered, r.direct = map[string]bool{}, map[string]bool{}
	}
	for path := range diags {
		switch {
		case at == stageSuites && r.direct[path]:
			delete(diags, path) // the direct compile's word on it stands
		case at == stageDirect:
			r.direct[path] = true
		}
	}
	for path := range diags {
		r.covered[path], p.diagPaths[path] = true, true
	}
	publish := s.setCompilerDiagnosticsLocked(diags, full)
	for path := range diags {
		if v, ok := versions[path]; ok {
			s.compiled[path] = v
		} else {
			delete(s.compiled, path)
		}
	}
	publish = append(publish, st.Moved...)
	s.mu.Unlock()
	slices.Sort(publish)
	s.publish(slices.Compact(publish)...)
}

// settleDiagnostics clears, once the last compile of run r is applied,
// the compiler diagnostics of the files an earlier run published and
// none of r's compiles holds (a file no longer imported): clearing them
// at each compile instead would clear, and the next compile publish
// again, the files only a later compile of the run holds (the suites',
// beside the direct campaign). A run a newer one superseded clears
// nothing: the newer one will.
func (s *server) settleDiagnostics(p *project, r *run) {
	s.mu.Lock()
	if !r.gen.Current() {
		s.mu.Unlock()
		return
	}
	gone := map[string][]protocol.Diagnostic{}
	for path := range p.diagPaths {
		if !r.covered[path] {
			gone[path] = []protocol.Diagnostic{}
			delete(p.diagPaths, path)
			delete(s.compiled, path)
		}
	}
	publish := s.setCompilerDiagnosticsLocked(gone, true)
	s.mu.Unlock()
	s.publish(publish...)
}

// fuzzable reports whether a function is called by campaigns.
func fuzzable(fn solc.Function) bool {
	return fn.Kind == "function" && fn.Name != "" && fn.Implemented &&
		(fn.Visibility == "public" || fn.Visibility == "external")
}

// refreshCodeLenses asks the client to re-request code lenses.
func (s *server) refreshCodeLenses() {
	s.mu.Lock()
	ok := s.caps.Workspace != nil && s.caps.Workspace.CodeLens != nil && s.caps.Workspace.CodeLens.RefreshSupport
	s.mu.Unlock()
	if !ok {
		return
	}
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	if _, err := s.conn.Call(ctx, "workspace/codeLens/refresh", nil, nil); err != nil {
		s.log.Debug("codeLens/refresh", zap.Error(err))
	}
}

// plural writes a count with its noun: "1 finding", "2 findings".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func baseNames(paths []string) string {
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	return strings.Join(names, ", ")
}
