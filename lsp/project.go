package lsp

import (
	"fmt"
	"path/filepath"
	"slices"
	"sort"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
)

// A project is a directory solc.FindRoot returned, with what the server
// knows about it: the last build that compiled, the findings on it, and
// the run (compile, then campaign) in flight. Its fields are guarded by
// server.mu.
type project struct {
	root string
	proj *solc.Project // cached configuration; nil after foundry.toml or remappings.txt changed
	// layout is the last configuration read, kept when proj is dropped:
	// it says what is test code (solc.Project.IsTestOrScript) to handlers
	// that must not read the disk.
	layout *solc.Project

	gen uint64 // bumped by every scheduled run; stale callbacks compare it
	run *run   // the run in flight, or nil

	diagPaths map[string]bool // files the compiles published compiler diagnostics for, until a run settles them (settleDiagnostics)

	builds []*solc.Build         // last builds without errors
	files  map[string]*fileState // by path: the compiled text of each file of builds
	// findings are session's record of the project's findings, with the
	// set-ups and suites' builds that replay them (findingstate.go).
	findings  *session.Findings
	notes     map[string][]*note    // by path: what the last campaign did not fuzz
	stats     map[string]*fuzzStats // by "Contract.fn": the last campaign that covered it
	behaviour *behaviourState       // the save's behaviour checks (behaviour.go)
	mutants   *mutantState          // the save's mutants (mutants.go)
	checks    *session.Checks       // the checks after a save in flight (checksLocked)
}

// fileState is a compiled file: its text and functions. A save first
// compiles for diagnostics only, which gives the text but no AST: until
// the full compile of that text, the state is analysed, its functions are
// those of the last full compile moved with their lines, and base is that
// last fully compiled state (the campaign's focus is the edit since base).
type fileState struct {
	unit      string
	src       *session.Text
	functions []solc.Function // byte ranges in src
	analysed  bool            // only the analysis-only compile has seen src
	base      *fileState      // if analysed: the last fully compiled state, or nil
}

// A run is one scheduled compile-and-fuzz of a project.
type run struct {
	gen    uint64
	cancel func()
	done   chan struct{}
	file   string // the file that started it ("" for the project)
	// stopFuzz stops the campaign, not the compiles (nil until the run
	// starts); fuzzStopped is set when it was asked for before that. Both
	// under server.mu.
	stopFuzz    func()
	fuzzStopped bool
	// Pipelining (pipeline.go), under server.mu: fuzzing is set once the
	// run's build is ready to fuzz; campaign is an older run still fuzzing
	// that this one replaces then; files is the project's text the run's
	// full compile saw, where its findings' offsets point.
	fuzzing  bool
	campaign *run
	files    map[string]*fileState
	// Stages (pipeline_suites.go), under server.mu: suites says the run
	// fuzzes invariant suites beside its direct campaign; waiting, that
	// their compile waits for the server's suite slot; replaces is an
	// older run whose suites fuzz on until this run's are ready;
	// stopDirect stops the direct campaign alone (closed once).
	suites, waiting bool
	replaces        *run
	stopDirect      chan struct{}
	// compiledSuites is set once the run's suites' compile returned: its
	// carried suites' findings (session.Carry) are no longer taken.
	compiledSuites bool
	// covered are the files the run's compiles published compiler
	// diagnostics for, direct those of its direct full compile (under
	// server.mu; applyBuilds, settleDiagnostics).
	covered, direct map[string]bool
	// result is the run's end message once it ended, found the findings
	// it added, for a command that waits for it (testrun.go); under
	// server.mu.
	result string
	found  []*session.Finding
	// fuzzed and execs are the run's typed outcome for the same command
	// (runResult.Fuzzed, Execs): set by campaignEnded, under server.mu.
	fuzzed bool
	execs  uint64
}

func newProject(root string) *project {
	return &project{
		root:      root,
		diagPaths: map[string]bool{},
		files:     map[string]*fileState{},
		findings:  session.NewFindings(),
		notes:     map[string][]*note{},
		stats:     map[string]*fuzzStats{},
	}
}

// projectLocked returns the project of a file, creating it.
func (s *server) projectLocked(path string) *project {
	root := s.rootLocked(path)
	p := s.projects[root]
	if p == nil {
		p = newProject(root)
		s.projects[root] = p
	}
	return p
}

// rootLocked is the project root of a file. Inside a workspace folder
// that folder is one project unless a config file nearer the file says
// otherwise (solc.FindRootIn), so a bare folder without .git does not split
// into one project per subfolder and `import "../X.sol"` resolves.
func (s *server) rootLocked(path string) string {
	real, err := resolve(path)
	if err != nil {
		return solc.FindRoot(path)
	}
	best := ""
	for _, dir := range s.folders {
		if within(dir, real) && len(dir) > len(best) {
			best = dir
		}
	}
	if best == "" {
		return solc.FindRoot(path)
	}
	return solc.FindRootIn(path, best)
}

// folderLocked is the innermost workspace folder holding dir, or "".
func (s *server) folderLocked(dir string) string {
	best := ""
	for _, f := range s.folders {
		if within(f, dir) && len(f) > len(best) {
			best = f
		}
	}
	return best
}

