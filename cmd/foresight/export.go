package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/foresight-sol/foresight/engine/export"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/plan"
)

// exportFindings writes the chosen findings (index 0: all) of a report as
// Foundry tests in style into their project's test folder and prints each path.
// It never overwrites: a taken name gets a suffix (-2, -3, ...), as the
// editor's export does.
func exportFindings(rep *report.File, fs *findingSource, index int, style foundry.Style, stdout, stderr io.Writer) int {
	root := ""
	for _, b := range fs.builds {
		if b.Project != nil {
			root = b.Project.Root
			break
		}
	}
	if root == "" {
		cliErrorf(stderr, "replay", "--export: no project to export into")
		return exitUsage
	}
	for i, f := range rep.Findings {
		if index != 0 && i+1 != index {
			continue
		}
		builds, setup, err := fs.of(f)
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		rel, text, err := export.FoundryTestWith(f, setup, builds, export.Options{Style: style, N: i + 1})
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		path, err := writeNewFile(filepath.Join(root, filepath.FromSlash(rel)), []byte(text))
		if err != nil {
			cliErrorf(stderr, "replay", "finding %d: %w", i+1, err)
			return exitUsage
		}
		fmt.Fprintf(stdout, "finding %d: wrote %s\n", i+1, path)
	}
	return exitOK
}

// writeNewFile creates want, or the first free name plan.ExportName
// gives it, and returns the path written.
func writeNewFile(want string, data []byte) (string, error) {
	name, err := plan.WriteExport(filepath.Dir(want), filepath.Base(want), data)
	if err != nil {
		return "", err
	}
	return filepath.Join(filepath.Dir(want), name), nil
}
