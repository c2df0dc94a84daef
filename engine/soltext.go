package engine

import (
	"strings"
	"unicode"

	"github.com/foresight-sol/foresight/engine/calldata"
)

// Solidity text made from a report's values. A report comes from a corpus
// directory or a CI artifact that others can write, so none of it reaches
// an exported test as source text: names must be identifiers, numbers,
// addresses and bytes are parsed and rendered again (engine/report), and
// free text is escaped into a string literal (solString) or flattened
// into a one-line comment (solComment).

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
