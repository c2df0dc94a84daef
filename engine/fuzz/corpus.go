package fuzz

import (
	"sync"
	"sync/atomic"

	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// An Entry is a sequence in the corpus: it took a path (of its last
// transaction) that no earlier input took, or covered something new.
type Entry struct {
	ID     int
	Seq    txseq.Sequence
	PathID uint64
	// Selected counts how often the schedule picked the entry: s(i) in
	// AFLFast.
	Selected int
	// Found is the number of executions after which the entry was added.
	Found uint64
	// opened: its last transaction covered something new, so the state it
	// leaves is worth extending (extend.go).
	opened bool
	// appends counts the transactions appended to it (extend.go): the
	// first ones call each function of its contract in turn, if sweep.
	appends atomic.Int32
	// sweep: its last transaction wrote storage, so the state it leaves
	// is new and every function is tried on it.
	sweep bool
	// valued: it paid a sender more than any input before (value.go), so
	// it gets energy above its path's mean and is extended.
	valued bool
	// costs is the cost vector of the entry's last transaction; loads are
	// the storage slots it read.
	costs []txseq.CostEntry
	loads []trace.Slot
	// lid and splits are the lookahead identifier and the split points of
	// the no-target-ahead prefix of the entry's last transaction (lookahead
	// paper, Def. 3-4).
	lid    uint64
	splits []uint64
	// queued is the group's pick count when the entry joined the opened
	// entries; scouted, that a starved pick scouted it (scout.go).
	queued  uint64
	scouted bool
	// mapKeyGen is one more than the number of mapping writers the
	// worker knew when its mapping-key mutants last ran (mapkey.go).
	mapKeyGen atomic.Int32
	// imported: another worker's entry, run by this worker (exchange.go).
	imported bool
}

// Corpus is the campaign's shared set of entries and path statistics.
type Corpus struct {
	mu      sync.Mutex
	entries []*Entry
	freq    map[uint64]uint32 // f(i): executions that took each path
	limit   int
	// groups share the entries out by the contract their last transaction
	// calls; Next takes the groups in turn, so that in a campaign over
	// several contracts one contract's many paths do not starve another's
	// few (its sequences need their share of mutations to grow).
	groups  []group
	groupOf map[int]int        // contract -> index into groups
	turn    int                // the group Next takes next
	states  map[uint64]bool    // storage signatures of admitted sequences
	values  map[uint64]uint16  // best payout bucket per value key (value.go)
	seqs    map[uint64]bool    // whole-sequence paths admitted for growth
	grownBy map[callTarget]int // of those, how many end in each function
	// closest is, per branch edge no execution took, the bit length of
	// the smallest cost of taking it seen so far (closer.go).
	closest map[int32]int
	// nearest is, per such edge, the entry that came closest, and
	// improved the edges the last closerLocked call brought closer.
	nearest   map[int32]*Entry
	improved  []int32
	refocused []*Entry // refocus's buffer (plateau.go)
	// user marks the branch edges in user source (closer.go); nil: all.
	user []bool
	// getter reports a view or pure function (fairness.go); nil: none.
	getter func(ct, m int) bool

	// fuzz(λ) and fuzz(p) of Defs. 5-6: executions that exercised each
	// lookahead identifier and each split point; paths holds the analysis
	// of every path seen.
	lidFuzz   map[uint64]uint64
	splitFuzz map[uint64]uint64
	paths     map[uint64]*lookInfo
}

// lookInfo is what the lookahead analysis found on one path of a last
// transaction.
type lookInfo struct {
	lid    uint64 // hash of the no-target-ahead prefix
	proved bool   // the prefix ends before the path does
	splits []uint64
}

// lidFor returns the lookahead identifier of an execution that took the
// path and left storage with signature state (see stateSig).
//
// The paper fuzzes single transactions; with sequences, a proof covers only
// the rest of the last transaction, while the storage the sequence leaves
// behind may open a target in a transaction appended later. So a proved
// identifier also names that storage, by slot and magnitude: [stake,
// advance] then differs from a lone reverted advance, yet a loop that only
// changes a counter's value keeps one identifier.
func (l *lookInfo) lidFor(state uint64) uint64 {
	if l.proved && state != 0 {
		return l.lid*0x100000001b3 ^ state
	}
	return l.lid
}

// An observation is what one execution tells the corpus.
type observation struct {
	seq                      txseq.Sequence
	pathID, seqPathID, state uint64
	newCov                   bool // it covered a new (edge, hit class) pair
	wrote                    bool // its last transaction wrote storage
	// growable: sequences ending in its last call may grow (HARVEY §5),
	// so a new whole-sequence path makes it interesting.
	growable bool
	// seen is the running worker's coverage classes per edge: a cost at
	// an edge it never took makes an input that comes closer interesting.
	seen  []uint8
	costs []txseq.CostEntry
	loads []trace.Slot
	marks []valueMark // what the senders were paid (value.go)
	execs uint64      // the campaign's executions so far
	// analysed: the campaign counts executions per LID and split point
	// (Defs. 5-6); look is the analysis of pathID, once record asked for it.
	analysed bool
	look     *lookInfo
	// closer is set by record: the input came closer to an untaken edge
	// than any before (progress, for plateau.go).
	closer bool
	// imported: the input is another worker's entry (exchange.go).
	imported bool
}

// record takes one execution in a single critical section: it counts the
// path, the storage state and (if growable) the whole-sequence path, counts
// the execution against its LID and split points, and admits the input if
// any of that is new. It reports whether the input was interesting (new,
// whether or not the full corpus took it) and whether it was added. If
// the campaign analyses paths
// and ob.pathID has no analysis yet, it changes nothing and asks for one
// (needsAnalysis): run it outside the lock, set ob.look, and call again.
func (c *Corpus) record(ob *observation) (interesting, added, needsAnalysis bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var lid uint64
	var splits []uint64
	if ob.analysed {
		if c.paths[ob.pathID] == nil {
			if ob.look == nil {
				return false, false, true
			}
			c.paths[ob.pathID] = ob.look
		}
		lid, splits, _ = c.exerciseLocked(ob.pathID, ob.state)
	}
	newPath := c.observeLocked(ob.pathID, c.groupLocked(lastContract(ob.seq)))
	newState := ob.state != 0 && observeOnce(c.states, ob.state, maxStates)
	grown := !newPath && ob.growable && c.growLocked(ob)
	closer, first := c.closerLocked(ob.costs, ob.seen)
	valued := c.valueLocked(ob)
	if !newPath && !ob.newCov && !newState && !grown && !closer && !valued {
		return false, false, false
	}
	var e *Entry
	e, added = c.addLocked(ob.seq, ob.pathID, ob.execs, ob.newCov, ob.costs, ob.loads, lid, splits)
	if added {
		e.sweep, e.imported = ob.wrote, ob.imported
	}
	if ob.closer = closer; added && closer {
		c.nearestLocked(e)
	}
	if added && valued {
		c.valuedLocked(e)
	}
	if g := &c.groups[c.groupOf[lastContract(ob.seq)]]; added && newState && !e.opened && g.states < maxOpenStates {
		// A storage state no input left before: a state to extend from.
		e.opened = true
		g.states++
		g.open(e)
	} else if added && first && !e.opened {
		// The first input whose last transaction reaches the comparison
		// of a branch none took: the frontier, as an input that opened
		// coverage is. The sequence that first reached it may have done
		// so in an earlier transaction (its entry opened, but prediction
		// works on last transactions), so without this the comparison's
		// only entries wait for the round-robin over every entry, which
		// one campaign may never finish (a maze cell's xor guard, seen
		// 2,572 times in 1,000,000 executions and never solved).
		e.opened = true
		g.open(e)
	}
	return true, added, false
}

// exerciseLocked counts one execution that took an analysed path and left
// storage with signature state, and returns its LID and split points; ok
// is false, and nothing is counted, if the path has no analysis yet.
func (c *Corpus) exerciseLocked(pathID, state uint64) (lid uint64, splits []uint64, ok bool) {
	l := c.paths[pathID]
	if l == nil {
		return 0, nil, false
	}
	lid = l.lidFor(state)
	c.lidFuzz[lid]++
	for _, p := range l.splits {
		c.splitFuzz[p]++
	}
	return lid, l.splits, true
}

// maxStates bounds how many entries storage novelty alone may admit, and
// maxSequences how many whole-sequence paths of growing functions;
// maxGrownBy bounds the latter per function, so that one function whose
// sequences' paths multiply (a getter of a string whose length varies)
// does not use up what the others need.
const (
	maxStates    = 4096
	maxSequences = 4096
	maxGrownBy   = 512
	// maxOpenStates bounds, per contract, the entries that count as
	// having opened something for a new storage state alone: a contract
	// that stores strings or many values has thousands of such states.
	maxOpenStates = 128
)

// growLocked reports whether ob's whole-sequence path is new and its last
// function may still admit one, and records it.
func (c *Corpus) growLocked(ob *observation) bool {
	last := ob.seq[len(ob.seq)-1]
	t := callTarget{last.Contract, last.Method}
	if c.grownBy[t] >= maxGrownBy || !observeOnce(c.seqs, ob.seqPathID, maxSequences) {
		return false
	}
	c.grownBy[t]++
	return true
}

// observeOnce records id in set and reports whether it is new (and there
// is room for more than limit such entries).
func observeOnce(set map[uint64]bool, id uint64, limit int) bool {
	if set[id] || len(set) >= limit {
		return false
	}
	set[id] = true
	return true
}

// NewCorpus returns an empty corpus holding at most limit entries (0 means
// 50,000) so that memory stays bounded in long campaigns.
func NewCorpus(limit int) *Corpus {
	if limit == 0 {
		limit = 50_000
	}
	return &Corpus{freq: map[uint64]uint32{}, limit: limit, states: map[uint64]bool{}, seqs: map[uint64]bool{}, grownBy: map[callTarget]int{}, closest: map[int32]int{}, values: map[uint64]uint16{}, groupOf: map[int]int{}, lidFuzz: map[uint64]uint64{}, splitFuzz: map[uint64]uint64{}, paths: map[uint64]*lookInfo{}}
}

// Len returns the number of entries.
func (c *Corpus) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Sequences returns copies of the entries' sequences, in the order added.
func (c *Corpus) Sequences() []txseq.Sequence {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]txseq.Sequence, len(c.entries))
	for i, e := range c.entries {
		out[i] = e.Seq.Clone()
	}
	return out
}

