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
	// wholeFile fuzzes every function of the contracts of file, and only
	// those ("Fuzz this file").
	wholeFile bool
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

// execute is one run: an analysis-only compile whose diagnostics are
// published at once (a fraction of a full compile), then, if it is clean,
// the full compile the campaign needs, then the campaign.
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
	prog := s.beginProgress(progressTitle, "compiling "+baseNames(files), stopFuzzing)
	result := "internal error"
	defer func() { prog.end(result) }()

	proj, err := s.loadProject(p)
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "foresight: "+err.Error())
		result = "failed: " + err.Error()
		return
	}
	proj = s.trustedProject(proj)
	if t.reason != "command" {
		// Commands fuzz what they name, without a set-up.
		if h := setUpHarness(proj, files, overlay); h != "" {
			s.log.Debug("set-up harness", zap.String("file", h))
			files = append(files, h)
		}
	}
	// Both compiles read the same snapshot of the buffers, so the full one
	// normally sees the text the analysis already published.
	var builds []*solc.Build
	var st applied
	for _, mode := range []solc.OutputMode{solc.Diagnostics, solc.Full} {
		if mode == solc.Full && s.beforeFullCompile != nil {
			s.beforeFullCompile(ctx)
		}
		builds, err = tc.Compile(ctx, proj, solc.Request{Files: files, Overlay: overlay, Mode: mode})
		if ctx.Err() != nil {
			result = "cancelled"
			return
		}
		if err != nil {
			s.showMessage(protocol.MessageTypeError, "foresight: compile: "+err.Error())
			result = "failed: " + err.Error()
			return
		}
		st = s.applyBuilds(p, r, builds, versions, mode == solc.Full)
		if st.superseded {
			result = "cancelled"
			return
		}
		// With errors, the full compile still builds the files whose
		// imports compile (solc's partial build), which needs two files.
		if !st.clean && (mode == solc.Full && len(st.good) == 0 || len(files) < 2) {
			result = "compile errors"
			return
		}
	}
	builds = st.good
	if t.reason == "save" && slices.Contains(st.broken, t.file) && len(st.changed) == 0 {
		result = "compile errors" // nothing that compiles changed
		return
	}
	if fuzzCtx.Err() != nil {
		result = "cancelled"
		return
	}
	s.mu.Lock()
	settings := s.settings
	s.mu.Unlock()
	c := campaign{focus: st.focus, targets: st.targets}
	switch {
	case t.wholeFile:
		c.focus, c.targets = nil, nil
	case t.focus != nil:
		c.focus, c.targets = t.focus, nil
	case !settings.targeted():
		c.focus, c.targets = nil, nil
	}
	var why string
	c, why = campaignFor(proj, builds, t, st.changed, c)
	if why != "" {
		s.log.Info("not fuzzed", zap.String("root", p.root), zap.String("why", why))
		result = "not fuzzed: " + why
		return
	}
	result = s.fuzz(fuzzCtx, fuzzRequest{p: p, r: r, proj: proj, builds: builds, files: files, c: c, t: t, st: settings, prog: prog})
	if len(st.broken) > 0 {
		// Never "0 findings" about files that were not fuzzed.
		result += "; not fuzzed (compile errors): " + baseNames(st.broken)
	}
}

// applied is what a compile changed in a project.
type applied struct {
	superseded bool // a newer run started: nothing was applied
	clean      bool // no build has errors
	// Of a full compile: the builds without errors, which a campaign may
	// fuzz even when others failed (solc's partial build), and the entry
	// files of those that failed.
	good   []*solc.Build
	broken []string
	// Of a full compile with good builds (or a clean analysis): the
	// functions and lines changed since the last full compile in those
	// builds, and the files whose text changed.
	focus   []string
	targets []engine.Target
	changed []string
}

