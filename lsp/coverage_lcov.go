package lsp

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
)

// writeLCOV replaces <root>/.foresight/lcov.info with files' line
// coverage (SF paths relative to root; lcovText) and returns its path
// (session.WriteProjectLCOV: a reader never sees half of it, a symlink
// planted at its name is replaced, never followed, and a .foresight that
// resolves outside root is refused).
func writeLCOV(root string, files map[string]*engine.FileCoverage) (string, error) {
	return session.WriteProjectLCOV(root, lcovText(root, files))
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
