package session

import (
	"slices"

	"github.com/foresight-sol/foresight/engine"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// This file is what an edit does to what the editor knows of a file's
// last compiled text: the changed lines (DiffLines), the findings and
// notes kept, moved with their lines or dropped (Move), the functions
// moved until the next full compile (ShiftFunctions), and the focus and
// targets of the campaign that follows (Changes). Texts are position
// mappers (solc/position), ranges byte offsets; the front end maps them
// to its positions.

// A Hunk is a run of changed lines between two versions of a text:
// old lines [oldStart, oldEnd) became new lines [newStart, newEnd).
// An empty old range is an insertion, an empty new range a deletion.
type Hunk struct {
	OldStart, OldEnd int
	NewStart, NewEnd int
}

// maxDiffCells bounds the LCS table; a bigger changed region is reported
// as one hunk.
const maxDiffCells = 4 << 20

// DiffLines returns the hunks that turn old into new, in order, from a
// longest common subsequence of lines (after trimming the common prefix
// and suffix, which is all there is to most saves).
func DiffLines(old, new []string) []Hunk {
	pre := 0
	for pre < len(old) && pre < len(new) && old[pre] == new[pre] {
		pre++
	}
	suf := 0
	for suf < len(old)-pre && suf < len(new)-pre && old[len(old)-1-suf] == new[len(new)-1-suf] {
		suf++
	}
	a, b := old[pre:len(old)-suf], new[pre:len(new)-suf]
	if len(a) == 0 && len(b) == 0 {
		return nil
	}
	if len(a) == 0 || len(b) == 0 || (len(a)+1)*(len(b)+1) > maxDiffCells {
		return []Hunk{{pre, pre + len(a), pre, pre + len(b)}}
	}
	// lcs[i][j] = LCS length of a[i:] and b[j:].
	w := len(b) + 1
	lcs := make([]int32, (len(a)+1)*w)
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
			} else {
				lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
			}
		}
	}
	var out []Hunk
	var cur *Hunk
	flush := func() {
		if cur != nil {
			out = append(out, *cur)
			cur = nil
		}
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			flush()
			i++
			j++
			continue
		case cur == nil:
			cur = &Hunk{pre + i, pre + i, pre + j, pre + j}
		}
		if j == len(b) || (i < len(a) && lcs[(i+1)*w+j] >= lcs[i*w+j+1]) {
			i++
			cur.OldEnd = pre + i
		} else {
			j++
			cur.NewEnd = pre + j
		}
	}
	flush()
	return out
}

// Touches reports whether the hunks change any of the lines [first, last]
// of one side (old or new): a non-empty hunk overlapping them, or an
// insertion or deletion strictly inside them.
func Touches(hunks []Hunk, first, last int, old bool) bool {
	for _, h := range hunks {
		start, end := h.NewStart, h.NewEnd
		if old {
			start, end = h.OldStart, h.OldEnd
		}
		if start < end {
			if start <= last && first < end {
				return true
			}
		} else if first < start && start <= last {
			return true
		}
	}
	return false
}

// ShiftLine maps an unchanged old line to its new line number; false if a
// hunk replaced it.
func ShiftLine(hunks []Hunk, line int) (int, bool) {
	delta := 0
	for _, h := range hunks {
		if line < h.OldStart {
			break
		}
		if line < h.OldEnd {
			return 0, false
		}
		delta += (h.NewEnd - h.NewStart) - (h.OldEnd - h.OldStart)
	}
	return line + delta, true
}

// Relocate maps a byte range of old to new when the lines it spans are
// unchanged and nothing was inserted inside it.
func Relocate(old, new *position.Mapper, hunks []Hunk, start, end int) (int, int, bool) {
	n := len(old.Content())
	sl, sc, err1 := old.LineCol(max(0, min(start, n)))
	el, ec, err2 := old.LineCol(max(0, min(end, n)))
	if err1 != nil || err2 != nil || Touches(hunks, sl, el, true) {
		return 0, 0, false
	}
	nsl, ok1 := ShiftLine(hunks, sl)
	nel, ok2 := ShiftLine(hunks, el)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	if nsl >= new.Lines() || nel >= new.Lines() {
		return 0, 0, false
	}
	ns, _ := new.LineRange(nsl)
	ne, _ := new.LineRange(nel)
	return ns + sc, ne + ec, true
}