// projectsWithOpenDocsLocked lists the projects of the open documents.
func (s *server) projectsWithOpenDocsLocked() []*project {
	seen := map[*project]bool{}
	var out []*project
	for _, path := range s.openPathsLocked() {
		p := s.projectLocked(path)
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

func (s *server) openPathsLocked() []string {
	var out []string
	for path := range s.docs {
		out = append(out, path)
	}
	sort.Strings(out)
	return out
}

// entryFilesLocked are the files a run compiles: the project's open
// Solidity documents (their imports follow).
func (s *server) entryFilesLocked(p *project) []string {
	var out []string
	for _, path := range s.openPathsLocked() {
		if d := s.docs[path]; d != nil && d.awaitingContent {
			continue // opened empty: compiled once its content arrives
		}
		if filepath.Ext(path) == ".sol" && s.tooLarge[path] == 0 && s.projectLocked(path) == p {
			out = append(out, path)
		}
	}
	return out
}

// overlayLocked holds every open buffer (unsaved text wins over the
// disk) and the versions of those buffers.
func (s *server) overlayLocked() (solc.Overlay, map[string]int32) {
	o := solc.Overlay{}
	versions := map[string]int32{}
	for path, d := range s.docs {
		if s.tooLarge[path] != 0 {
			continue // the compiler never sees it
		}
		o[path] = d.text.Content()
		versions[path] = d.version
	}
	return o, versions
}

// loadProject returns the project's configuration, reading it if needed.
func (s *server) loadProject(p *project) (*solc.Project, error) {
	s.mu.Lock()
	cached := p.proj
	s.mu.Unlock()
	if cached != nil {
		return cached, nil
	}
	proj, err := solc.LoadProject(p.root)
	if err != nil {
		return nil, fmt.Errorf("load project %s: %w", p.root, err)
	}
	s.mu.Lock()
	proj.NodeModulesUpTo = s.folderLocked(p.root) // hoisted node_modules: never above the workspace folder
	p.proj, p.layout = proj, proj
	s.mu.Unlock()
	return proj, nil
}

// textLocked is the compiled text of a file of the project now, or nil.
func (p *project) textLocked(path string) *session.Text {
	if fs := p.files[path]; fs != nil {
		return fs.src
	}
	return nil
}

// isTestLocked reports whether path is test or script code, as the
// command line decides it (solc.Project.IsTestOrScript): by the project's
// last configuration read, or by the default folders before one was.
func (p *project) isTestLocked(path string) bool {
	layout := p.layout
	if layout == nil {
		layout = &solc.Project{Root: p.root, Test: "test", Script: "script"}
	}
	return layout.IsTestOrScript(path)
}

// absorbLocked makes builds the project's current compiled state: for each
// file compiled before, it diffs the old text against the new one, drops
// the findings the edit touched (their range, or the function around
// them), moves the others to their new lines (moved lists those files).
//
// After an analysis-only compile (full false) that is all. After a full
// compile it also returns the functions changed since the last full
// compile of each file ("Contract.name"), the changed line ranges, which
// become the campaign's lookahead targets, and the files whose text
// changed. Files compiled for the first time add no focus: their whole
// contracts are new. Files in keep that builds lack (those of a failed
// build beside good ones) keep their last compiled state. current says
// builds are the project's builds from now on (p.builds: the direct
// campaign's, not the suites').
func (s *server) absorbLocked(p *project, builds []*solc.Build, full bool, keep map[string]bool, current bool) (focus []string, targets []engine.Target, changed, moved []string) {
	files := map[string]*fileState{}
	for _, b := range builds {
		for name, u := range b.Units {
			if u.Path == "" {
				continue
			}
			fs := &fileState{unit: name, src: session.NewText(u.Content), analysed: !full}
			if full {
				fs.functions = b.Functions(name)
			}
			files[u.Path] = fs
		}
	}
	paths := make([]string, 0, len(files))
	for path := range files {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		nf := files[path]
		old := p.files[path]
		if old == nil {
			continue
		}
		base := old
		if old.analysed {
			base = old.base
		}
		var hunks []session.Hunk
		if string(old.src.Content()) == string(nf.src.Content()) {
			if !full {
				files[path] = old // nothing new to learn
				continue
			}
			nf.src = old.src // findings keep pointing at its text
		} else {
			hunks = session.DiffLines(old.src.Lines(), nf.src.Lines())
			p.findings.Move(path, old.src, nf.src, old.functions, hunks)
			if p.notes[path] != nil {
				p.notes[path] = moveNotes(p.notes[path], old, nf, hunks)
			}
			moved = append(moved, path)
			if !full {
				nf.functions = session.ShiftFunctions(old.functions, old.src.Mapper(), nf.src.Mapper(), hunks)
				nf.base = base
				continue
			}
		}
		if base == nil || string(base.src.Content()) == string(nf.src.Content()) {
			continue
		}
		if base != old {
			hunks = session.DiffLines(base.src.Lines(), nf.src.Lines())
		}
		changed = append(changed, path)
		fo, tg := session.Changes(path, nf.src.Mapper(), nf.functions, hunks)
		focus, targets = append(focus, fo...), append(targets, tg...)
	}
	for path, old := range p.files {
		if _, ok := files[path]; !ok && keep[path] {
			files[path] = old
		}
	}
	p.files = files
	if full && current {
		p.builds = builds
	}
	slices.Sort(focus)
	return slices.Compact(focus), targets, changed, moved
}
