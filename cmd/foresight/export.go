package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/report"
)

// maxExportNames bounds the -2, -3, ... names tried for one test file.
const maxExportNames = 100

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
		rel, text, err := engine.FoundryTestWith(f, setup, builds, engine.ExportOptions{Style: style, N: i + 1})
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

// writeNewFile creates want, or the first free name with a suffix before
// its extensions, with O_EXCL so nothing existing is replaced.
func writeNewFile(want string, data []byte) (string, error) {
	if err := os.MkdirAll(filepath.Dir(want), 0o755); err != nil {
		return "", fmt.Errorf("write foundry test: %w", err)
	}
	base := filepath.Base(want)
	stem, ext := base, ""
	if i := strings.Index(base, "."); i > 0 {
		stem, ext = base[:i], base[i:]
	}
	for n := 1; n <= maxExportNames; n++ {
		path := want
		if n > 1 {
			path = filepath.Join(filepath.Dir(want), fmt.Sprintf("%s-%d%s", stem, n, ext))
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("write foundry test: %w", err)
		}
		_, werr := f.Write(data)
		if err := errors.Join(werr, f.Close()); err != nil {
			return "", fmt.Errorf("write foundry test: %w", err)
		}
		return path, nil
	}
	return "", fmt.Errorf("write foundry test: %s and %d other names are taken", want, maxExportNames-1)
}
