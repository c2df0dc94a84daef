package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/foresight-sol/foresight/engine/harness"
	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// compilePaths compiles files and directories, grouping them by project.
func compilePaths(ctx context.Context, tc *solc.Toolchain, paths []string) ([]*solc.Build, error) {
	builds, _, _, err := compileProjects(ctx, tc, paths, false)
	return builds, err
}

// compileProjects compiles files and directories, grouping them by
// project. Test and script files (solc.Project.IsTestOrScript) found in a
// directory are left out, as in the editor; a file named on its own is
// always compiled. It returns the files left out and, with suites, the
// invariant suites whose set-up reaches the files (session.SuitesFor, the
// rule the editor's saves use too), which are not among those left out:
// each is compiled and fuzzed on its own (harness.go).
func compileProjects(ctx context.Context, tc *solc.Toolchain, paths []string, suites bool) ([]*solc.Build, []string, []harnessFile, error) {
	byRoot := map[string][]string{}
	named := map[string]bool{}
	var roots []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, nil, nil, err
		}
		if !st.IsDir() && !st.Mode().IsRegular() {
			return nil, nil, nil, fmt.Errorf("%s: not a regular file", p)
		}
		if !st.IsDir() && filepath.Ext(p) != ".sol" {
			return nil, nil, nil, fmt.Errorf("%s: not a Solidity file (want a .sol file or a directory)", p)
		}
		files := []string{p}
		if st.IsDir() {
			files, err = solc.SolidityFiles(p)
			if err != nil {
				return nil, nil, nil, err
			}
			if len(files) == 0 {
				return nil, nil, nil, fmt.Errorf("%s: no .sol files", p)
			}
		}
		for _, f := range files {
			abs, err := filepath.Abs(f)
			if err != nil {
				return nil, nil, nil, err
			}
			named[abs] = named[abs] || !st.IsDir()
			root := solc.FindRoot(abs)
			if st.IsDir() {
				root = solc.FindRootIn(abs, p)
			}
			if _, ok := byRoot[root]; !ok {
				roots = append(roots, root)
			}
			byRoot[root] = append(byRoot[root], abs)
		}
	}
	var out []*solc.Build
	var skipped []string
	var found []harnessFile
	for _, root := range roots {
		proj, err := solc.LoadProject(root)
		if err != nil {
			return nil, nil, nil, err
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
		hs := projectSuites(proj, files, suites)
		found = append(found, hs...)
		skipped = append(skipped, notSuites(tests, hs)...)
		if len(files) == 0 {
			continue
		}
		files = withDependents(proj, files, named)
		bs, err := tc.Compile(ctx, proj, solc.Request{Files: files, Mode: solc.Full})
		if err != nil {
			return nil, nil, nil, err
		}
		out = append(out, bs...)
	}
	return out, skipped, found, nil
}

// withDependents adds to files, after them, the project files each file
// named on its own is fuzzed in when it cannot be fuzzed alone
// (harness.Dependents: an abstract base's concrete heirs, a proxy for
// an implementation), as the editor's save of that file does.
func withDependents(proj *solc.Project, files []string, named map[string]bool) []string {
	out := slices.Clip(files)
	for _, f := range files {
		if !named[f] {
			continue
		}
		for _, d := range harness.Dependents(proj, f, nil) {
			if !slices.Contains(out, d) {
				out = append(out, d)
			}
		}
	}
	return out
}

// compiled is what compileToFuzz gives: the builds that compiled, those
// that did not, and the test and script files a folder walk left out.
type compiled struct {
	good, broken []*solc.Build
	skipped      []string
	harnesses    []session.Suite
}

// failed reports whether some files did not compile.
func (c compiled) failed() bool { return len(c.broken) > 0 }

