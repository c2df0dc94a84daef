package sourcemap

import (
	"fmt"
	"math"
)

// opPush1 and opPush32 delimit the PUSH opcodes that carry immediate bytes:
// PUSHn (0x60+n-1) is followed by n bytes. PUSH0 (0x5f) has none.
const (
	opPush1  = 0x60
	opPush32 = 0x7f
)

// instructionSize returns the size in bytes of the instruction with opcode
// op, including its immediate bytes.
func instructionSize(op byte) int {
	if op >= opPush1 && op <= opPush32 {
		return int(op-opPush1) + 2
	}
	return 1
}

// InstructionStarts returns the program counters at which the instructions
// of code start, in order, so that the i-th source map entry describes the
// instruction at InstructionStarts(code)[i].
//
// Every byte is decoded as an opcode unless it is an immediate of a
// preceding PUSH1..PUSH32; this includes the CBOR metadata solc appends,
// which therefore decodes as junk instructions without source map entries.
// A PUSH whose immediate runs past the end of code is a (truncated) final
// instruction.
func InstructionStarts(code []byte) []int {
	pcs := make([]int, 0, countInstructions(code))
	for pc := 0; pc < len(code); pc += instructionSize(code[pc]) {
		pcs = append(pcs, pc)
	}
	return pcs
}

// countInstructions returns the number of instructions in code.
func countInstructions(code []byte) int {
	n := 0
	for pc := 0; pc < len(code); pc += instructionSize(code[pc]) {
		n++
	}
	return n
}

// Map maps the program counters of one bytecode object to the entries of its
// source map. Lookups are O(1) and do not allocate. A Map is immutable and
// safe for concurrent use.
type Map struct {
	entries   []Entry
	pcToIndex []int32  // instruction index of each code byte; -1 for PUSH immediates
	pcs       []uint32 // program counter of each instruction
}

// New decodes sourceMap, the source map of code, and returns a Map for code.
// The error, if any, is the one Decode returned (wrapping ErrMalformed), or
// an error if code is larger than math.MaxInt32 bytes.
//
// The number of entries need not match the number of instructions: the
// metadata at the end of code usually decodes as instructions that have no
// entry, and entries beyond the last instruction are never looked up.
func New(code []byte, sourceMap string) (*Map, error) {
	if len(code) > math.MaxInt32 {
		return nil, fmt.Errorf("sourcemap: code size %d exceeds %d bytes", len(code), math.MaxInt32)
	}
	entries, err := Decode(sourceMap)
	if err != nil {
		return nil, err
	}
	m := &Map{
		entries:   entries,
		pcToIndex: make([]int32, len(code)),
		pcs:       make([]uint32, countInstructions(code)),
	}
	var index int32
	for pc := 0; pc < len(code); index++ {
		next := min(pc+instructionSize(code[pc]), len(code))
		m.pcToIndex[pc] = index
		m.pcs[index] = uint32(pc)
		for i := pc + 1; i < next; i++ {
			m.pcToIndex[i] = -1
		}
		pc = next
	}
	return m, nil
}

// Len returns the number of instructions in the code, which may differ from
// the number of entries.
func (m *Map) Len() int { return len(m.pcs) }

// Entries returns the decoded source map entries, indexed by instruction.
// The slice is shared with m and must not be modified.
func (m *Map) Entries() []Entry { return m.entries }

// Index returns the index of the instruction starting at pc. It reports
// false if pc is beyond the code or inside the immediate of a PUSH.
func (m *Map) Index(pc uint64) (int, bool) {
	if pc >= uint64(len(m.pcToIndex)) {
		return 0, false
	}
	i := m.pcToIndex[pc]
	return int(i), i >= 0
}

// PC returns the program counter of the instruction with the given index.
// It reports false if index is not in [0, m.Len()).
func (m *Map) PC(index int) (uint64, bool) {
	if index < 0 || index >= len(m.pcs) {
		return 0, false
	}
	return uint64(m.pcs[index]), true
}

// Entry returns the source map entry of the instruction starting at pc. It
// reports false if pc is not an instruction start, if the instruction has no
// entry (as for the metadata at the end of the code) or if the entry has no
// source (see Entry.HasSource).
func (m *Map) Entry(pc uint64) (Entry, bool) {
	i, ok := m.Index(pc)
	if !ok || i >= len(m.entries) || !m.entries[i].HasSource() {
		return Entry{}, false
	}
	return m.entries[i], true
}

// PCsInRange returns, in increasing order, the program counter of every
// instruction whose source range in the given file overlaps the half-open
// byte range [start, end). An entry of length zero overlaps if its start
// lies in the range. It returns nil if there are none or if end <= start.
func (m *Map) PCsInRange(file, start, end int) []uint64 {
	if end <= start {
		return nil
	}
	var pcs []uint64
	for i, e := range m.entries[:min(len(m.entries), len(m.pcs))] {
		if e.File != file || !e.HasSource() {
			continue
		}
		if e.Length == 0 {
			if e.Start < start || e.Start >= end {
				continue
			}
		} else if e.Start >= end || int64(e.Start)+int64(e.Length) <= int64(start) {
			continue
		}
		pcs = append(pcs, uint64(m.pcs[i]))
	}
	return pcs
}

// PCsWithin returns, in increasing order, the program counter of every
// instruction whose source range in the given file lies inside [start,
// end): the code of those bytes, not of constructs that merely contain them
// (a whole function or contract also "overlaps" every line in it).
func (m *Map) PCsWithin(file, start, end int) []uint64 {
	var pcs []uint64
	for i, e := range m.entries[:min(len(m.entries), len(m.pcs))] {
		if e.File == file && e.HasSource() && e.Start >= start && e.Start+e.Length <= end {
			pcs = append(pcs, uint64(m.pcs[i]))
		}
	}
	return pcs
}
