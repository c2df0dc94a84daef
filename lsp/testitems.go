package lsp

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// methodTestItems is the client's request for what a test runner lists
// (docs/lsp.md, "Test items"): the invariant suites and exported
// reproducers of each project, and the functions "Fuzz this function"
// runs on.
const methodTestItems = "foresight/testItems"

// maxTestFiles bounds the test files one answer reads.
const maxTestFiles = 512

type testItemsParams struct {
	// URI is a folder or file whose project is listed; empty: those of
	// every workspace folder and open document.
	URI protocol.DocumentURI `json:"uri,omitempty"`
}

type testItemsResult struct {
	Projects []testProject `json:"projects"`
}

// testProject is one project's items. Suites are the invariant suites of
// its test folder (a setUp() with invariant functions or target
// selectors, as harness.IsSuite decides), reproducers the exported
// test/Foresight_*.t.sol files; functions those of its last compile
// outside test code that "Fuzz this function" accepts.
type testProject struct {
	Root        protocol.DocumentURI `json:"root"`
	Suites      []testFile           `json:"suites"`
	Reproducers []testFile           `json:"reproducers"`
	Functions   []testFunction       `json:"functions"`
}

type testFile struct {
	URI       protocol.DocumentURI `json:"uri"`
	Contracts []testContract       `json:"contracts"`
}

// testContract is a test contract and its tests: invariant functions in
// a suite, test functions in a reproducer.
type testContract struct {
	Name  string         `json:"name"`
	Range protocol.Range `json:"range"`
	Tests []testCase     `json:"tests"`
}

type testCase struct {
	Name  string         `json:"name"`
	Range protocol.Range `json:"range"`
}

type testFunction struct {
	URI      protocol.DocumentURI `json:"uri"`
	Function string               `json:"function"` // "Contract.name", as foresight.fuzzFunction takes it
	Range    protocol.Range       `json:"range"`
}

// testItems answers foresight/testItems. Test files are read lexically
// (solc.ScanBodies), so a suite is listed before it compiles; functions
// come from the last compile and follow the buffer as code lenses do.
func (s *server) testItems(_ context.Context, params *testItemsParams) (testItemsResult, error) {
	res := testItemsResult{Projects: []testProject{}}
	s.mu.Lock()
	var ps []*project
	seen := map[*project]bool{}
	add := func(p *project) {
		if !seen[p] {
			seen[p] = true
			ps = append(ps, p)
		}
	}
	if params.URI != "" {
		path, err := pathOf(params.URI)
		if err != nil || !s.insideLocked(path) {
			s.mu.Unlock()
			return res, nil
		}
		add(s.projectLocked(path))
	} else {
		for _, dir := range s.folders {
			add(s.projectLocked(dir))
		}
		for _, p := range s.projectsWithOpenDocsLocked() {
			add(p)
		}
	}
	overlay, _ := s.overlayLocked()
	s.mu.Unlock()
	for _, p := range ps {
		proj, err := s.loadProject(p)
		if err != nil {
			s.log.Debug("test items", zap.String("root", p.root), zap.Error(err))
			continue
		}
		tp := testProject{Root: uriOf(p.root), Suites: []testFile{}, Reproducers: []testFile{}}
		tp.Suites, tp.Reproducers = testFiles(proj, overlay)
		s.mu.Lock()
		tp.Functions = s.testFunctionsLocked(p)
		s.mu.Unlock()
		res.Projects = append(res.Projects, tp)
	}
	return res, nil
}

// testFiles reads the project's test folder: its invariant suites and
// reproducers. A file linked from outside the project is never read.
func testFiles(proj *solc.Project, overlay solc.Overlay) (suites, reproducers []testFile) {
	suites, reproducers = []testFile{}, []testFile{}
	root, err := filepath.EvalSymlinks(proj.Root)
	if err != nil || proj.Test == "" {
		return suites, reproducers
	}
	all, err := solc.SolidityFiles(filepath.Join(proj.Root, proj.Test))
	if err != nil {
		return suites, reproducers
	}
	for i, f := range all {
		if i == maxTestFiles {
			break
		}
		if real, err := filepath.EvalSymlinks(f); err != nil || !within(root, real) {
			continue
		}
		text, open := overlay[f]
		if !open {
			text = session.ReadSmall(f)
		}
		base := filepath.Base(f)
		switch {
		case strings.HasPrefix(base, "Foresight_") && strings.HasSuffix(base, ".t.sol"):
			if tf := scanTestFile(f, text, "test", false); len(tf.Contracts) > 0 {
				reproducers = append(reproducers, tf)
			}
		case session.IsSuite(text):
			if tf := scanTestFile(f, text, "invariant", true); len(tf.Contracts) > 0 {
				suites = append(suites, tf)
			}
		}
	}
	return suites, reproducers
}

// scanTestFile lists a test file's contracts with the functions whose
// names start with prefix; a contract with none is listed when it has a
// setUp() in a suite (whose invariants it inherits).
func scanTestFile(path string, text []byte, prefix string, suite bool) testFile {
	src := session.NewText(text)
	tf := testFile{URI: uriOf(path), Contracts: []testContract{}}
	for _, b := range solc.ScanBodies(text) {
		if b.Kind != "contract" {
			continue
		}
		c := testContract{Name: b.Name, Range: rangeIn(src, b.NameStart, b.NameStart+len(b.Name)), Tests: []testCase{}}
		setUp := false
		for _, fn := range b.Functions {
			setUp = setUp || fn.Name == "setUp"
			if strings.HasPrefix(fn.Name, prefix) {
				c.Tests = append(c.Tests, testCase{Name: fn.Name, Range: rangeIn(src, fn.Start, fn.Start+len(fn.Name))})
			}
		}
		if len(c.Tests) > 0 || setUp && suite {
			tf.Contracts = append(tf.Contracts, c)
		}
	}
	return tf
}

// testFunctionsLocked lists the fuzzable functions of the project's last
// compile outside test code and dependencies, placed in the current
// buffers.
func (s *server) testFunctionsLocked(p *project) []testFunction {
	out := []testFunction{}
	for _, path := range p.state.Paths() {
		fs := p.state.File(path)
		if p.isTestLocked(path) || p.layout != nil && p.layout.InDependency(path) {
			continue
		}
		v := newView(fs.Text, s.docs[path])
		for _, fn := range fs.Functions {
			at := fn.NameStart
			if !fuzzable(fn) || at < 0 {
				continue
			}
			start, end, ok := v.place(at, at+len(fn.Name))
			if !ok {
				continue
			}
			out = append(out, testFunction{URI: uriOf(path), Function: fn.Contract + "." + fn.Name, Range: rangeIn(v.cur, start, end)})
		}
	}
	return out
}
