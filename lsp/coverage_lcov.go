package lsp

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/engine/safefile"
)

// lcovName is the tracefile the editor writes in <root>/.foresight after
// each campaign, for coverage-gutter extensions (docs/lsp.md).
const lcovName = "lcov.info"

// writeLCOV replaces <root>/.foresight/lcov.info with files' line
// coverage (SF paths relative to root; lcovText) and returns its path. The
// file is written beside and renamed over the old one: a reader never
// sees half of it, and a symlink planted at its name is replaced, never
// followed. A .foresight that resolves outside root is refused.
func writeLCOV(root string, files map[string]*engine.FileCoverage) (string, error) {
	dir := filepath.Join(root, corpusDir)
	if err := safefile.MkdirIn(root, dir); err != nil {
		return "", fmt.Errorf("lcov directory: %w", err)
	}
	if err := ensureIgnored(root, dir); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-lcov-*")
	if err != nil {
		return "", fmt.Errorf("lcov: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(lcovText(root, files))
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return "", fmt.Errorf("lcov: %w", werr)
	}
	final := filepath.Join(dir, lcovName)
	if err := os.Rename(tmp.Name(), final); err != nil {
		return "", fmt.Errorf("lcov: %w", err)
	}
	return final, nil
}

// lcovText renders files as an lcov tracefile, files and lines in order,
// with the records `foresight fuzz --coverage lcov` writes
// (FileCoverage.WriteLCOV); FN records are the command line's only.
func lcovText(root string, files map[string]*engine.FileCoverage) string {
	var b strings.Builder
	for _, path := range slices.Sorted(maps.Keys(files)) {
		fc := files[path]
		name := path
		if rel, err := filepath.Rel(root, path); err == nil && !strings.HasPrefix(rel, "..") {
			name = filepath.ToSlash(rel)
		}
		fmt.Fprintf(&b, "TN:\nSF:%s\n", name)
		fc.WriteLCOV(&b)
	}
	return b.String()
}