// compileToFuzz compiles paths for check and fuzz: it prints the
// diagnostics (when text), what it skipped and, when some files failed,
// how many it goes on with. With another format than text the errors go
// to stderr, so that a failed compile always says why. Dependencies'
// warnings are one line with their count, unless verbose, which also
// says what each compilation unit was (unitLine). With suites, a
// project's invariant suites are compiled too (harness.go).
func compileToFuzz(ctx context.Context, tc *solc.Toolchain, paths []string, suites, text, verbose bool, stdout, stderr io.Writer) (compiled, error) {
	builds, skipped, found, err := compileProjects(ctx, tc, paths, suites)
	if err != nil {
		return compiled{}, err
	}
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "foresight: skipped %d test/script file(s) (*.t.sol, *.s.sol, test and script folders); name a file to fuzz it\n", len(skipped))
	}
	out := compiled{skipped: skipped}
	if out.harnesses, err = compileHarnesses(ctx, tc, found, stderr); err != nil {
		return compiled{}, err
	}
	n, hidden := 0, 0
	for _, b := range builds {
		if verbose {
			fmt.Fprintf(stderr, "foresight: %s\n", unitLine(b))
		}
		if text {
			hidden += printSome(stdout, b, false, verbose)
		} else if b.HasErrors() {
			printSome(stderr, b, true, verbose)
		}
		if b.HasErrors() {
			out.broken = append(out.broken, b)
			continue
		}
		out.good = append(out.good, b)
		n += len(b.Roots)
	}
	hiddenNote(stdout, hidden)
	if out.failed() && len(out.good) > 0 {
		fmt.Fprintf(stderr, "foresight: some files did not compile; fuzzing the %d that did\n", n)
	}
	return out, nil
}

// printDiagnostics prints diagnostics as "file:line:col: severity: message
// [code]", errors first, then by position. Warnings about dependencies
// (lib/, node_modules/, remapped folders) are counted, not shown, as
// forge does.
func printDiagnostics(w io.Writer, b *solc.Build) {
	hiddenNote(w, printSome(w, b, false, false))
}

// hiddenNote is the one line that stands for dependencies' warnings.
func hiddenNote(w io.Writer, n int) {
	if n > 0 {
		fmt.Fprintf(w, "note: %d compiler warning(s) in dependencies not shown (-v shows them)\n", n)
	}
}

// printErrors prints only the errors of b, for reports in another format
// than text.
func printErrors(w io.Writer, b *solc.Build) {
	printSome(w, b, true, false)
}

// printSome prints b's diagnostics (only errors if errorsOnly) and returns
// how many dependencies' warnings it left out; all leaves out none.
func printSome(w io.Writer, b *solc.Build, errorsOnly, all bool) int {
	var ds []solc.Diagnostic
	hidden := 0
	for _, d := range b.Diagnostics {
		if errorsOnly && d.Severity != solc.SeverityError {
			continue
		}
		if d.Hidden() && !all {
			hidden++
			continue
		}
		ds = append(ds, d)
	}
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Severity != ds[j].Severity {
			return ds[i].Severity < ds[j].Severity
		}
		if ds[i].Path != ds[j].Path {
			return ds[i].Path < ds[j].Path
		}
		return ds[i].Start < ds[j].Start
	})
	for _, d := range ds {
		code := ""
		if d.Code != "" {
			code = " [" + d.Code + "]"
		}
		// Without a location the unit is the location: say it once.
		msg := strings.TrimSuffix(d.Message, " ["+b.Label()+"]")
		fmt.Fprintf(w, "%s: %s: %s%s\n", location(b, d.Unit, d.Path, d.Start), d.Severity, msg, code)
		for _, r := range d.Related {
			fmt.Fprintf(w, "%s: note: %s\n", location(b, r.Unit, r.Path, r.Start), r.Message)
		}
	}
	return hidden
}

// location formats "file:line:col" with one-based line and column.
func location(b *solc.Build, unit, path string, start int) string {
	name := displayPath(path, unit)
	if name == "" {
		return b.Label() // no location: name the compilation unit
	}
	u := b.Units[unit]
	if u == nil || start < 0 {
		return name
	}
	line, col, err := position.NewMapper(u.Content).LineCol(start)
	if err != nil {
		return name
	}
	return fmt.Sprintf("%s:%d:%d", name, line+1, col+1)
}

func displayPath(path, unit string) string {
	if path == "" {
		return unit
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, path); err == nil && len(rel) < len(path) {
			return rel
		}
	}
	return path
}
