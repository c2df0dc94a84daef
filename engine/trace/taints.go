package trace

// This file is the table of values a frame follows (taint.go says what
// follows them and why).

const maxTaints = 8

type taint struct {
	pos   int32 // stack index from the bottom
	label Label
	call  int8   // the call record of a success flag (LabelCallFlag), or -1
	src   uint64 // PC of the instruction the value came from
}

// taints are the values a frame follows.
type taints struct {
	n int // first: Step reads it for every opcode
	t [maxTaints]taint
}

// add follows a value; it reports false when the table is full (or l is
// empty) and the value is not followed.
func (ts *taints) add(pos int32, l Label, src uint64, call int8) bool {
	if l == 0 || ts.n == maxTaints {
		return false
	}
	ts.t[ts.n] = taint{pos, l, call, src}
	ts.n++
	return true
}

// label adds l to the value at stack index pos, now said to come from
// src, or follows it with l alone. A value followed already (a product
// with block.timestamp in it) keeps one entry: DUP copies the first
// entry of a slot only, so a second one would be lost with the first copy.
func (ts *taints) label(pos int32, l Label, src uint64) {
	for i := 0; i < ts.n; i++ {
		if ts.t[i].pos == pos {
			ts.t[i].label |= l
			ts.t[i].src = src
			return
		}
	}
	ts.add(pos, l, src, -1)
}

// at returns the taint at stack index pos (label 0 if none).
func (ts *taints) at(pos int32) taint {
	for i := 0; i < ts.n; i++ {
		if ts.t[i].pos == pos {
			return ts.t[i]
		}
	}
	return taint{call: -1}
}

// strip removes label l from the values that came from src.
func (ts *taints) strip(src uint64, l Label) {
	for i := 0; i < ts.n; {
		if ts.t[i].src == src {
			ts.t[i].label &^= l
		}
		if ts.t[i].label == 0 {
			ts.n--
			ts.t[i] = ts.t[ts.n]
			continue
		}
		i++
	}
}
