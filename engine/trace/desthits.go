package trace

import "github.com/ethereum/go-ethereum/core/vm"

// This file counts how often the campaign's transactions ran each
// JUMPDEST that starts user code, so that line coverage has real counts:
// with the JUMPIs' edge counts every straight run of instructions then
// has a known count (engine's linehits.go), where before a line whose
// code ran into a JUMP (a call to a checked-arithmetic helper, a return)
// showed 1. Counted per transaction like the edges and added up by
// MergeCoverage, so oracles' and compaction's re-runs do not count.

// destCov is the tracer's JUMPDEST counts.
type destCov struct {
	dbase    []int    // first counted-JUMPDEST index of each code
	dcounts  []uint32 // per counted JUMPDEST, this transaction
	dtouched []int32  // those with a non-zero count
	destHits []uint64 // per counted JUMPDEST, over the merged transactions
}

// markDests numbers the JUMPDESTs whose run of instructions (up to the
// next JUMPDEST, JUMPI or halt) holds user code, in c.branch (a pc is
// never both a JUMPI and a JUMPDEST), and flags them flagDest. Runs of
// compiler-generated code only are not counted: no line shows them.
func (c *Code) markDests(code []byte) {
	start, user := -1, false
	end := func() {
		if start >= 0 && user {
			c.branch[start] = int32(c.dests)
			c.flags[start] |= flagDest
			c.dests++
		}
		start, user = -1, false
	}
	for pc := 0; pc < len(code); {
		op := vm.OpCode(code[pc])
		if op == vm.JUMPDEST {
			end()
			start = pc
		}
		user = user || pc < len(c.UserPC) && c.UserPC[pc]
		switch op {
		case vm.JUMPI, vm.JUMP, vm.STOP, vm.RETURN, vm.REVERT, vm.INVALID, vm.SELFDESTRUCT:
			end()
		}
		pc++
		if op >= vm.PUSH1 && op <= vm.PUSH32 {
			pc += int(op - vm.PUSH1 + 1)
		}
	}
	end()
}

// initDests sizes the counts for codes.
func (d *destCov) initDests(codes []*Code) {
	n := 0
	for _, c := range codes {
		d.dbase = append(d.dbase, n)
		if c != nil {
			n += c.dests
		}
	}
	d.dcounts = make([]uint32, n)
	d.dtouched = make([]int32, 0, n)
}

// destHit counts the JUMPDEST at pc of frame f's code (flagDest): Step's
// fast path, so small enough to inline, and allocation-free (dtouched
// has room for every JUMPDEST).
func (d *destCov) destHit(f *frame, pc uint64) {
	i := d.dbase[f.code] + int(f.c.branch[pc])
	if d.dcounts[i] == 0 {
		d.dtouched = append(d.dtouched, int32(i))
	}
	d.dcounts[i]++
}

// resetDests clears the transaction's counts (BeginTx).
func (d *destCov) resetDests() {
	for _, i := range d.dtouched {
		d.dcounts[i] = 0
	}
	d.dtouched = d.dtouched[:0]
}

// mergeDests adds the transaction's counts to the totals (MergeCoverage).
func (d *destCov) mergeDests() {
	if d.destHits == nil {
		d.destHits = make([]uint64, len(d.dcounts)) // once per tracer
	}
	for _, i := range d.dtouched {
		d.destHits[i] += uint64(d.dcounts[i])
	}
}

// DestHits returns how often the merged transactions ran the JUMPDEST at
// pc of code i, and false when pc is no counted JUMPDEST of it.
func (t *Tracer) DestHits(i int, pc uint64) (uint64, bool) {
	c := t.codes[i]
	if c == nil || pc >= uint64(len(c.flags)) || c.flags[pc]&flagDest == 0 {
		return 0, false
	}
	if t.destHits == nil {
		return 0, true
	}
	return t.destHits[t.dbase[i]+int(c.branch[pc])], true
}
