package fuzz

import "github.com/foresight-sol/foresight/engine/txseq"

// This file shares a campaign's energy out between its contracts: the
// corpus groups entries by the contract their last transaction calls, and
// Next serves the group that was given the least. Inside a group the
// same rule shares it between functions: the entries are queued again by
// the function their last transaction calls, and a round-robin pick
// serves the function given the least. A contract's functions differ in
// how many entries they make (every staked amount or nonce is a new
// storage state, a withdrawal that needs a deposit first has few paths),
// and a round-robin over entries spends the budget in proportion to
// that: ERC-4337's entry point gave its stake and nonce functions most
// of its 128,000 transactions and the withdrawal without its debit
// 900 to 3,100, the bug missed; a whole-contract campaign ran it 43,600
// times.

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
	// fns are the entries again by the function their last transaction
	// calls (fnOf: method -> index), each with the energy given to it;
	// fnTurn is the function the round-robin takes next on a tie.
	fns    []fnQueue
	fnOf   map[int]int
	fnTurn int
}

// fnQueue is a group's entries that end in one function, and the energy
// given to them.
type fnQueue struct {
	queue
	spent uint64
}

// add queues e, its last transaction's function's entry.
func (g *group) add(e *Entry) {
	g.all.entries = append(g.all.entries, e)
	m := e.Seq[len(e.Seq)-1].Method
	f, ok := g.fnOf[m]
	if !ok {
		// Level with the least served, as a new group (groupLocked).
		var spent uint64
		for i, q := range g.fns {
			if i == 0 || q.spent < spent {
				spent = q.spent
			}
		}
		if g.fnOf == nil {
			g.fnOf = map[int]int{}
		}
		f = len(g.fns)
		g.fnOf[m] = f
		g.fns = append(g.fns, fnQueue{spent: spent})
	}
	g.fns[f].entries = append(g.fns[f].entries, e)
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

// charge counts energy given to e against the group and its last
// transaction's function.
func (g *group) charge(e *Entry, energy int, open func(*Entry) bool) {
	if open != nil && !open(e) {
		energy *= closedCharge
	}
	g.spent += uint64(energy)
	if f, ok := g.fnOf[e.Seq[len(e.Seq)-1].Method]; ok {
		g.fns[f].spent += uint64(energy)
	}
}

// pickFnLocked returns the next entry, round-robin, of the function of
// g given the least energy whose entries the schedule gives any, and
// the energy; nil if no entry has any. A function whose entries all
// get none is passed over without a charge, so it stays first: it is
// tried again on the next pick, as an entry's path grows rarer.
func (c *Corpus) pickFnLocked(g *group, sc *scoring) (*Entry, int) {
	// Functions are few (a contract's ABI); the search is quadratic in
	// them at worst, and allocates nothing.
	var skip uint64 // bit k: function k gave no energy (the first 64)
	for range g.fns {
		best := -1
		for k := range g.fns {
			i := (g.fnTurn + k) % len(g.fns)
			if i < 64 && skip&(1<<i) != 0 || len(g.fns[i].entries) == 0 {
				continue
			}
			if best < 0 || g.fns[i].spent < g.fns[best].spent {
				best = i
			}
		}
		if best < 0 {
			return nil, 0
		}
		if e, energy := c.pickLocked(&g.fns[best].queue, sc); e != nil {
			g.fnTurn = best + 1
			return e, energy
		}
		if best >= 64 {
			break // past the mask: Next's round-robin over all takes over
		}
		skip |= 1 << best
	}
	return nil, 0
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