// Lines returns the text of each line of m, without line breaks.
func Lines(m *position.Mapper) []string {
	out := make([]string, m.Lines())
	for i := range out {
		a, b := m.LineRange(i)
		out[i] = string(m.Content()[a:b])
	}
	return out
}

// LineOf returns the zero-based line of a byte offset (clamped).
func LineOf(m *position.Mapper, offset int) int {
	l, _, err := m.LineCol(max(0, min(offset, len(m.Content()))))
	if err != nil {
		return 0
	}
	return l
}

// Enclosing returns the innermost function around a byte range.
func Enclosing(fns []solc.Function, start, end int) *solc.Function {
	var best *solc.Function
	for i := range fns {
		f := &fns[i]
		if f.Start <= start && end <= f.End && (best == nil || f.End-f.Start < best.End-best.Start) {
			best = f
		}
	}
	return best
}

// Move is where a finding's byte range of old (whose functions are fns)
// goes in new after an edit (hunks): moved with its lines, or dropped
// (false) when the edit touched its lines or the function around it,
// until a replay on the full build (Rechecked) or a new campaign
// confirms it. line and col are one-based.
func Move(old, new *position.Mapper, fns []solc.Function, hunks []Hunk, start, end int) (ns, ne, line, col int, ok bool) {
	if fn := Enclosing(fns, start, end); fn != nil &&
		Touches(hunks, LineOf(old, fn.Start), LineOf(old, fn.End), true) {
		return 0, 0, 0, 0, false
	}
	if ns, ne, ok = Relocate(old, new, hunks, start, end); !ok {
		return 0, 0, 0, 0, false
	}
	if l, c, err := new.LineCol(ns); err == nil {
		line, col = l+1, c+1
	}
	return ns, ne, line, col, true
}

// ShiftFunctions moves the functions of old to new when the lines of their
// start and end are unchanged (their body may have changed); the others
// wait for the AST of the next full compile.
func ShiftFunctions(fns []solc.Function, old, new *position.Mapper, hunks []Hunk) []solc.Function {
	var out []solc.Function
	for _, fn := range fns {
		start, _, ok1 := Relocate(old, new, hunks, fn.Start, fn.Start)
		end, _, ok2 := Relocate(old, new, hunks, fn.End, fn.End)
		if !ok1 || !ok2 {
			continue
		}
		if fn.NameStart >= 0 {
			if at, _, ok := Relocate(old, new, hunks, fn.NameStart, fn.NameStart); ok {
				fn.NameStart = at
			} else {
				fn.NameStart = -1
			}
		}
		fn.Start, fn.End = start, end
		out = append(out, fn)
	}
	return out
}

// Changes are what a full compile of path changed since its last one
// (hunks, from that text to the new text m with functions fns): the
// changed line ranges, the campaign's lookahead targets, and the
// functions ("Contract.name") whose lines they touch, its focus.
func Changes(path string, m *position.Mapper, fns []solc.Function, hunks []Hunk) (focus []string, targets []engine.Target) {
	for _, h := range hunks {
		if h.NewEnd > h.NewStart {
			targets = append(targets, engine.Target{Path: path, FromLine: h.NewStart + 1, ToLine: h.NewEnd})
		}
	}
	for _, fn := range fns {
		if fn.Kind != "function" || fn.Name == "" {
			continue
		}
		if Touches(hunks, LineOf(m, fn.Start), LineOf(m, fn.End), false) {
			focus = append(focus, fn.Contract+"."+fn.Name)
		}
	}
	return slices.Clip(focus), targets
}
