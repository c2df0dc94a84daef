package session

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/engine/safefile"
)

// This file is where the front ends' other files go: a report or
// tracefile named on the command line, the editor's tracefile in the
// project's StateDir, and a test of a behaviour difference. Each is
// written so that a reader never sees half of it and a symbolic link
// planted at its name is never followed.

// LCOVName is the tracefile the editor keeps in a project's StateDir
// after each campaign, for coverage-gutter extensions (docs/lsp.md).
const LCOVName = "lcov.info"

// WriteOutput replaces path with data: written beside it and renamed
// over it, so that a reader never sees half of it and a symbolic link at
// its name is replaced, never followed (the command line's --output and
// --coverage files).
func WriteOutput(path string, data []byte) error {
	return safefile.ReplaceFile(path, data, 0o644)
}

// WriteProjectLCOV replaces root's StateDir/LCOVName with text, written
// beside it and renamed over it (WriteOutput's rule), and returns its
// path. A StateDir that resolves outside root is refused; it is created
// ignored by git (EnsureIgnored).
func WriteProjectLCOV(root, text string) (string, error) {
	dir := filepath.Join(root, StateDir)
	if err := safefile.MkdirIn(root, dir); err != nil {
		return "", fmt.Errorf("lcov directory: %w", err)
	}
	if err := EnsureIgnored(root, dir); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, ".tmp-lcov-*")
	if err != nil {
		return "", fmt.Errorf("lcov: %w", err)
	}
	defer os.Remove(tmp.Name())
	_, werr := tmp.WriteString(text)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return "", fmt.Errorf("lcov: %w", werr)
	}
	final := filepath.Join(dir, LCOVName)
	if err := os.Rename(tmp.Name(), final); err != nil {
		return "", fmt.Errorf("lcov: %w", err)
	}
	return final, nil
}

// maxNewNames bounds the -2, -3, ... names WriteNewIn tries.
const maxNewNames = 100

// WriteNewIn writes rel (a slash path) under root, its folder created
// and confined to root, under the first free name (rel's, then -2, -3,
// ... before the extension), never over a file: `foresight diff
// --export`'s tests. It returns the path written.
func WriteNewIn(root, rel string, data []byte) (string, error) {
	dir := filepath.Join(root, filepath.Dir(filepath.FromSlash(rel)))
	if err := safefile.MkdirIn(root, dir); err != nil {
		return "", err
	}
	base := filepath.Base(rel)
	stem, ext, _ := strings.Cut(base, ".")
	for n := 1; n <= maxNewNames; n++ {
		name := base
		if n > 1 {
			name = fmt.Sprintf("%s-%d.%s", stem, n, ext)
		}
		ok, err := safefile.WriteNew(root, dir, name, data)
		if err != nil {
			return "", err
		}
		if ok {
			return filepath.Join(dir, name), nil
		}
	}
	return "", fmt.Errorf("%s and %d other names are taken", filepath.Join(dir, base), maxNewNames-1)
}
