package lsp

// A hunk is a run of changed lines between two versions of a text:
// old lines [oldStart, oldEnd) became new lines [newStart, newEnd).
// An empty old range is an insertion, an empty new range a deletion.
type hunk struct {
	oldStart, oldEnd int
	newStart, newEnd int
}

// maxDiffCells bounds the LCS table; a bigger changed region is reported
// as one hunk.
const maxDiffCells = 4 << 20

// diffLines returns the hunks that turn old into new, in order, from a
// longest common subsequence of lines (after trimming the common prefix
// and suffix, which is all there is to most saves).
func diffLines(old, new []string) []hunk {
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
		return []hunk{{pre, pre + len(a), pre, pre + len(b)}}
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
	var out []hunk
	var cur *hunk
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
			cur = &hunk{pre + i, pre + i, pre + j, pre + j}
		}
		if j == len(b) || (i < len(a) && lcs[(i+1)*w+j] >= lcs[i*w+j+1]) {
			i++
			cur.oldEnd = pre + i
		} else {
			j++
			cur.newEnd = pre + j
		}
	}
	flush()
	return out
}

// touches reports whether the hunks change any of the lines [first, last]
// of one side (old or new): a non-empty hunk overlapping them, or an
// insertion or deletion strictly inside them.
func touches(hunks []hunk, first, last int, old bool) bool {
	for _, h := range hunks {
		start, end := h.newStart, h.newEnd
		if old {
			start, end = h.oldStart, h.oldEnd
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

// shiftLine maps an unchanged old line to its new line number; false if a
// hunk replaced it.
func shiftLine(hunks []hunk, line int) (int, bool) {
	delta := 0
	for _, h := range hunks {
		if line < h.oldStart {
			break
		}
		if line < h.oldEnd {
			return 0, false
		}
		delta += (h.newEnd - h.newStart) - (h.oldEnd - h.oldStart)
	}
	return line + delta, true
}

// relocate maps a byte range of old to new when the lines it spans are
// unchanged and nothing was inserted inside it.
func relocate(old, new *source, hunks []hunk, start, end int) (int, int, bool) {
	om := old.mapper()
	sl, sc, err1 := om.LineCol(clamp(start, 0, len(old.content)))
	el, ec, err2 := om.LineCol(clamp(end, 0, len(old.content)))
	if err1 != nil || err2 != nil || touches(hunks, sl, el, true) {
		return 0, 0, false
	}
	nsl, ok1 := shiftLine(hunks, sl)
	nel, ok2 := shiftLine(hunks, el)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	nm := new.mapper()
	if nsl >= nm.Lines() || nel >= nm.Lines() {
		return 0, 0, false
	}
	ns, _ := nm.LineRange(nsl)
	ne, _ := nm.LineRange(nel)
	return ns + sc, ne + ec, true
}
