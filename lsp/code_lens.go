package lsp

import (
	"context"

	"github.com/foresight-sol/foresight/session"
	"go.lsp.dev/protocol"
)

// codeLens puts "Fuzz" above each public or external function of the last
// compiled text of the file and, once a campaign fuzzed its contract, the
// function's own figures (fuzzStats.title: calls, completed, reverted and
// why most often, lines reached, findings; "not called" when no input
// called it). When the buffer changed since, lenses follow
// their lines; those of edited functions wait for the next compile.
func (s *server) codeLens(_ context.Context, params *protocol.CodeLensParams) ([]protocol.CodeLens, error) {
	lenses := []protocol.CodeLens{}
	path, err := pathOf(params.TextDocument.URI)
	if err != nil {
		return lenses, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.projects[s.rootLocked(path)]
	if p == nil || p.state.File(path) == nil {
		return lenses, nil
	}
	// Test contracts are not fuzzed: their invariants say how long they
	// held.
	test := p.isTestLocked(path)
	fs := p.state.File(path)
	view := newView(fs.Text, s.docs[path])
	for _, fn := range fs.Functions {
		if !fuzzable(fn) || test && p.stats[fn.Contract+"."+fn.Name] == nil {
			continue
		}
		at := fn.NameStart
		if at < 0 {
			at = fn.Start
		}
		start, _, ok := view.place(at, at)
		if !ok {
			continue
		}
		r := rangeIn(view.cur, start, start)
		name := fn.Contract + "." + fn.Name
		if !test {
			lenses = append(lenses, protocol.CodeLens{Range: r, Command: &protocol.Command{
				Title:     "Fuzz",
				Command:   cmdFuzzFunc,
				Arguments: []any{functionArg{URI: params.TextDocument.URI, Function: name}},
			}})
		}
		if st := p.stats[name]; st != nil {
			n := 0
			for _, f := range p.state.In(path) {
				if f.Text == fs.Text && fn.Start <= f.Found.Start && f.Found.End <= fn.End {
					n++
				}
			}
			lenses = append(lenses, protocol.CodeLens{Range: r, Command: &protocol.Command{
				Title: st.title(n),
			}})
		}
	}
	lenses = append(lenses, s.behaviourLensesLocked(p, path, fs, view)...)
	lenses = append(lenses, s.mutantLensesLocked(path, fs, view)...)
	return lenses, nil
}

// A view places byte ranges of a compiled text in the current buffer.
type view struct {
	compiled, cur *session.Text
	hunks         []session.Hunk
}

func newView(compiled *session.Text, d *document) *view {
	v := &view{compiled: compiled, cur: compiled}
	if d != nil && string(d.text.Content()) != string(compiled.Content()) {
		v.cur = d.text
		v.hunks = session.DiffLines(compiled.Lines(), d.text.Lines())
	}
	return v
}

// place maps a compiled byte range to the buffer; false if edited.
func (v *view) place(start, end int) (int, int, bool) {
	if v.cur == v.compiled {
		return start, end, true
	}
	return session.Relocate(v.compiled.Mapper(), v.cur.Mapper(), v.hunks, start, end)
}
