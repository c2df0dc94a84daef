package fuzz

import "github.com/foresight-sol/foresight/engine/txseq"

// This file shares a campaign's energy out between its contracts: the
// corpus groups entries by the contract their last transaction calls, and
// Next serves the group that was given the least.

// group is the entries whose last transaction calls one contract, the
// round-robin cursor over them, the energy Next gave them, and AFLFast's
// path statistics of executions ending in that contract.
type group struct {
	all    queue
	opened queue  // the entries whose last transaction opened coverage
	favour bool   // the next pick tries opened first
	states int    // entries in opened for their storage state alone
	spent  uint64 // energy given to the group's entries
	total  uint64 // executions ending in the contract
	paths  int    // distinct paths of those
	// picks counts Next's picks of the group; scoutFrom is the first
	// entry of opened that may still be starved (scout.go).
	picks     uint64
	scoutFrom int
}

// open queues e with the entries that opened coverage.
func (g *group) open(e *Entry) {
	e.queued = g.picks
	g.opened.entries = append(g.opened.entries, e)
}

// queue is entries taken round-robin.
type queue struct {
	entries []*Entry
	cursor  int
}

// meanFreq is the mean executions per path of the group's contract.
func (g *group) meanFreq() float64 {
	if g.paths == 0 {
		return 0
	}
	return float64(g.total) / float64(g.paths)
}

// groupLocked returns the index of contract ct's group, adding it if need
// be. A new group starts level with the least served one, so that a
// contract first seen late does not take every pick until it caught up.
func (c *Corpus) groupLocked(ct int) int {
	if g, ok := c.groupOf[ct]; ok {
		return g
	}
	var spent uint64
	for i, g := range c.groups {
		if i == 0 || g.spent < spent {
			spent = g.spent
		}
	}
	c.groupOf[ct] = len(c.groups)
	c.groups = append(c.groups, group{spent: spent})
	return len(c.groups) - 1
}

// lastContract is the contract a sequence's last transaction calls, its
// group's key (-1 for an empty sequence).
func lastContract(seq txseq.Sequence) int {
	if len(seq) == 0 {
		return -1
	}
	return seq[len(seq)-1].Contract
}

// closedCharge is how many times its energy a group is charged for an
// entry next to no untaken branch: a contract whose code is all covered
// (TwoObjectives once both assertions failed) then gets a fraction of the
// share of one whose sequences still have somewhere to go.
const closedCharge = 4

// charge counts energy given to e against the group.
func (g *group) charge(e *Entry, energy int, open func(*Entry) bool) {
	if open != nil && !open(e) {
		energy *= closedCharge
	}
	g.spent += uint64(energy)
}

// poorestLocked returns the index of the group with entries that was given
// the least energy, the first such from the turn on; ties go round-robin.
func (c *Corpus) poorestLocked() int {
	best := -1
	for k := range c.groups {
		i := (c.turn + k) % len(c.groups)
		if g := &c.groups[i]; len(g.all.entries) > 0 && (best < 0 || g.spent < c.groups[best].spent) {
			best = i
		}
	}
	c.turn = best + 1
	return best
}
