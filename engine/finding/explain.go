package finding

import (
	"fmt"
	"strings"
)

// An Explanation is what a finding kind means, for people reading a
// finding: why it is a bug, how Foresight decides, and what to do. It is
// printed by foresight explain KIND (and --explain KIND), under a
// finding with -v, in the editor's hover, and generated into
// docs/oracles.md. Its parts are the kind's record's (Spec).
type Explanation struct {
	Kind  Kind
	Title string // Spec.Title
	SWC   string // Spec.SWC
	Why   string // why it is a bug
	How   string // what Foresight observed to report it
	Fix   string // what to do about it
}

// Explain returns the explanation of kind k.
func Explain(k Kind) Explanation {
	s := Describe(k)
	return Explanation{Kind: k, Title: s.Title, SWC: s.SWC, Why: s.Why, How: s.How, Fix: s.Fix}
}

// Text renders e for a terminal, one paragraph per part.
func (e Explanation) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", e.Kind, e.Title)
	if e.SWC != "" && e.SWC != string(e.Kind) {
		fmt.Fprintf(&b, " (%s)", e.SWC)
	}
	fmt.Fprintf(&b, "\n\nWhy it matters: %s\n\nHow Foresight decides: %s\n\nWhat to do: %s\n", e.Why, e.How, e.Fix)
	if e.SWC != "" {
		fmt.Fprintf(&b, "\nSee %s\n", e.Link())
	}
	return b.String()
}

// Markdown renders e as Markdown paragraphs (no heading), for the hover
// and docs/oracles.md.
func (e Explanation) Markdown() string {
	s := fmt.Sprintf("**Why it matters.** %s\n\n**How Foresight decides.** %s\n\n**What to do.** %s\n", e.Why, e.How, e.Fix)
	if e.SWC != "" {
		s += fmt.Sprintf("\nSee [%s](%s).\n", e.SWC, e.Link())
	}
	return s
}

// Link is the SWC registry's page for e's SWC id ("" if none).
func (e Explanation) Link() string {
	if e.SWC == "" {
		return ""
	}
	return "https://swcregistry.io/docs/" + e.SWC
}
