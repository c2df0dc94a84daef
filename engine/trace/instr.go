package trace

import "slices"

// This file saves and restores the instruction coverage around runs whose
// coverage must not count (runs on directly written state, oracles'
// re-runs, compaction's re-runs). The coverage has one flag per
// instruction of every code of the program, so copying it all per save,
// as before, cost a project of 5,000 contracts megabytes per re-run. A
// save instead copies a code's flags when a frame first enters that code
// while the save is open, and a restore copies back only those: work in
// proportion to the codes the runs reached. Saves may overlap in any
// order and each restores exactly the coverage of its start, as whole
// copies did: a restore that changes a code counts as a change for the
// other open saves.

type instrCov struct {
	// Instr[c][pc] is set once the instruction at pc of code c ran.
	Instr [][]bool
	open  []*InstrSave // saves not yet restored
	// edgeHits[e] totals the hits of branch edge e over the transactions
	// whose coverage was merged (MergeCoverage): the campaign's own, not
	// the re-runs whose coverage does not count. Added per transaction
	// over its touched edges, never per opcode.
	edgeHits []uint64
}

// An InstrSave is the instruction coverage at SaveInstr, as the codes
// entered since need it restored. Its buffers are reused from one save to
// the next.
type InstrSave struct {
	codes []int32 // the codes saved, in order
	ends  []int   // the end of each code's flags in flags
	flags []bool
}

// has reports whether s saved code.
func (s *InstrSave) has(code int32) bool { return slices.Contains(s.codes, code) }

// keep saves code's flags in s.
func (s *InstrSave) keep(code int32, flags []bool) {
	s.codes = append(s.codes, code)
	s.flags = append(s.flags, flags...)
	s.ends = append(s.ends, len(s.flags))
}

// instrFor returns code's coverage flags for a frame entering it, saving
// them first in every open save that has not.
func (c *instrCov) instrFor(code int32) []bool {
	if len(c.open) > 0 {
		c.touch(code)
	}
	return c.Instr[code]
}

// touch saves code's flags in every open save that has not, before they
// change.
func (c *instrCov) touch(code int32) {
	for _, s := range c.open {
		if !s.has(code) {
			s.keep(code, c.Instr[code])
		}
	}
}

// SaveInstr starts s: RestoreInstr(s) puts the instruction coverage
// (Instr) back as it is now. s must not be open already.
func (t *Tracer) SaveInstr(s *InstrSave) {
	s.codes, s.ends, s.flags = s.codes[:0], s.ends[:0], s.flags[:0]
	t.open = append(t.open, s)
}

// RestoreInstr sets the instruction coverage to what it was at
// SaveInstr(s) and ends s. Restoring a save not open does nothing.
func (t *Tracer) RestoreInstr(s *InstrSave) {
	k := slices.Index(t.open, s)
	if k < 0 {
		return
	}
	t.open = slices.Delete(t.open, k, k+1)
	for _, code := range s.codes {
		t.touch(code) // the other open saves see a change
	}
	start := 0
	for i, code := range s.codes {
		copy(t.Instr[code], s.flags[start:s.ends[i]])
		start = s.ends[i]
	}
}
