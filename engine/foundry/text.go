package foundry

import (
	"path"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/foresight-sol/foresight/engine/calldata"
)

// This file is how a test writes text that is not a typed value: quoted
// (solString) or flattened into a one-line comment (solComment), and the
// names it derives from identifiers.

// solString renders s as a Solidity string literal (calldata.Quote: a
// Solidity string holds bytes, so UTF-8 text comes out as it went in).
func solString(s string) string { return calldata.Quote(s) }

// solComment makes s safe to follow "//": one line (every character that
// is not printable, line and paragraph separators and bidirectional
// controls included, becomes a space) with no "*/", so it can end neither
// the comment nor an enclosing one.
func solComment(s string) string {
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, " "))
	for strings.Contains(s, "*/") {
		s = strings.ReplaceAll(s, "*/", "* /")
	}
	return s
}

// importPath is the import path of a unit from the test directory, the
// builds' project root being prefix under the test's (Finding.Prefix).
func importPath(prefix, unit string) string {
	if filepath.IsAbs(unit) {
		return filepath.ToSlash(unit)
	}
	return path.Join("..", prefix, unit)
}

// identSafe turns s into a Solidity identifier fragment.
func identSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// fileSafe keeps letters, digits, '-' and '_'.
func fileSafe(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}