// observeLocked records one execution of path id ending in group g and
// reports whether the path is new.
func (c *Corpus) observeLocked(id uint64, g int) bool {
	n := c.freq[id]
	c.freq[id] = n + 1
	c.groups[g].total++
	if n == 0 {
		c.groups[g].paths++
	}
	return n == 0
}

// addLocked appends an entry unless the corpus is full; coverage-increasing
// entries are always admitted.
func (c *Corpus) addLocked(seq txseq.Sequence, pathID uint64, execs uint64, newCoverage bool, costs []txseq.CostEntry, loads []trace.Slot, lid uint64, splits []uint64) (*Entry, bool) {
	if len(c.entries) >= c.limit && !newCoverage {
		return nil, false
	}
	e := &Entry{ID: len(c.entries), Seq: seq, PathID: pathID, Found: execs, opened: newCoverage, costs: append([]txseq.CostEntry(nil), costs...), loads: append([]trace.Slot(nil), loads...), lid: lid, splits: splits}
	c.entries = append(c.entries, e)
	g := c.groupLocked(lastContract(seq))
	c.addToGroupLocked(&c.groups[g], e)
	if e.opened {
		c.groups[g].open(e)
	}
	return e, true
}

// Stats are the path statistics a schedule reads.
type Stats struct {
	Freq     uint32  // f(i) of the entry's path
	MeanFreq float64 // mean f over all discovered paths
	Paths    int
	Entries  int
	// RareLID and RareSplit report the lookahead paper's Defs. 5 and 6 for
	// the entry: its LID, or a split point along its no-target-ahead
	// prefix, was fuzzed less than the dynamic rarity cutoff.
	RareLID, RareSplit bool
	// Open reports that the entry's last transaction evaluated the cost of
	// a branch edge never taken: it is an input closest to new coverage.
	Open bool
	// Valued reports that the entry paid a sender more than any input
	// before it (value.go).
	Valued bool
}

