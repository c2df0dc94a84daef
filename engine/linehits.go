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
// campaign's branch counts (fuzz.Branch). The engine counts edges at
// conditional jumps only (per transaction, never per opcode), so a
// line's count is exact where its code runs straight into a conditional
// jump: every instruction of such a run executes as often as the jump.
// A line whose code never does so gets no count (it ran or not).
// contracts are those the line coverage is of (a set-up campaign's
// deployed contracts, which are not the program's targets).
func addLineHits(cov map[string]*FileCoverage, p *program.Program, contracts []int, branches [][]fuzz.Branch) {
	mappers := map[string]*position.Mapper{}
	blocks := map[lineKey]int{}
	for _, ci := range contracts {
		c := p.Contracts[ci]
		if ci >= len(branches) || len(branches[ci]) == 0 {
			continue
		}
		loc := func(pc uint64) (string, int, bool) { return userLineOf(c, pc, mappers) }
		byPC := map[uint64]fuzz.Branch{}
		for _, b := range branches[ci] {
			byPC[b.PC] = b
			if path, line, ok := loc(b.PC); ok && cov[path] != nil {
				k := lineKey{path, line}
				cov[path].Branches = append(cov[path].Branches, BranchCoverage{Line: line, Block: blocks[k], Taken: b.Taken, NotTaken: b.NotTaken})
				blocks[k]++
			}
		}
		code := c.Artifact.Runtime.Bytes
		var run []uint64 // the instructions since the last block boundary
		for pc := 0; pc < len(code); pc++ {
			op := vm.OpCode(code[pc])
			if op == vm.JUMPDEST {
				run = run[:0] // a jump target: more ways in than the run's
			}
			run = append(run, uint64(pc))
			if op >= vm.PUSH1 && op <= vm.PUSH32 {
				pc += int(op - vm.PUSH1 + 1)
			}
			switch op {
			case vm.JUMPI:
				b := byPC[run[len(run)-1]]
				for _, at := range run {
					addHits(cov, loc, at, b.Taken+b.NotTaken)
				}
				run = run[:0]
			case vm.JUMP, vm.STOP, vm.RETURN, vm.REVERT, vm.INVALID, vm.SELFDESTRUCT:
				run = run[:0]
			}
		}
	}
}

// lineKey is a line of a file.
type lineKey struct {
	path string
	line int
}

// addHits raises the count of the line of user instruction pc to n.
func addHits(cov map[string]*FileCoverage, loc func(uint64) (string, int, bool), pc, n uint64) {
	path, line, ok := loc(pc)
	fc := cov[path]
	if !ok || fc == nil || !fc.Covered[line] || n == 0 {
		return
	}
	if fc.Hits == nil {
		fc.Hits = map[int]uint64{}
	}
	fc.Hits[line] = max(fc.Hits[line], n)
}

// userLineOf is the file and one-based line of c's user instruction at pc.
func userLineOf(c *program.Contract, pc uint64, mappers map[string]*position.Mapper) (string, int, bool) {
	if pc >= uint64(len(c.UserPC)) || !c.UserPC[pc] {
		return "", 0, false
	}
	loc, ok := c.Locate(pc, false)
	if !ok {
		return "", 0, false
	}
	m := mappers[loc.Path]
	if m == nil {
		u := c.Build.Units[loc.Unit]
		if u == nil {
			return "", 0, false
		}
		m = position.NewMapper(u.Content)
		mappers[loc.Path] = m
	}
	n, _, err := m.LineCol(loc.Start)
	return loc.Path, n + 1, err == nil
}
