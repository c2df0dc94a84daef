package fuzz

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file keeps the inputs that come closest to a branch no input took
// yet (sFuzz's "one seed per just-missed branch", with HARVEY's costs as
// the distance). A path frequency schedule keeps one entry per path, and
// the first input to take a path is rarely the one nearest a narrow
// comparison behind it: LookaheadBar's odd-x entry could hold a 256-bit a,
// from which neither mutation nor prediction reaches a == 42. An input that
// shrinks the cost of an untaken edge by a bit or more joins the corpus,
// so the search climbs towards the branch.

// maxClosest bounds the edges whose closest cost the corpus follows.
const maxClosest = 1 << 16

// closerLocked reports whether costs bring some edge never taken (by seen)
// closer than any input before, by at least one bit of the cost, and
// records the new distances; first, whether some such edge had no
// distance yet: no input's last transaction had evaluated it.
func (c *Corpus) closerLocked(costs []txseq.CostEntry, seen []uint8) (closer, first bool) {
	c.improved = c.improved[:0]
	for i := range costs {
		idx := costs[i].Idx
		if int(idx) >= len(seen) || seen[idx] != 0 || !c.userEdge(idx) {
			continue
		}
		bits := costs[i].Cost.BitLen()
		best, ok := c.closest[idx]
		if ok && bits >= best || !ok && len(c.closest) >= maxClosest {
			continue
		}
		c.closest[idx] = bits
		c.improved = append(c.improved, idx)
		closer, first = true, first || !ok
	}
	return closer, first
}

// nearestLocked records e, just admitted, as the entry nearest to the
// edges its input brought closer (closerLocked's last call): the entries
// a refocus serves again (plateau.go).
func (c *Corpus) nearestLocked(e *Entry) {
	if c.nearest == nil {
		c.nearest = map[int32]*Entry{}
	}
	for _, idx := range c.improved {
		c.nearest[idx] = e
	}
}

// opens reports whether e's last transaction evaluated the cost of a branch
// edge this worker never took (Stats.Open).
func (w *worker) opens(e *Entry) bool {
	edges := int32(len(w.seen))
	for i := range e.costs {
		if idx := e.costs[i].Idx; idx < edges && w.seen[idx] == 0 && w.corpus.userEdge(idx) {
			return true
		}
	}
	return false
}

// userEdge reports whether branch edge idx belongs to a JUMPI that maps to
// user source: the dispatcher's and ABI decoder's checks (a call value to
// a function that is not payable, short calldata) stay untaken forever
// and say nothing about how close an input is to new code.
func (c *Corpus) userEdge(idx int32) bool {
	return c.user == nil || int(idx) < len(c.user) && c.user[idx]
}

// userEdges marks the branch edges of p's contracts whose JUMPI maps to
// user source, numbered as trace.New numbers them: per contract, two per
// JUMPI in code order (PUSH data skipped).
func userEdges(p *program.Program) []bool {
	var out []bool
	for _, ct := range p.Contracts {
		code := ct.Artifact.Runtime.Bytes
		for pc := 0; pc < len(code); pc++ {
			op := vm.OpCode(code[pc])
			switch {
			case op >= vm.PUSH1 && op <= vm.PUSH32:
				pc += int(op - vm.PUSH0)
			case op == vm.JUMPI:
				user := pc < len(ct.UserPC) && ct.UserPC[pc]
				out = append(out, user, user)
			}
		}
	}
	return out
}
