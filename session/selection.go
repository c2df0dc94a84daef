package session

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/solc"
)

// This file is file selection: which files a run named by paths fuzzes
// directly, which it leaves out, and which invariant suites and
// dependents run with them. The command line asks it for the paths it is
// given; the editor asks Dependents for the file saved.

// A SuiteFile is an invariant suite found in a project, to be compiled
// alone (CompileSuiteFiles).
type SuiteFile struct {
	Path    string
	Project *solc.Project
}

// A Selection is what paths named on the command line fuzz: the builds
// of the files fuzzed directly, the test and script files a directory
// walk left out, and the invariant suites whose set-up reaches the files.
type Selection struct {
	Builds  []*solc.Build
	Skipped []string
	Suites  []SuiteFile
}

// CompileNamed compiles files and directories, grouping them by project.
// Test and script files (solc.Project.IsTestOrScript) found in a
// directory are left out, as in the editor; a file named on its own is
// always compiled, with the files it is fuzzed in when it cannot be
// fuzzed alone (Dependents). With suites, it also finds the invariant
// suites whose set-up reaches the files (For in mode Named, the rule the
// editor's saves use too), which are not among those left out: each is
// compiled and fuzzed on its own (CompileSuiteFiles).
func CompileNamed(ctx context.Context, tc *solc.Toolchain, paths []string, suites bool) (Selection, error) {
	byRoot := map[string][]string{}
	named := map[string]bool{}
	var roots []string
	for _, p := range paths {
		files, dir, err := namedFiles(p)
		if err != nil {
			return Selection{}, err
		}
		for _, f := range files {
			abs, err := filepath.Abs(f)
			if err != nil {
				return Selection{}, err
			}
			named[abs] = named[abs] || !dir
			root := solc.FindRoot(abs)
			if dir {
				root = solc.FindRootIn(abs, p)
			}
			if _, ok := byRoot[root]; !ok {
				roots = append(roots, root)
			}
			byRoot[root] = append(byRoot[root], abs)
		}
	}
	var sel Selection
	for _, root := range roots {
		proj, err := solc.LoadProject(root)
		if err != nil {
			return Selection{}, err
		}
		proj.NodeModulesUpTo = filepath.VolumeName(root) + string(filepath.Separator) // Node's rule: the user named the folder
		var files, tests []string
		for _, f := range byRoot[root] {
			if !named[f] && proj.InDependency(f) {
				continue // foundry.toml libs the directory walk did not know
			}
			if !named[f] && proj.IsTestOrScript(f) {
				tests = append(tests, f)
				continue
			}
			files = append(files, f)
		}
		var found []string
		if suites {
			found = For(proj, files, nil, Named).Suites
		}
		for _, p := range found {
			sel.Suites = append(sel.Suites, SuiteFile{Path: p, Project: proj})
		}
		sel.Skipped = append(sel.Skipped, slices.DeleteFunc(tests, func(f string) bool { return slices.Contains(found, f) })...)
		if len(files) == 0 {
			continue
		}
		files = withDependents(proj, files, named)
		bs, err := tc.Compile(ctx, proj, solc.Request{Files: files, Mode: solc.Full})
		if err != nil {
			return Selection{}, err
		}
		sel.Builds = append(sel.Builds, bs...)
	}
	return sel, nil
}

// namedFiles is the Solidity files of a path named on the command line
// and whether it is a directory.
func namedFiles(p string) ([]string, bool, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, false, err
	}
	if !st.IsDir() && !st.Mode().IsRegular() {
		return nil, false, fmt.Errorf("%s: not a regular file", p)
	}
	if !st.IsDir() {
		if filepath.Ext(p) != ".sol" {
			return nil, false, fmt.Errorf("%s: not a Solidity file (want a .sol file or a directory)", p)
		}
		return []string{p}, false, nil
	}
	files, err := solc.SolidityFiles(p)
	if err != nil {
		return nil, true, err
	}
	if len(files) == 0 {
		return nil, true, fmt.Errorf("%s: no .sol files", p)
	}
	return files, true, nil
}

// withDependents adds to files, after them, the dependents of each file
// named on its own (Dependents).
func withDependents(proj *solc.Project, files []string, named map[string]bool) []string {
	out := slices.Clip(files)
	for _, f := range files {
		if named[f] {
			out = append(out, Dependents(proj, f, nil, out)...)
		}
	}
	return out
}

// Dependents returns the project files file is compiled and fuzzed in
// when it cannot be fuzzed alone (harness.Dependents): an abstract base
// is fuzzed in the concrete contracts deriving from it, an
// implementation that disables its initializers behind the project's
// proxy; the files of have are left out. A file named on the command
// line and a file saved in the editor get the same (overlay: the
// editor's buffers).
func Dependents(proj *solc.Project, file string, overlay solc.Overlay, have []string) []string {
	var out []string
	for _, d := range harness.Dependents(proj, file, overlay) {
		if !slices.Contains(have, d) && !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// CompileSuiteFiles compiles each suite alone (CompileSuites); a suite
// that does not compile is kept with its builds' errors, which the
// caller shows.
func CompileSuiteFiles(ctx context.Context, tc *solc.Toolchain, found []SuiteFile) ([]Suite, error) {
	var out []Suite
	for _, h := range found {
		ss, err := CompileSuites(ctx, tc, h.Project, []string{h.Path}, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, ss...)
	}
	return out, nil
}
