package lsp

import (
	"context"
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// hover shows the findings under the cursor: kind, message, the failing
// sequence in a code block, then what the oracle observed and what the
// kind means (the detail the one-line message leaves out).
func (s *server) hover(_ context.Context, params *protocol.HoverParams) (*protocol.Hover, error) {
	path, err := pathOf(params.TextDocument.URI)
	if err != nil {
		return nil, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[path]
	if d == nil {
		return nil, nil
	}
	off, err := fromPosition(d.text.Mapper(), params.Position)
	if err != nil {
		return nil, nil
	}
	var b strings.Builder
	var first *protocol.Range
	views := map[*session.Text]*view{}
	for _, f := range s.findingsAtLocked(path) {
		v := views[f.Text]
		if v == nil {
			v = newView(f.Text, d)
			views[f.Text] = v
		}
		start, end, ok := v.place(f.Found.Start, f.Found.End)
		if !ok || off < start || off > end {
			continue
		}
		if first == nil {
			r := rangeIn(v.cur, start, end)
			first = &r
		} else {
			b.WriteString("\n---\n\n")
		}
		fmt.Fprintf(&b, "**%s** (`%s`): %s\n\n```text\n%s```\n", f.Found.Title, f.Found.Kind, f.Found.Message, sequenceText(f))
		b.WriteString(explanation(f.Found))
	}
	if first == nil {
		return nil, nil
	}
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.Markdown, Value: b.String()},
		Range:    first,
	}, nil
}

// explanation is the hover's detail of a finding: the oracle's evidence
// and the kind's explanation, as foresight explain prints it.
func explanation(f report.Finding) string {
	var b strings.Builder
	if f.Detail != "" {
		fmt.Fprintf(&b, "\n**What Foresight saw.** %s\n", f.Detail)
	}
	for i, c := range f.Calls {
		for _, n := range c.Notes {
			fmt.Fprintf(&b, "\n*Transaction %d: %s*\n", i+1, n)
		}
	}
	if e, ok := render.Explain(f.Kind); ok {
		b.WriteString("\n" + e.Markdown())
	}
	return b.String()
}