// applyBuilds makes a compile the project's state and publishes what
// changed. The analysis-only compile (full false) publishes the compiler
// diagnostics and moves the findings to the new text (or drops them, when
// the edit touched them). The full compile that follows publishes only the
// files whose diagnostics differ from the analysis' (the editor sees no
// flicker), records the functions of the new text and returns the focus.
func (s *server) applyBuilds(p *project, r *run, builds []*solc.Build, versions map[string]int32, full bool) applied {
	var st applied
	diags := compilerDiagnostics(builds)
	st.clean = true
	keep := map[string]bool{} // files only failed builds hold
	for _, b := range builds {
		ok := !b.HasErrors()
		st.clean = st.clean && ok
		if b.Err != nil && b.Output == nil {
			s.notifyOnce(protocol.MessageTypeError, "foresight: "+b.Err.Error())
		}
		if ok {
			st.good = append(st.good, b)
			continue
		}
		for _, u := range b.Units {
			keep[u.Path] = true
		}
		for _, root := range b.Roots {
			if u := b.Units[root]; u != nil && u.Path != "" {
				st.broken = append(st.broken, u.Path)
			}
		}
	}
	slices.Sort(st.broken)
	s.mu.Lock()
	if p.gen != r.gen {
		s.mu.Unlock()
		st.superseded = true
		return st
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
	publish := s.setCompilerDiagnosticsLocked(diags, full)
	for path := range diags {
		if v, ok := versions[path]; ok {
			s.compiled[path] = v
		} else {
			delete(s.compiled, path)
		}
	}
	// An analysis is absorbed when clean; a full compile for its good
	// builds, keeping the last compiled state of the files only the
	// failed ones hold (their next clean compile diffs against it).
	if st.clean || full && len(st.good) > 0 {
		var moved []string
		st.focus, st.targets, st.changed, moved = s.absorbLocked(p, st.good, full, keep)
		publish = append(publish, moved...)
	}
	s.mu.Unlock()
	slices.Sort(publish)
	s.publish(slices.Compact(publish)...)
	return st
}

// A campaign is what a run fuzzes.
type campaign struct {
	contracts []string // engine.Options.Contracts: never empty
	focus     []string
	targets   []engine.Target
}

// campaignFor restricts a campaign to code that is not test code
// (solc.Project.IsTestOrScript: the test and script folders, *.t.sol,
// *.s.sol): it is neither target nor focus, and a save that changed only
// such files, none of them with a Foundry setUp(), runs no campaign. why
// says why nothing is fuzzed, if so.
func campaignFor(proj *solc.Project, builds []*solc.Build, t trigger, changed []string, c campaign) (campaign, string) {
	only := ""
	if t.wholeFile {
		only = t.file
	}
	c.contracts = campaignContracts(proj, builds, only)
	if len(c.contracts) == 0 {
		if only != "" {
			return c, "no contract in " + filepath.Base(only) + " to fuzz"
		}
		return c, "no contract outside test files"
	}
	setUps := setUpFiles(proj, builds)
	if t.reason == "save" && len(changed) > 0 && !slices.ContainsFunc(changed, func(path string) bool { return !proj.IsTestOrScript(path) || setUps[path] }) {
		return c, "only test files changed"
	}
	allowed := map[string]bool{}
	for _, name := range c.contracts {
		allowed[name] = true
	}
	var focus []string
	for _, fn := range c.focus {
		if contract, _, ok := strings.Cut(fn, "."); !ok || allowed[contract] {
			focus = append(focus, fn)
		}
	}
	if t.focus != nil && len(focus) == 0 {
		return c, strings.Join(t.focus, ", ") + " is test code"
	}
	c.focus = focus
	c.targets = slices.DeleteFunc(slices.Clone(c.targets), func(tg engine.Target) bool { return proj.IsTestOrScript(tg.Path) })
	return c, ""
}

// campaignContracts lists the contracts a campaign may call: those defined
// in the builds' entry files (the engine's targets) outside test code, or
// only those of file when it is set.
func campaignContracts(proj *solc.Project, builds []*solc.Build, file string) []string {
	var names []string
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		for _, unit := range b.Roots {
			u := b.Units[unit]
			if u == nil || u.Path == "" || proj.IsTestOrScript(u.Path) || file != "" && u.Path != file {
				continue
			}
			for name := range b.Output.Contracts[unit] {
				names = append(names, name)
			}
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// fuzzRequest is what one campaign of a run needs: the project and run it
// belongs to, the run's builds and files, what to fuzz, why, with which
// settings, and where progress goes.
type fuzzRequest struct {
	p      *project
	r      *run
	builds []*solc.Build
	files  []string
	proj   *solc.Project
	c      campaign
	t      trigger
	st     Settings
	prog   *progress
}

// fuzz runs the campaign of a run and streams its findings.
func (s *server) fuzz(ctx context.Context, req fuzzRequest) string {
	p, r, builds, files, c, t, st, prog := req.p, req.r, req.builds, req.files, req.c, req.t, req.st, req.prog
	opts := st.options(t.budget)
	opts.Contracts = c.contracts
	opts.Focus = c.focus
	// The changed lines are lookahead targets; lines without code (comments,
	// blank lines) are dropped rather than failing the campaign.
	opts.Targets, opts.SkipEmptyTargets = c.targets, true
	focus := c.focus
	what := "all functions"
	switch {
	case len(focus) > 0:
		what = strings.Join(focus, ", ")
	case t.wholeFile:
		what = filepath.Base(t.file)
	}
	store, seeds := s.loadCorpus(p.root, c.contracts)
	opts.Seeds = seeds
	// With a budget in executions, reports carry a percentage.
	percent := func(execs uint64) *uint32 {
		if opts.Execs == 0 {
			return nil
		}
		pct := uint32(min(100, execs*100/opts.Execs))
		return &pct
	}
	if len(seeds) > 0 {
		prog.report(fmt.Sprintf("fuzzing %s (%s)", what, plural(len(seeds), "saved input")), percent(0))
	} else {
		prog.report("fuzzing "+what, percent(0))
	}
	fallback := t.file
	if fallback == "" {
		fallback = files[0]
	}
	// The deployment is known before the first finding streams in, so a
	// finding can be replayed or exported while its campaign still runs.
	opts.OnSetup = func(setup engine.Setup) {
		if setup.SetUp != "" {
			prog.report("fuzzing from "+setup.SetUp+".setUp()", percent(0))
		}
		s.mu.Lock()
		p.setups[opts.Seed] = setup
		s.pruneSetupsLocked(p, opts.Seed)
		s.mu.Unlock()
	}
	opts.OnFinding = func(f engine.Finding) { s.addFinding(p, r.gen, f, fallback) }
	opts.OnProgress = func(pr engine.Progress) {
		prog.report(fmt.Sprintf("fuzzing %s: %s, %s", what, plural(int(pr.Execs), "exec"), plural(pr.Findings, "finding")), percent(pr.Execs))
	}
	s.log.Info("campaign", zap.String("root", p.root), zap.Strings("contracts", opts.Contracts), zap.Strings("focus", focus), zap.Uint64("seed", opts.Seed),
		zap.Uint64("execs", opts.Execs), zap.Duration("duration", opts.Duration), zap.Int("seeds", len(seeds)))
	rep, err := engine.Fuzz(ctx, builds, opts)
	if rep != nil {
		// Also after a cancellation: what a campaign learnt is kept.
		if err := store.save(rep); err != nil {
			s.log.Warn("save corpus", zap.Error(err))
			s.notifyOnce(protocol.MessageTypeWarning, "foresight: "+err.Error())
		}
		s.log.Info("campaign ended", zap.String("root", p.root), zap.Uint64("execs", rep.Execs), zap.Int("findings", len(rep.Findings)),
			zap.Int("seedsUsed", rep.SeedsUsed), zap.Int("inputs", len(rep.Inputs)), zap.Bool("cancelled", ctx.Err() != nil))
		for _, sk := range rep.Skipped {
			// Nothing is skipped silently (a failed Foundry setUp(), a
			// constructor that always reverts): said once per reason.
			s.notifyOnce(protocol.MessageTypeWarning, "foresight: skipped "+sk.Contract+": "+sk.Reason)
		}
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
			if fuzzable(fn) && slices.Contains(c.contracts, fn.Contract) {
				p.stats[fn.Contract+"."+fn.Name] = &fuzzStats{execs: rep.Execs}
			}
		}
	}
	s.mu.Unlock()
	s.refreshCodeLenses()
	if ctx.Err() != nil {
		return "cancelled after " + plural(int(rep.Execs), "exec")
	}
	skipped, fuzzedAny := s.recordSkipped(req, rep)
	result := fmt.Sprintf("%s, %s", plural(int(rep.Execs), "exec"), plural(len(rep.Findings), "finding"))
	if !fuzzedAny {
		// Never "0 findings" about contracts that were not fuzzed.
		return "not fuzzed: " + skipped
	}
	if skipped != "" {
		result += "; not fuzzed: " + skipped
	}
	return result
}

// recordSkipped publishes, on their contracts, what a finished campaign
// did not fuzz, and returns the progress line of it and whether anything
// was fuzzed at all.
func (s *server) recordSkipped(req fuzzRequest, rep *engine.Report) (string, bool) {
	skips := skippedOf(req.proj, req.builds, rep)
	// rep.Contracts counts the targets, deployed or not.
	undeployed := 0
	for _, sk := range skips {
		if rep.SetUp == "" && slices.Contains(req.c.contracts, sk.Contract) && classify(sk.Reason) != skipNoFunctions {
			undeployed++
		}
	}
	fuzzedAny := rep.Contracts > undeployed
	s.mu.Lock()
	if req.p.gen != req.r.gen {
		s.mu.Unlock()
		return "", fuzzedAny
	}
	notes := notesFor(req.p, req.builds, skips)
	changed := req.p.setNotesLocked(notes)
	s.mu.Unlock()
	slices.Sort(changed)
	s.publish(slices.Compact(changed)...)
	return summary(skips), fuzzedAny
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
