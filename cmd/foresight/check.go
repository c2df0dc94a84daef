package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/foresight-sol/foresight/session"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// compilePaths compiles files and directories, grouping them by project
// (session.CompileNamed, without suites).
func compilePaths(ctx context.Context, tc *solc.Toolchain, paths []string) ([]*solc.Build, error) {
	sel, err := session.CompileNamed(ctx, tc, paths, false)
	return sel.Builds, err
}

// compiled is what check's and fuzz's compile gave (session.Compiled,
// as their reports read it): the builds that compiled, those that did
// not, and the test and script files a folder walk left out.
type compiled struct {
	good, broken []*solc.Build
	skipped      []string
	harnesses    []session.Suite
}

// failed reports whether some files did not compile.
func (c compiled) failed() bool { return len(c.broken) > 0 }

// printCompiled prints what check's and fuzz's compile gave (session.Run
// compiled it): the diagnostics (when text), what it skipped and, when
// some files failed, how many it goes on with. With another format than
// text the errors go to stderr, so that a failed compile always says
// why. Dependencies' warnings are one line with their count, unless
// verbose, which also says what each compilation unit was (unitLine).
// The invariant suites' errors go to stderr (harness.go).
func printCompiled(c session.Compiled, text, verbose bool, stdout, stderr io.Writer) {
	if len(c.Skipped) > 0 {
		fmt.Fprintf(stderr, "foresight: skipped %d test/script file(s) (*.t.sol, *.s.sol, test and script folders); name a file to fuzz it\n", len(c.Skipped))
	}
	printHarnessErrors(c.Suites, stderr)
	n, hidden := 0, 0
	for _, b := range c.Builds {
		if verbose {
			fmt.Fprintf(stderr, "foresight: %s\n", unitLine(b))
		}
		if text {
			hidden += printSome(stdout, b, false, verbose)
		} else if b.HasErrors() {
			printSome(stderr, b, true, verbose)
		}
		if !b.HasErrors() {
			n += len(b.Roots)
		}
	}
	hiddenNote(stdout, hidden)
	if c.Failed() && len(c.Good) > 0 {
		fmt.Fprintf(stderr, "foresight: some files did not compile; fuzzing the %d that did\n", n)
	}
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
