package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
)

// exportProject is the project `replay --export` runs in or for
// (session.ExportRoot: --root, else the working directory's project, else
// the report's folder's; never a package in node_modules), once every
// path the report names (inputs, findings' files, related locations,
// invariant suites) lies inside it (session.ConfineExport), symbolic links
// resolved.
func exportProject(rootFlag, reportPath string, rep *report.File) (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		wd = ""
	}
	root, err := session.ExportRoot(rootFlag, wd, reportPath)
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
	if err := session.ConfineExport(root, named...); err != nil {
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
	// failure and failureData are the finding's forge failure file
	// (session.ForgeFailureFor), "" when it has none; noFailure says why
	// an invariant finding has none.
	failure     string
	failureData []byte
	noFailure   error
}

// exportFindings writes the chosen findings (index 0: all) of a report as
// Foundry tests in style into the test folder of their project, which
// lies in bound (exportProject), and prints each path. Every test is
// rendered and its folder checked before the first is written, so a
// refusal writes nothing. It never overwrites: a taken name gets a
// suffix (-2, -3, ...), as the editor's export does.
func exportFindings(rep *report.File, fs *findingSource, index int, style session.ExportStyle, bound string, stdout, stderr io.Writer) int {
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
		place, err := session.ExportPlace(bound, builds)
		if err != nil {
			cliErrorf(stderr, "replay", "--export: finding %d: %w", i+1, err)
			return exitUsage
		}
		rel, text, err := place.Test(f, setup, builds, style, i+1)
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		dest := place.Dest
		t := exported{n: i + 1, dest: dest, rel: rel, text: text}
		t.failure, t.failureData, t.noFailure = session.ForgeFailureFor(dest, f, setup, builds)
		tests = append(tests, t)
	}
	for _, t := range tests {
		if err := session.ConfineExport(t.dest, filepath.Join(t.dest, filepath.Dir(filepath.FromSlash(t.rel)))); err != nil {
			cliErrorf(stderr, "replay", "--export: the test folder %w", err)
			return exitUsage
		}
	}
	for _, t := range tests {
		path, err := session.WriteExportIn(t.dest, t.rel, []byte(t.text))
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", t.n, err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "finding %d: wrote %s\n", t.n, path)
		writeForgeFailure(t, stdout, stderr)
	}
	return exitOK
}

// writeForgeFailure writes an invariant finding's forge failure file,
// which `forge test` replays (docs/foundry.md), or says why it has none;
// either way the exported test stands.
func writeForgeFailure(t exported, stdout, stderr io.Writer) {
	switch {
	case t.noFailure != nil:
		fmt.Fprintf(stderr, "foresight: finding %d: no forge failure file: %v\n", t.n, t.noFailure)
	case t.failure == "":
	default:
		wrote, err := session.WriteForgeFailure(t.dest, t.failure, t.failureData)
		switch {
		case err != nil:
			cliErrorf(stderr, "replay", "finding %d: %w", t.n, err)
		case wrote:
			fmt.Fprintf(stdout, "finding %d: wrote %s (forge test replays it)\n", t.n, t.failure)
		default:
			fmt.Fprintf(stderr, "foresight: finding %d: %s exists (forge's own failure of the invariant): kept\n", t.n, t.failure)
		}
	}
}
