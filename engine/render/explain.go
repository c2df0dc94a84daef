package render

import (
	"github.com/foresight-sol/foresight/engine/finding"
)

// Explanation is what a finding kind means, why it is a bug, how
// Foresight decides it and what to do (finding.Explanation).
type Explanation = finding.Explanation

// Explain returns the explanation of a finding kind ("SWC-107"); ok is
// false for a word that is no kind Foresight reports.
func Explain(kind string) (e Explanation, ok bool) {
	k := finding.Kind(kind)
	return finding.Explain(k), finding.Known(k)
}

// ExplainedKinds lists every kind Explain knows, in the order the docs
// show them.
func ExplainedKinds() []string {
	var out []string
	for _, k := range finding.Kinds() {
		out = append(out, string(k))
	}
	return out
}
