package session

import (
	"maps"
	"slices"
	"sync"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// This file is the editor's state of one project between runs, as
// gopls's cache keeps a view's apart from the protocol: the compiled
// text of each file, the builds a campaign fuzzed last, the findings on
// them (Findings), the notes of what its last campaign did not fuzz
// (Note), and which run is the latest (Gen). A run of the
// editor (Request.Gen) applies its compiles and its findings' replays to
// it itself; the front end reads it, and converts what it reads to its
// own positions and messages. A State has its own lock: the front end
// may call it under its own, never the other way round.

// A File is a compiled file of a project: its text and functions. A save
// first compiles for diagnostics only, which gives the text but no AST:
// until the full compile of that text the file is Analysed, its
// Functions are those of the last full compile moved with their lines,
// and Base is that last fully compiled state (a campaign's focus is the
// edit since Base).
type File struct {
	Unit      string
	Text      *Text
	Functions []solc.Function // byte ranges in Text
	Analysed  bool
	Base      *File
}

// State is one project's compiled files, builds and findings in the
// editor, and the generation of its latest run.
type State struct {
	mu       sync.Mutex
	gen      uint64
	files    map[string]*File
	builds   []*solc.Build
	findings *Findings
	notes    map[string][]Note // by path: what the last campaign did not fuzz
}

// NewState is a project's state before any compile.
func NewState() *State {
	return &State{files: map[string]*File{}, findings: NewFindings()}
}

// A Gen is one run of a project: a newer run (State.Begin) supersedes
// it, and from then on nothing it compiled or replayed is applied to the
// state. It keeps the texts its compiles saw, where the offsets of the
// findings its campaigns stream refer to.
type Gen struct {
	s     *State
	n     uint64
	files map[string]*File // the project's files as the run's full compile left them; nil before it
}

// Begin starts a run: older runs are superseded.
func (s *State) Begin() *Gen {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	return &Gen{s: s, n: s.gen}
}

// Current reports whether no newer run has begun.
func (g *Gen) Current() bool {
	g.s.mu.Lock()
	defer g.s.mu.Unlock()
	return g.s.gen == g.n
}

// N numbers the run within its project, for logs.
func (g *Gen) N() uint64 { return g.n }

// State is the project's state the run applies to.
func (g *Gen) State() *State { return g.s }

// File is the compiled state of a file now, or nil.
func (s *State) File(path string) *File {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.files[path]
}

// Text is the compiled text of a file now, or nil.
func (s *State) Text(path string) *Text {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.textLocked(path)
}

func (s *State) textLocked(path string) *Text {
	if f := s.files[path]; f != nil {
		return f.Text
	}
	return nil
}

// Paths are the compiled files, sorted.
func (s *State) Paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.files))
}

// Builds are the last full builds without errors the direct campaign
// fuzzed.
func (s *State) Builds() []*solc.Build {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.builds
}

// In returns the findings of a file.
func (s *State) In(path string) []*Finding {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.findings.In(path))
}

// ByID returns the finding of that ID, or nil.
func (s *State) ByID(id string) *Finding {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.findings.ByID(id)
}

// SetUp records the deployment of the campaign of that seed
// (Findings.SetUp).
func (s *State) SetUp(seed uint64, setup report.Setup) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.findings.SetUp(seed, setup)
}

// SetUpOf is the deployment recorded for the campaign of that seed.
func (s *State) SetUpOf(seed uint64) (report.Setup, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.findings.SetUpOf(seed)
}

// ReplayOn is what a finding replays on now (Findings.ReplayOn): its
// campaign's set-up and the project's builds, or its suite's.
func (s *State) ReplayOn(f *Finding) (report.Setup, []*solc.Build, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.findings.ReplayOn(f, s.builds)
}

// Record places a finding the run's campaigns streamed on the text now
// (Streamed) and adds it to the record with the ID id gives it; nil when
// it cannot be placed. Its offsets refer to the texts the run's full
// compile saw, or, before that, to the project's latest, while the run
// is the latest. An unlocated finding (or one in a file the run did not
// compile) goes at the start of fallback; nowhere says neither was
// compiled.
func (g *Gen) Record(f report.Finding, fallback string, carried bool, id func() string) (nf *Finding, nowhere bool) {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	files := g.files
	if files == nil { // not fully compiled: only the latest run's text is known
		if s.gen != g.n {
			return nil, false
		}
		files = s.files
	}
	path := f.Path
	file := files[path]
	if path == "" || file == nil {
		path, file = fallback, files[fallback]
		if file == nil {
			return nil, true
		}
	}
	ran := func(path string) *Text {
		if f := files[path]; f != nil {
			return f.Text
		}
		return nil
	}
	if nf = Streamed(f, path, file.Functions, ran, s.textLocked, carried); nf == nil {
		return nil, false
	}
	nf.ID = id()
	s.findings.Add(nf)
	return nf, false
}

// keepSuites records the builds of a run's suites (Findings.KeepSuites).
func (s *State) keepSuites(suites []Suite) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.findings.KeepSuites(suites)
}

// carry returns the suites of paths that can be fuzzed on the saved code
// (builds) from their last compile while theirs runs (Carry), so a bug
// only a set-up reaches is found as soon as the saved file compiled: a
// finding streams in at once and is replayed on the suite's own compile
// once ready.
func (s *State) carry(paths []string, builds []*solc.Build) []Carried {
	s.mu.Lock()
	kept := s.findings.Suites()
	s.mu.Unlock()
	var out []Carried
	for _, path := range paths {
		old := kept[path]
		if old == nil {
			continue
		}
		if c, why := Carry(FromBuilds(old, []string{path})[0], builds); why == "" {
			out = append(out, c)
		}
	}
	return out
}
