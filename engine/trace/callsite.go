package trace

import "github.com/holiman/uint256"

// This file finds, for a PC in code the user does not own (a dependency's
// file, a Solidity library), the innermost place in the user's own code on
// the path that led there: the call of the internal function, from the
// source-level call stack that the source map's jump markers give ("i" on
// the JUMP into a function, at the call expression; "o" on the JUMP
// out), or, outside the frame, the call instruction of a calling frame.
// The stack is a fixed array per frame, pushed and popped on the marked
// JUMPs of code that has foreign instructions; it is read only when an
// origin or an event is recorded at a foreign PC.

// maxInternal bounds the internal calls a frame remembers; deeper ones
// are counted, not kept.
const maxInternal = 16

// A Site is where the user's own code led to a foreign PC: a contract
// (index into the codes given to New) and the PC of the call there.
type Site struct {
	Code  int32
	PC    uint64
	Valid bool
}

// A funcStack is a frame's internal calls: the PCs of their JUMPs, the
// innermost last; n counts those beyond maxInternal too.
type funcStack struct {
	pcs [maxInternal]uint64
	n   int
}

// Jump markers of Code.jumps.
const (
	jumpIn  int8 = 1
	jumpOut int8 = -1
)

// SetForeign says which instructions of the code are not the user's own
// (foreign[pc]) and which JUMPs enter (in) and leave (out) internal
// functions. Without it, every user-source instruction is the user's.
func (c *Code) SetForeign(foreign []bool, in, out []uint64) {
	c.foreign = make([]bool, len(c.branch))
	copy(c.foreign, foreign)
	c.jumps = make([]int8, len(c.branch))
	for _, pc := range in {
		if pc < uint64(len(c.jumps)) {
			c.jumps[pc] = jumpIn
		}
	}
	for _, pc := range out {
		if pc < uint64(len(c.jumps)) {
			c.jumps[pc] = jumpOut
		}
	}
	c.reclassify()
	c.reflag()
}

// own reports whether the instruction at pc is in the user's own source.
func (c *Code) own(pc uint64) bool {
	if pc >= uint64(len(c.UserPC)) || !c.UserPC[pc] {
		return false
	}
	return c.foreign == nil || pc >= uint64(len(c.foreign)) || !c.foreign[pc]
}

// jump follows frame f's internal calls at a JUMP at pc (s: the stack,
// the destination on top).
func (t *Tracer) jump(f *frame, c *Code, pc uint64, s []uint256.Int) {
	switch c.jumps[pc] {
	case jumpIn:
		if f.fn.n < maxInternal {
			f.fn.pcs[f.fn.n] = pc
		}
		f.fn.n++
	case jumpOut:
		if f.fn.n == 0 {
			return
		}
		if f.fn.n <= maxInternal && s[len(s)-1].IsUint64() {
			// solc places the return address right after the call's
			// JUMP: return to the call it names, so that a return the
			// optimizer left unmarked leaves no stale call behind.
			dest := s[len(s)-1].Uint64()
			for n := f.fn.n; n > 0; n-- {
				if f.fn.pcs[n-1]+1 == dest {
					f.fn.n = n - 1
					return
				}
			}
		}
		f.fn.n--
	}
}

// site returns where the user's own code led to pc, an instruction of
// frame f that is foreign; no site if pc is the user's own or no call of
// the user's is on the path.
func (t *Tracer) site(f *frame, pc uint64) Site {
	if f.code == NoCode {
		return Site{}
	}
	if c := t.codes[f.code]; c.foreign == nil || pc >= uint64(len(c.foreign)) || !c.foreign[pc] {
		return Site{}
	}
	for d := int(f.index); d >= 0; d-- {
		g := &t.frames[d]
		if g.code == NoCode {
			// An account the fuzzer controls: its caller's path is
			// another story.
			return Site{}
		}
		c := t.codes[g.code]
		if d < int(f.index) && c.own(g.lastUser) {
			// The call instruction of the calling frame.
			return Site{Code: g.code, PC: g.lastUser, Valid: true}
		}
		for i := min(g.fn.n, maxInternal) - 1; i >= 0; i-- {
			if c.own(g.fn.pcs[i]) {
				return Site{Code: g.code, PC: g.fn.pcs[i], Valid: true}
			}
		}
	}
	return Site{}
}

// originAt is where frame f fails now: at its last user instruction, with
// the user's call site when that is foreign.
func (t *Tracer) originAt(f *frame) Origin {
	o := Origin{Contract: int(f.code), PC: f.lastUser, Valid: f.hasUser}
	if f.hasUser {
		o.Site = t.site(f, f.lastUser)
	}
	return o
}
