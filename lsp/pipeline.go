package lsp

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/foresight-sol/foresight/engine"
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
}

// schedule starts a run of p: compile the open files, publish the compiler
// diagnostics, then fuzz in the background. The run in flight, compiling
// or fuzzing, is cancelled first; the new one starts once it has stopped.
func (s *server) schedule(p *project, t trigger) {
	s.mu.Lock()
	if s.state == shuttingDown {
		s.mu.Unlock()
		return
	}
	prev := p.run
	if prev != nil {
		prev.cancel()
	}
	p.gen++
	ctx, cancel := context.WithCancel(s.ctx)
	r := &run{gen: p.gen, cancel: cancel, done: make(chan struct{})}
	p.run = r
	s.mu.Unlock()
	s.log.Debug("schedule", zap.String("root", p.root), zap.String("reason", t.reason), zap.Uint64("gen", r.gen))
	s.goSafe("run", func() {
		defer close(r.done)
		defer cancel()
		if prev != nil {
			<-prev.done
		}
		if ctx.Err() == nil {
			s.execute(ctx, p, r, t)
		}
		s.mu.Lock()
		if p.run == r {
			p.run = nil
		}
		s.mu.Unlock()
	})
}

// execute is one run: compile, publish, absorb the edit, fuzz.
func (s *server) execute(ctx context.Context, p *project, r *run, t trigger) {
	s.mu.Lock()
	files := s.entryFilesLocked(p)
	if t.file != "" && !slices.Contains(files, t.file) {
		files = append(files, t.file)
	}
	overlay, versions := s.overlayLocked()
	tc := s.toolchainLocked()
	s.mu.Unlock()
	if len(files) == 0 {
		return
	}
	prog := s.beginProgress(progressTitle, "compiling "+baseNames(files))
	result := "internal error"
	defer func() { prog.end(result) }()

	proj, err := s.loadProject(p)
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "foresight: "+err.Error())
		result = "failed: " + err.Error()
		return
	}
	builds, err := tc.Compile(ctx, proj, solc.Request{Files: files, Overlay: overlay, Mode: solc.Full})
	if ctx.Err() != nil {
		result = "cancelled"
		return
	}
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "foresight: compile: "+err.Error())
		result = "failed: " + err.Error()
		return
	}
	diags := compilerDiagnostics(builds)
	clean := true
	for _, b := range builds {
		clean = clean && !b.HasErrors()
		if b.Err != nil && b.Output == nil {
			s.notifyOnce(protocol.MessageTypeError, "foresight: "+b.Err.Error())
		}
	}

	s.mu.Lock()
	if p.gen != r.gen {
		s.mu.Unlock()
		result = "cancelled"
		return
	}
	for path := range p.diagPaths {
		if _, ok := diags[path]; !ok {
			diags[path] = []protocol.Diagnostic{}
		}
	}
	p.diagPaths = map[string]bool{}
	for path := range diags {
		p.diagPaths[path] = true
	}
	publish := s.setCompilerDiagnosticsLocked(diags)
	for path := range diags {
		if v, ok := versions[path]; ok {
			s.compiled[path] = v
		} else {
			delete(s.compiled, path)
		}
	}
	var focus []string
	var targets []engine.Target
	if clean {
		var touched []string
		focus, touched, targets = s.absorbLocked(p, builds)
		publish = append(publish, touched...)
	}
	settings := s.settings
	s.mu.Unlock()
	slices.Sort(publish)
	s.publish(slices.Compact(publish)...)
	if !clean {
		result = "compile errors"
		return
	}
	switch {
	case t.focus != nil:
		focus, targets = t.focus, nil
	case !settings.targeted():
		focus, targets = nil, nil
	}
	result = s.fuzz(ctx, p, r, builds, files, focus, targets, t, settings, prog)
}

