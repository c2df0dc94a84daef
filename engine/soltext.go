package engine

import (
	"regexp"
	"strings"
)

// Solidity text made from a report's values. A report comes from a corpus
// directory or a CI artifact that others can write, so none of it reaches
// an exported test as source text: names must be identifiers (isIdent),
// numbers, addresses and bytes are parsed and rendered again
// (reportvalues.go), and free text is escaped by the exporter (engine/foundry).

// maxIdentLen bounds a name taken from a report.
const maxIdentLen = 256

var identRE = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// sizedTypeRE matches the elementary type names with a size
// (uint8...uint256, bytes1...bytes32, fixed128x18, ...), all reserved.
var sizedTypeRE = regexp.MustCompile(`^(u?int[0-9]+|bytes[0-9]+|u?fixed([0-9]+x[0-9]+)?)$`)

// solKeywords are Solidity's keywords, reserved words and the
// elementary type names without a size: none can name a contract.
var solKeywords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		abstract address after alias anonymous apply as assembly auto bool
		break byte bytes calldata case catch constant constructor continue
		contract copyof days default define delete do else emit enum ether
		event external fallback false final finney for function gwei hex
		hours if immutable implements import in indexed inline int interface
		internal is let library macro mapping match memory minutes modifier
		mutable new null of override partial payable pragma private promise
		public pure receive reference relocatable return returns sealed
		seconds sizeof static storage string struct super supports switch
		szabo this throw true try type typedef typeof uint unchecked unicode
		using var view virtual weeks wei while years`) {
		m[w] = true
	}
	return m
}()

// isIdent reports whether s can stand in Solidity source as a name: an
// identifier that is not a keyword.
func isIdent(s string) bool {
	return len(s) <= maxIdentLen && identRE.MatchString(s) && !solKeywords[s] && !sizedTypeRE.MatchString(s)
}