// rarityCutoff is 2^i with 2^(i-1) < min <= 2^i (Def. 5). An identifier is
// rare when fuzzed at most that often: with the paper's strict "<", nothing
// at all is rare whenever the minimum is a power of two (1 included, so
// right after every identifier has run once), and the schedule then gives
// every input one mutant.
func rarityCutoff(counts map[uint64]uint64) uint64 {
	first := true
	var lo uint64
	for _, n := range counts {
		if first || n < lo {
			lo, first = n, false
		}
	}
	cut := uint64(1)
	for cut < lo {
		cut <<= 1
	}
	return cut
}

// Next picks the next entry and asks the schedule for its energy: from
// the contract (group) whose entries got the least energy so far, round-
// robin within it, skipping entries that get none. It returns nil for an
// empty corpus. scout reports a starved entry's scouting pick (scout.go):
// its energy is spent on its last transaction's comparisons only.
//
// Groups are served by energy, not by turns: a contract with many rare
// paths earns 1,024 mutants a pick while one whose few paths run often
// earns none under a campaign-wide mean, and taking turns then gave
// LookaheadBar 34,000 of 60,000 executions and TwoObjectives 600. So each
// group is judged against its own mean path frequency, and the energy it
// was given is what evens out.
func (c *Corpus) Next(s Schedule, open func(*Entry) bool) (e *Entry, energy int, scout bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) == 0 {
		return nil, 0, false
	}
	rarity := readsRarity(s)
	var lidCut, splitCut uint64
	if rarity {
		lidCut, splitCut = rarityCutoff(c.lidFuzz), rarityCutoff(c.splitFuzz)
	}
	g := &c.groups[c.poorestLocked()]
	sc := scoring{s: s, open: open, mean: g.meanFreq(), rarity: rarity, lidCut: lidCut, splitCut: splitCut}
	// Every other pick of a group goes to the entries whose last
	// transaction opened new coverage, if one has energy: they are the
	// states a sequence grows from (extend.go), and the many entries that
	// only took a new path through old code would otherwise bury them.
	g.picks++
	g.favour = !g.favour
	if g.favour {
		e, energy := c.newestLocked(&g.opened, &sc)
		if e == nil {
			e, energy = c.pickLocked(&g.opened, &sc)
		}
		if e != nil {
			g.charge(e, energy, open)
			return e, energy, false
		}
	} else if e := g.starved(open); e != nil {
		g.charge(e, scoutEnergy, open)
		return e, scoutEnergy, true
	}
	if e, energy := c.pickFnLocked(g, &sc); e != nil {
		g.charge(e, energy, open)
		return e, energy, false
	}
	if e, energy := c.pickLocked(&g.all, &sc); e != nil {
		g.charge(e, energy, open)
		return e, energy, false
	}
	// Every entry is above the group's mean (possible only once the full
	// corpus turned paths away): take the next one with minimal energy.
	e = g.all.entries[g.all.cursor%len(g.all.entries)]
	g.all.cursor++
	e.Selected++
	g.spent++
	return e, 1, false
}