// fuzz runs the campaign of a run and streams its findings.
func (s *server) fuzz(ctx context.Context, p *project, r *run, builds []*solc.Build, files, focus []string, targets []engine.Target, t trigger, st Settings, prog *progress) string {
	opts := st.options(t.budget)
	opts.Focus = focus
	// The changed lines are lookahead targets; lines without code (comments,
	// blank lines) are dropped rather than failing the campaign.
	opts.Targets, opts.SkipEmptyTargets = targets, true
	what := "all functions"
	if len(focus) > 0 {
		what = strings.Join(focus, ", ")
	}
	store, seeds := s.loadCorpus(p.root, builds)
	opts.Seeds = seeds
	if len(seeds) > 0 {
		prog.report(fmt.Sprintf("fuzzing %s (%d saved inputs)", what, len(seeds)))
	} else {
		prog.report("fuzzing " + what)
	}
	fallback := t.file
	if fallback == "" {
		fallback = files[0]
	}
	// The deployment is known before the first finding streams in, so a
	// finding can be replayed or exported while its campaign still runs.
	opts.OnSetup = func(setup engine.Setup) {
		s.mu.Lock()
		p.setups[opts.Seed] = setup
		s.pruneSetupsLocked(p, opts.Seed)
		s.mu.Unlock()
	}
	opts.OnFinding = func(f engine.Finding) { s.addFinding(p, r.gen, f, fallback) }
	opts.OnProgress = func(pr engine.Progress) {
		prog.report(fmt.Sprintf("fuzzing %s: %d execs, %d findings", what, pr.Execs, pr.Findings))
	}
	s.log.Info("campaign", zap.String("root", p.root), zap.Strings("focus", focus), zap.Uint64("seed", opts.Seed),
		zap.Uint64("execs", opts.Execs), zap.Duration("duration", opts.Duration), zap.Int("seeds", len(seeds)))
	rep, err := engine.Fuzz(ctx, builds, opts)
	if rep != nil {
		// Also after a cancellation: what a campaign learnt is kept.
		if err := store.save(rep.Inputs); err != nil {
			s.log.Warn("save corpus", zap.Error(err))
			s.notifyOnce(protocol.MessageTypeWarning, "foresight: "+err.Error())
		}
		s.log.Info("campaign ended", zap.String("root", p.root), zap.Uint64("execs", rep.Execs), zap.Int("findings", len(rep.Findings)),
			zap.Int("seedsUsed", rep.SeedsUsed), zap.Int("inputs", len(rep.Inputs)), zap.Bool("cancelled", ctx.Err() != nil))
	}
	if err != nil {
		if ctx.Err() != nil {
			return "cancelled"
		}
		s.log.Warn("campaign", zap.Error(err))
		s.notifyOnce(protocol.MessageTypeWarning, "foresight: campaign: "+err.Error())
		return "not fuzzed: " + err.Error()
	}
	s.mu.Lock()
	for _, path := range files {
		fs := p.files[path]
		if fs == nil {
			continue
		}
		for _, fn := range fs.functions {
			if fuzzable(fn) {
				p.stats[fn.Contract+"."+fn.Name] = &fuzzStats{execs: rep.Execs}
			}
		}
	}
	s.mu.Unlock()
	s.refreshCodeLenses()
	if ctx.Err() != nil {
		return fmt.Sprintf("cancelled after %d execs", rep.Execs)
	}
	return fmt.Sprintf("%d execs, %d findings", rep.Execs, len(rep.Findings))
}

// addFinding records a streamed finding and publishes its file at once. A
// finding of a superseded run is dropped: its offsets refer to a text that
// is no longer the project's.
func (s *server) addFinding(p *project, gen uint64, f engine.Finding, fallback string) {
	s.mu.Lock()
	if p.gen != gen {
		s.mu.Unlock()
		return
	}
	path := f.Path
	fs := p.files[path]
	if path == "" || fs == nil {
		path, fs = fallback, p.files[fallback] // unlocated: the start of the file
		if fs == nil {
			s.mu.Unlock()
			s.log.Warn("finding without a file", zap.String("kind", f.Kind), zap.String("contract", f.Contract))
			return
		}
	}
	s.seq++
	nf := &finding{id: fmt.Sprintf("f%d", s.seq), path: path, src: fs.src, f: f}
	list := slices.DeleteFunc(p.findings[path], func(old *finding) bool { return old.key() == nf.key() })
	p.findings[path] = append(list, nf)
	s.mu.Unlock()
	s.publish(path)
}

// pruneSetupsLocked forgets the deployments no finding refers to any
// more, except the campaign's own (seed), so campaigns with seeds from the
// clock do not pile them up.
func (s *server) pruneSetupsLocked(p *project, seed uint64) {
	used := map[uint64]bool{seed: true}
	for _, fs := range p.findings {
		for _, f := range fs {
			used[f.f.Seed] = true
		}
	}
	for k := range p.setups {
		if !used[k] {
			delete(p.setups, k)
		}
	}
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

func baseNames(paths []string) string {
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	return strings.Join(names, ", ")
}
