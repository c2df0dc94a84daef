package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/plan"
)

// exportProject is the project `replay --export` runs in or for
// (plan.ExportRoot: --root, else the working directory's project, else
// the report's folder's; never a package in node_modules), once every
// path the report names (inputs, findings' files, related locations,
// invariant suites) lies inside it (plan.ConfineExport), symbolic links
// resolved.
func exportProject(rootFlag, reportPath string, rep *report.File) (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		wd = ""
	}
	root, err := plan.ExportRoot(rootFlag, wd, reportPath)
	if err != nil {
		return "", err
	}
	named := append([]string(nil), rep.Inputs...)
	for _, f := range rep.Findings {
		named = append(named, f.Path)
		for _, r := range f.Related {
			named = append(named, r.Path)
		}
		if f.Harness != nil {
			named = append(named, f.Harness.File)
		}
	}
	if err := plan.ConfineExport(root, named...); err != nil {
		return "", fmt.Errorf("%w (named by %s): run the command in the report's project, or name it with --root", err, reportPath)
	}
	return root, nil
}

// exported is a finding's test, rendered and not yet written.
type exported struct {
	n    int    // the finding's number in the report
	dest string // the project root it goes under
	rel  string // where under it, slash-separated
	text string
}

// exportFindings writes the chosen findings (index 0: all) of a report as
// Foundry tests in style into the test folder of their project, which
// lies in bound (exportProject), and prints each path. Every test is
// rendered and its folder checked before the first is written, so a
// refusal writes nothing. It never overwrites: a taken name gets a
// suffix (-2, -3, ...), as the editor's export does.
func exportFindings(rep *report.File, fs *findingSource, index int, style foundry.Style, bound string, stdout, stderr io.Writer) int {
	var tests []exported
	for i, f := range rep.Findings {
		if index != 0 && i+1 != index {
			continue
		}
		builds, setup, err := fs.of(f)
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		dest, opts, err := plan.ExportPlace(bound, builds)
		if err != nil {
			cliErrorf(stderr, "replay", "--export: finding %d: %w", i+1, err)
			return exitUsage
		}
		opts.Style, opts.N = style, i+1
		rel, text, err := export.FoundryTestWith(f, setup, builds, opts)
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		tests = append(tests, exported{i + 1, dest, rel, text})
	}
	for _, t := range tests {
		if err := plan.ConfineExport(t.dest, filepath.Join(t.dest, filepath.Dir(filepath.FromSlash(t.rel)))); err != nil {
			cliErrorf(stderr, "replay", "--export: the test folder %w", err)
			return exitUsage
		}
	}
	for _, t := range tests {
		path, err := plan.WriteExportIn(t.dest, t.rel, []byte(t.text))
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", t.n, err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "finding %d: wrote %s\n", t.n, path)
	}
	return exitOK
}
