package engine

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc/position"
)

// A BranchCoverage is one conditional jump (JUMPI) on a line: Block
// numbers the jumps of the line (of every contract whose code holds it)
// from 0, and Taken and NotTaken count the campaign's transactions'
// runs of each way.
type BranchCoverage struct {
	Line            int // one-based
	Block           int
	Taken, NotTaken uint64
}

// addLineHits fills the line coverage's hit counts and branches from the
// campaign's counts: each JUMPI's ways (fuzz.Branch) and each JUMPDEST
// that starts user code (fuzz.Dest), so every straight run of
// instructions has a known count (runCounts). A line's count is that of
// its first instruction in the code (forge's anchor: a for loop's line
// counts the loops started, not the conditions tested), summed over the
// contracts whose code holds it. Code outside every function and
// modifier (the dispatcher on the `contract X {` line, a public
// variable's getter) is the compiler's: its branches are left out and
// its lines noted in NotInFunction; so are the branches of the checks
// solc attributes to a whole function (ether sent to a non-payable
// function, short calldata), which forge coverage does not count either.
// contracts are those the line coverage is of (a set-up campaign's
// deployed contracts, which are not the program's targets).
func addLineHits(cov map[string]*FileCoverage, p *program.Program, contracts []int, branches [][]fuzz.Branch, dests [][]fuzz.Dest) {
	mappers := map[string]*position.Mapper{}
	blocks := map[lineKey]int{}
	inside := map[lineKey]bool{}
	for _, ci := range contracts {
		c := p.Contracts[ci]
		if ci >= len(branches) {
			continue
		}
		// The creation code's lines: a constructor's are inside it, an
		// initializer's outside every function, like the getters.
		creation := newLineFinder(c, mappers, true)
		for pc := range c.Artifact.Creation.Bytes {
			if path, line, at := creation.line(uint64(pc)); line > 0 && cov[path] != nil {
				k := lineKey{path, line}
				inside[k] = inside[k] || at != outside
			}
		}
		where := newLineFinder(c, mappers, false)
		for _, b := range branches[ci] {
			if path, line, at := where.line(b.PC); line > 0 && at == inBody && cov[path] != nil {
				k := lineKey{path, line}
				cov[path].Branches = append(cov[path].Branches, BranchCoverage{Line: line, Block: blocks[k], Taken: b.Taken, NotTaken: b.NotTaken})
				blocks[k]++
			}
		}
		counts, known := runCounts(c.Artifact.Runtime.Bytes, branches[ci], destsOf(dests, ci))
		anchored := map[lineKey]bool{}
		for pc := range counts {
			path, line, at := where.line(uint64(pc))
			if line == 0 || cov[path] == nil {
				continue
			}
			k := lineKey{path, line}
			if at == outside {
				if _, seen := inside[k]; !seen {
					inside[k] = false
				}
				continue
			}
			inside[k] = true
			if !anchored[k] && known[pc] {
				anchored[k] = true
				addHits(cov[path], line, counts[pc])
			}
		}
	}
	for k, in := range inside {
		if fc := cov[k.path]; !in && fc != nil {
			if fc.NotInFunction == nil {
				fc.NotInFunction = map[int]bool{}
			}
			fc.NotInFunction[k.line] = true
		}
	}
}

// destsOf is contract ci's counted JUMPDESTs (none for a campaign
// result without them).
func destsOf(dests [][]fuzz.Dest, ci int) []fuzz.Dest {
	if ci < len(dests) {
		return dests[ci]
	}
	return nil
}

// runCounts returns how often the campaign's transactions ran each
// instruction of code, where known: a run from a counted JUMPDEST has its
// count, the run after a JUMPI its not-taken count, a run into a JUMPI
// the jump's count; others (unreached code, the dispatcher's first run)
// stay unknown.
func runCounts(code []byte, branches []fuzz.Branch, dests []fuzz.Dest) ([]uint64, []bool) {
	counts, known := make([]uint64, len(code)), make([]bool, len(code))
	byPC := make(map[uint64]fuzz.Branch, len(branches))
	for _, b := range branches {
		byPC[b.PC] = b
	}
	destAt := make(map[uint64]uint64, len(dests))
	for _, d := range dests {
		destAt[d.PC] = d.Hits
	}
	var run []int // the instructions of an uncounted run, until its end says
	cur, have := uint64(0), false
	for pc := 0; pc < len(code); pc++ {
		op := vm.OpCode(code[pc])
		if op == vm.JUMPDEST {
			run = run[:0]
			cur, have = destAt[uint64(pc)]
		}
		counts[pc], known[pc] = cur, have
		if !have {
			run = append(run, pc)
		}
		if op >= vm.PUSH1 && op <= vm.PUSH32 {
			pc += int(op - vm.PUSH1 + 1)
		}
		switch op {
		case vm.JUMPI:
			b := byPC[uint64(pc)]
			for _, at := range run {
				counts[at], known[at] = b.Taken+b.NotTaken, true
			}
			run = run[:0]
			cur, have = b.NotTaken, true
		case vm.JUMP, vm.STOP, vm.RETURN, vm.REVERT, vm.INVALID, vm.SELFDESTRUCT:
			run = run[:0]
			cur, have = 0, false
		}
	}
	return counts, known
}

// lineKey is a line of a file.
type lineKey struct {
	path string
	line int
}

// addHits adds n runs to a line that ran.
func addHits(fc *FileCoverage, line int, n uint64) {
	if !fc.Covered[line] || n == 0 {
		return
	}
	if fc.Hits == nil {
		fc.Hits = map[int]uint64{}
	}
	fc.Hits[line] += n
}

// Where an instruction's source range lies.
const (
	outside   = iota // in no function or modifier: the contract's own
	wholeFunc        // a function's or modifier's whole definition: solc's checks
	inBody           // inside one: the user's statements and expressions
)

// lineFinder maps a contract's runtime instructions to user lines.
type lineFinder struct {
	c       *program.Contract
	mappers map[string]*position.Mapper
	at      map[lineSrc]int // by source range: outside, wholeFunc or inBody
	create  bool            // the creation code's, not the runtime code's
}

// lineSrc is a source range of a unit.
type lineSrc struct {
	unit       string
	start, end int
}

func newLineFinder(c *program.Contract, mappers map[string]*position.Mapper, creation bool) *lineFinder {
	return &lineFinder{c: c, mappers: mappers, at: map[lineSrc]int{}, create: creation}
}

// line is the file and one-based line of the user instruction at pc
// (line 0 when it is none), and where its range lies (outside,
// wholeFunc, inBody).
func (lf *lineFinder) line(pc uint64) (string, int, int) {
	c := lf.c
	if !lf.create && (pc >= uint64(len(c.UserPC)) || !c.UserPC[pc]) {
		return "", 0, outside
	}
	loc, ok := c.Locate(pc, lf.create)
	if !ok {
		return "", 0, outside
	}
	m := lf.mappers[loc.Path]
	if m == nil {
		u := c.Build.Units[loc.Unit]
		if u == nil {
			return "", 0, outside
		}
		m = position.NewMapper(u.Content)
		lf.mappers[loc.Path] = m
	}
	n, _, err := m.LineCol(loc.Start)
	if err != nil {
		return "", 0, outside
	}
	key := lineSrc{loc.Unit, loc.Start, loc.End}
	at, ok := lf.at[key]
	if !ok {
		f, in := c.FunctionAt(loc)
		switch {
		case !in:
			at = outside
		case loc.Start == f.Start && loc.End == f.End:
			at = wholeFunc
		default:
			at = inBody
		}
		lf.at[key] = at
	}
	return loc.Path, n + 1, at
}
