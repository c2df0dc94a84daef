package main

import (
	"strings"
	"unicode"

	"github.com/foresight-sol/foresight/engine/finding"
)

// sarifRule is a SARIF reportingDescriptor: one per finding kind, its
// texts from the kind's record (finding.Describe, finding.Explain).
type sarifRule struct {
	ID               string         `json:"id"`
	Name             string         `json:"name"`
	ShortDescription sarifMessage   `json:"shortDescription"`
	FullDescription  sarifMessage   `json:"fullDescription"`
	Help             sarifMessage   `json:"help"`
	HelpURI          string         `json:"helpUri"`
	Default          map[string]any `json:"defaultConfiguration"`
	Properties       map[string]any `json:"properties"`
}

// oraclesDoc is where each kind's explanation is published: its anchor
// is the heading docs/oracles.md gives the kind (oraclesAnchor).
const oraclesDoc = "https://github.com/foresight-sol/foresight/blob/main/docs/oracles.md"

// ruleOf is the SARIF rule of a kind's record. Code scanning ranks
// security results by the security-severity property (a CVSS-like
// score), so an error kind scores high and a warning medium.
func ruleOf(s finding.Spec) sarifRule {
	e := finding.Explain(s.Kind)
	props := map[string]any{"tags": []string{"security", "solidity"}, "precision": "high"}
	switch s.Severity {
	case finding.Error:
		props["security-severity"] = "8.0"
	case finding.Warning:
		props["security-severity"] = "5.0"
	}
	if s.SWC != "" {
		props["swc"] = s.SWC
		props["tags"] = []string{"security", "solidity", s.SWC}
	}
	return sarifRule{
		ID:               string(s.Kind),
		Name:             ruleName(s.Title),
		ShortDescription: sarifMessage{Text: s.Title},
		FullDescription:  sarifMessage{Text: e.Why},
		Help:             sarifMessage{Text: e.Text(), Markdown: e.Markdown()},
		HelpURI:          oraclesDoc + "#" + oraclesAnchor(s.Kind, s.Title),
		Default:          map[string]any{"level": sarifLevel(s.Severity)},
		Properties:       props,
	}
}

// ruleName is a rule's name as SARIF suggests, an identifier in Pascal
// case: "assertion failed" is AssertionFailed.
func ruleName(title string) string {
	if i := strings.IndexByte(title, ':'); i > 0 {
		title = title[:i] // "reentrancy: a reentrant call ..." is Reentrancy
	}
	var b strings.Builder
	for _, w := range strings.FieldsFunc(title, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		b.WriteString(strings.ToUpper(w[:1]) + w[1:])
	}
	return b.String()
}

// oraclesAnchor is the anchor GitHub gives the heading "`KIND`: TITLE"
// of docs/oracles.md's generated section (engine/finding's
// TestExplanationsDoc): lower case, punctuation other than hyphens and
// underscores dropped, spaces made hyphens.
func oraclesAnchor(k finding.Kind, title string) string {
	return githubAnchor("`" + string(k) + "`: " + title)
}

// githubAnchor is GitHub's anchor of a Markdown heading's text.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}
