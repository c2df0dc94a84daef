package lsp

import (
	"fmt"
	"path/filepath"
	"sort"

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

	run *run // the run in flight, or nil

	diagPaths map[string]bool // files the compiles published compiler diagnostics for, until a run settles them (settleDiagnostics)

	// state is session's: the compiled text of each file, the last
	// builds, the findings with the set-ups and suites' builds that
	// replay them, and which run is the latest (session.State). It has
	// its own lock, taken under server.mu, never around it.
	state     *session.State
	stats     map[string]*fuzzStats // by "Contract.fn": the last campaign that covered it
	behaviour *behaviourState       // the save's behaviour checks (behaviour.go)
	mutants   *mutantState          // the save's mutants (mutants.go)
	checks    *session.Checks       // the checks after a save in flight (checksLocked)
}

// A run is one scheduled compile-and-fuzz of a project.
type run struct {
	gen    *session.Gen // the run in the project's state: Current until a newer run begins
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
	// that this one replaces then.
	fuzzing  bool
	campaign *run
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
	// server.mu; showCompile, settleDiagnostics).
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
		state:     session.NewState(),
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
