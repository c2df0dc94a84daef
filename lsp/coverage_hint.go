package lsp

import (
	"fmt"
	"strconv"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// codeUnreached is the diagnostic code of a changed line no input of the
// last run reached; sourceCoverage its source, apart from the findings'
// "foresight" so that no client counts it as a finding.
const (
	codeUnreached  = "unreached"
	sourceCoverage = "foresight-coverage"
)

// A coverageHint says that changed lines from..to (one-based) of a file
// ran in no campaign of the run, and names the condition in the way.
type coverageHint struct {
	src      *session.Text // the compiled text the lines refer to
	from, to int
	guard    *engine.Guard // nil: no reached condition precedes them
	execs    uint64
}

// hintsFor lists, per file, the changed lines (the campaign's line
// targets) that have code and that no campaign of the run reached, in
// runs, each with the nearest unmet guard before it in its function.
func hintsFor(p *project, files map[string]*engine.FileCoverage, targets []engine.Target, guards []engine.Guard, execs uint64) map[string][]coverageHint {
	out := map[string][]coverageHint{}
	for _, tg := range targets {
		fc, fs := files[tg.Path], p.state.File(tg.Path)
		if fc == nil || fs == nil || tg.FromLine <= 0 {
			continue
		}
		var cur *coverageHint
		for l := tg.FromLine; l <= tg.ToLine; l++ {
			switch {
			case fc.Covered[l]:
				cur = nil // a reached line ends the run
			case fc.Missed[l]:
				g := guardBefore(guards, tg.Path, l)
				if cur != nil && cur.guard == g {
					cur.to = l
					continue
				}
				out[tg.Path] = append(out[tg.Path], coverageHint{src: fs.Text, from: l, to: l, guard: g, execs: execs})
				cur = &out[tg.Path][len(out[tg.Path])-1]
			}
		}
	}
	return out
}

// guardBefore returns the unmet guard of file nearest before line in the
// same function (the last condition inputs reached and did not pass on
// the way to it), or nil.
func guardBefore(guards []engine.Guard, file string, line int) *engine.Guard {
	var best *engine.Guard
	for i := range guards {
		g := &guards[i]
		if g.File != file || g.Line >= line || g.FuncFirst > 0 && (line < g.FuncFirst || line > g.FuncLast) {
			continue
		}
		if best == nil || g.Line > best.Line || g.Line == best.Line && g.Bits < best.Bits {
			best = g
		}
	}
	return best
}

// diagnostic is the hint as the editor shows it, on the lines' text.
func (h *coverageHint) diagnostic(path string) protocol.Diagnostic {
	m := h.src.Mapper()
	start, _ := m.LineRange(min(h.from-1, m.Lines()-1))
	_, end := m.LineRange(min(h.to-1, m.Lines()-1))
	for start < end && (h.src.Content()[start] == ' ' || h.src.Content()[start] == '\t') {
		start++
	}
	what := "this line"
	if h.to > h.from {
		what = fmt.Sprintf("lines %d-%d", h.from, h.to)
	}
	msg := fmt.Sprintf("no input reached %s in %s", what, plural(int(h.execs), "exec"))
	d := protocol.Diagnostic{
		Range:    rangeIn(h.src, start, end),
		Severity: protocol.DiagnosticSeverityInformation,
		Code:     codeUnreached,
		Source:   sourceCoverage,
	}
	if g := h.guard; g != nil {
		msg += ": `" + g.Text + "` at line " + strconv.Itoa(g.Line) + " was never passed; " + g.Distance()
		d.RelatedInformation = []protocol.DiagnosticRelatedInformation{{
			Location: protocol.Location{URI: uriOf(path), Range: rangeIn(h.src, g.Start, g.End)},
			Message:  "the condition no input passed",
		}}
	}
	d.Message = msg
	return d
}

// coverageHintsAtLocked returns the hints on path of the runs still
// current: a later save's run drops them until its campaigns end.
func (s *server) coverageHintsAtLocked(path string) []protocol.Diagnostic {
	var out []protocol.Diagnostic
	for root, rc := range s.coverage {
		if p := s.projects[root]; p == nil || rc.gen.State() != p.state || !rc.gen.Current() {
			continue
		}
		for i := range rc.hints[path] {
			out = append(out, rc.hints[path][i].diagnostic(path))
		}
	}
	return out
}