// scoring is what Next asks a schedule with.
type scoring struct {
	s                Schedule
	open             func(*Entry) bool
	mean             float64
	rarity           bool
	lidCut, splitCut uint64
}

// favouredPicks is how many times the newest entries that opened coverage
// are picked first, before they take their turn with the others: the
// newest states are the frontier a sequence grows on (extend.go).
const favouredPicks = 8

// newestLocked returns the newest entry of q picked fewer than
// favouredPicks times that the schedule gives energy, and the energy; nil
// if there is none.
func (c *Corpus) newestLocked(q *queue, sc *scoring) (*Entry, int) {
	for i := len(q.entries) - 1; i >= 0; i-- {
		e := q.entries[i]
		if e.Selected >= favouredPicks {
			continue
		}
		if energy := sc.s.Energy(e, c.statsLocked(e, sc)); energy > 0 {
			e.Selected++
			return e, energy
		}
	}
	return nil, 0
}

// statsLocked returns what a schedule reads about e.
func (c *Corpus) statsLocked(e *Entry, sc *scoring) Stats {
	st := Stats{Freq: c.freq[e.PathID], MeanFreq: sc.mean, Paths: len(c.freq), Entries: len(c.entries), Open: sc.open != nil && sc.open(e), Valued: e.valued}
	if sc.rarity {
		st.RareLID = c.lidFuzz[e.lid] <= sc.lidCut
		for _, p := range e.splits {
			if c.splitFuzz[p] <= sc.splitCut {
				st.RareSplit = true
				break
			}
		}
	}
	return st
}

// pickLocked returns the next entry of q, round-robin, that the schedule
// gives energy, and the energy; nil if none has any.
func (c *Corpus) pickLocked(q *queue, sc *scoring) (*Entry, int) {
	for tries := 0; tries < len(q.entries); tries++ {
		e := q.entries[q.cursor%len(q.entries)]
		q.cursor++
		if energy := sc.s.Energy(e, c.statsLocked(e, sc)); energy > 0 {
			e.Selected++
			return e, energy
		}
	}
	return nil, 0
}

// PickNear returns an entry chosen uniformly among those whose last
// transaction calls contract ct, or among all if there are none, or nil.
func (c *Corpus) PickNear(n uint64, ct int) *Entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g, ok := c.groupOf[ct]; ok {
		es := c.groups[g].all.entries
		return es[n%uint64(len(es))]
	}
	if len(c.entries) == 0 {
		return nil
	}
	return c.entries[n%uint64(len(c.entries))]
}
