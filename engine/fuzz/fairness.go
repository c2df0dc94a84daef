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
	// weight is the sum of its functions' weights (fnWeight): groups
	// are served by energy per weight, so that a contract's share is
	// its functions'.
	weight uint64
}

// fnQueue is a group's entries that end in one function, the energy
// given to them, and the function's weight.
type fnQueue struct {
	queue
	spent  uint64
	weight uint64
}

// Functions are weighed by what their transactions can do: one that can
// write (fnWeight) is where state, payouts and privileges change; a view
// or pure function (getterWeight) can only fail an assertion or wrap on
// the state the others left, so once its few paths are covered its
// share mostly re-reads. An entry point's eight getters took eight of
// its nineteen shares. At half a share, the entry point's withdrawTo
// without its debit was found at seeds 1-4 within 200,000 executions of
// the whole package (13,508 to 100,999; 3 of 4 at a quarter, 3 of 4
// without weights, seed 1 missed), and a staking pool's timestamp
// bonus (swc116_pos_unstake_bonus.sol) at 6 of seeds 1-6 within 20,000
// (5 at a quarter, 6 without).
const (
	fnWeight     = 4
	getterWeight = 2
)

// addToGroupLocked queues e in group g and with its last transaction's
// function's entries. A function first seen starts level with the
// group's least served per weight, and the group's spending grows with
// its weight, so that a function reached late takes no catch-up from
// the others; a group's first function starts it level with the least
// served group.
func (c *Corpus) addToGroupLocked(g *group, e *Entry) {
	g.all.entries = append(g.all.entries, e)
	last := e.Seq[len(e.Seq)-1]
	f, ok := g.fnOf[last.Method]
	if !ok {
		w := uint64(fnWeight)
		if c.getter != nil && c.getter(last.Contract, last.Method) {
			w = getterWeight
		}
		var spent uint64
		for i := range g.fns {
			if q := &g.fns[i]; i == 0 || q.spent*w < spent*q.weight {
				spent = q.spent * w / q.weight
			}
		}
		if g.weight > 0 {
			g.spent += g.spent * w / g.weight
		} else {
			g.spent = c.leastPerWeightLocked(w)
		}
		if g.fnOf == nil {
			g.fnOf = map[int]int{}
		}
		f = len(g.fns)
		g.fnOf[last.Method] = f
		g.fns = append(g.fns, fnQueue{spent: spent, weight: w})
		g.weight += w
	}
	g.fns[f].entries = append(g.fns[f].entries, e)
}

// leastPerWeightLocked is the least energy a group with entries was
// given per weight, times w.
func (c *Corpus) leastPerWeightLocked(w uint64) uint64 {
	var spent uint64
	first := true
	for i := range c.groups {
		if g := &c.groups[i]; g.weight > 0 && (first || g.spent*w < spent*g.weight) {
			spent, first = g.spent*w/g.weight, false
		}
	}
	return spent
}

// poorer reports whether a was given less energy per weight than b.
func poorer(aSpent, aWeight, bSpent, bWeight uint64) bool {
	return aSpent*max(bWeight, 1) < bSpent*max(aWeight, 1)
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
// be. A group starts level with the least served one when its first
// entry comes (addToGroupLocked), so that a contract first seen late
// does not take every pick until it caught up.
func (c *Corpus) groupLocked(ct int) int {
	if g, ok := c.groupOf[ct]; ok {
		return g
	}
	c.groupOf[ct] = len(c.groups)
	c.groups = append(c.groups, group{})
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
			if best < 0 || poorer(g.fns[i].spent, g.fns[i].weight, g.fns[best].spent, g.fns[best].weight) {
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
// the least energy per weight, the first such from the turn on; ties go
// round-robin.
func (c *Corpus) poorestLocked() int {
	best := -1
	for k := range c.groups {
		i := (c.turn + k) % len(c.groups)
		if g := &c.groups[i]; len(g.all.entries) > 0 && (best < 0 || poorer(g.spent, g.weight, c.groups[best].spent, c.groups[best].weight)) {
			best = i
		}
	}
	c.turn = best + 1
	return best
}

// getter reports whether method m of contract ct is a view or pure
// function (m -1, the receive/fallback function, is not).
func (c *campaign) getter(ct, m int) bool {
	if m < 0 {
		return false
	}
	fn := &c.prog.Contracts[ct].Methods[m]
	return fn.StateMutability == "view" || fn.StateMutability == "pure" || fn.Constant // Constant: solc before 0.5
}

// allReach reports whether every entry whose last transaction calls
// method m of contract ct evaluated edge's branch (costed).
func (c *Corpus) allReach(ct, m int, edge int32) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	gi, ok := c.groupOf[ct]
	if !ok {
		return true
	}
	g := &c.groups[gi]
	f, ok := g.fnOf[m]
	if !ok {
		return true
	}
	for _, e := range g.fns[f].entries {
		if !costed(e.costs, edge) {
			return false
		}
	}
	return true
}
