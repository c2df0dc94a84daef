package fuzz

import (
	"sync"

	"github.com/foresight-sol/foresight/engine/trace"
)

// An Entry is a sequence in the corpus: it took a path (of its last
// transaction) that no earlier input took, or covered something new.
type Entry struct {
	ID     int
	Seq    Sequence
	PathID uint64
	// Selected counts how often the schedule picked the entry: s(i) in
	// AFLFast.
	Selected int
	// Found is the number of executions after which the entry was added.
	Found uint64
	// costs is the cost vector of the entry's last transaction; loads are
	// the storage slots it read.
	costs []costEntry
	loads []trace.Slot
	// lid and splits are the lookahead identifier and the split points of
	// the no-target-ahead prefix of the entry's last transaction (lookahead
	// paper, Def. 3-4).
	lid    uint64
	splits []uint64
}

// Corpus is the campaign's shared set of entries and path statistics.
type Corpus struct {
	mu      sync.Mutex
	entries []*Entry
	freq    map[uint64]uint32 // f(i): executions that took each path
	total   uint64            // sum of freq
	limit   int
	// groups share the entries out by the contract their last transaction
	// calls; Next takes the groups in turn, so that in a campaign over
	// several contracts one contract's many paths do not starve another's
	// few (its sequences need their share of mutations to grow).
	groups  []group
	groupOf map[int]int     // contract -> index into groups
	turn    int             // the group Next takes next
	states  map[uint64]bool // storage signatures of admitted sequences
	seqs    map[uint64]bool // whole-sequence paths admitted for growth

	// fuzz(λ) and fuzz(p) of Defs. 5-6: executions that exercised each
	// lookahead identifier and each split point; paths holds the analysis
	// of every path seen.
	lidFuzz   map[uint64]uint64
	splitFuzz map[uint64]uint64
	paths     map[uint64]*lookInfo
}

// group is the entries whose last transaction calls one contract, and the
// round-robin cursor over them.
type group struct {
	entries []*Entry
	cursor  int
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
	seq                      Sequence
	pathID, seqPathID, state uint64
	newCov                   bool // it covered a new (edge, hit class) pair
	// growable: sequences ending in its last call may grow (HARVEY §5),
	// so a new whole-sequence path makes it interesting.
	growable bool
	costs    []costEntry
	loads    []trace.Slot
	execs    uint64 // the campaign's executions so far
	// analysed: the campaign counts executions per LID and split point
	// (Defs. 5-6); look is the analysis of pathID, once record asked for it.
	analysed bool
	look     *lookInfo
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
	newPath := c.observeLocked(ob.pathID)
	newState := ob.state != 0 && observeOnce(c.states, ob.state, maxStates)
	grown := !newPath && ob.growable && observeOnce(c.seqs, ob.seqPathID, maxSequences)
	if !newPath && !ob.newCov && !newState && !grown {
		return false, false, false
	}
	_, added = c.addLocked(ob.seq, ob.pathID, ob.execs, ob.newCov, ob.costs, ob.loads, lid, splits)
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
// maxSequences how many whole-sequence paths of growing functions.
const (
	maxStates    = 4096
	maxSequences = 4096
)

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
	return &Corpus{freq: map[uint64]uint32{}, limit: limit, states: map[uint64]bool{}, seqs: map[uint64]bool{}, groupOf: map[int]int{}, lidFuzz: map[uint64]uint64{}, splitFuzz: map[uint64]uint64{}, paths: map[uint64]*lookInfo{}}
}

// Len returns the number of entries.
func (c *Corpus) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

// Sequences returns copies of the entries' sequences, in the order added.
func (c *Corpus) Sequences() []Sequence {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := make([]Sequence, len(c.entries))
	for i, e := range c.entries {
		out[i] = e.Seq.Clone()
	}
	return out
}

// observeLocked records one execution of path id and reports whether the
// path is new.
func (c *Corpus) observeLocked(id uint64) bool {
	n := c.freq[id]
	c.freq[id] = n + 1
	c.total++
	return n == 0
}

// addLocked appends an entry unless the corpus is full; coverage-increasing
// entries are always admitted.
func (c *Corpus) addLocked(seq Sequence, pathID uint64, execs uint64, newCoverage bool, costs []costEntry, loads []trace.Slot, lid uint64, splits []uint64) (*Entry, bool) {
	if len(c.entries) >= c.limit && !newCoverage {
		return nil, false
	}
	e := &Entry{ID: len(c.entries), Seq: seq, PathID: pathID, Found: execs, costs: append([]costEntry(nil), costs...), loads: append([]trace.Slot(nil), loads...), lid: lid, splits: splits}
	c.entries = append(c.entries, e)
	ct := -1
	if len(seq) > 0 {
		ct = seq[len(seq)-1].Contract
	}
	g, ok := c.groupOf[ct]
	if !ok {
		g = len(c.groups)
		c.groupOf[ct] = g
		c.groups = append(c.groups, group{})
	}
	c.groups[g].entries = append(c.groups[g].entries, e)
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

// Next picks the next entry, round-robin within the next group (contract)
// in turn, and asks the schedule for its energy, skipping entries that get
// none. It returns nil for an empty corpus.
func (c *Corpus) Next(s Schedule) (*Entry, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.entries) == 0 {
		return nil, 0
	}
	mean := 0.0
	if len(c.freq) > 0 {
		mean = float64(c.total) / float64(len(c.freq))
	}
	rarity := readsRarity(s)
	var lidCut, splitCut uint64
	if rarity {
		lidCut, splitCut = rarityCutoff(c.lidFuzz), rarityCutoff(c.splitFuzz)
	}
	for range c.groups {
		g := &c.groups[c.turn%len(c.groups)]
		c.turn++
		for tries := 0; tries < len(g.entries); tries++ {
			e := g.entries[g.cursor%len(g.entries)]
			g.cursor++
			st := Stats{Freq: c.freq[e.PathID], MeanFreq: mean, Paths: len(c.freq), Entries: len(c.entries)}
			if rarity {
				st.RareLID = c.lidFuzz[e.lid] <= lidCut
				for _, p := range e.splits {
					if c.splitFuzz[p] <= splitCut {
						st.RareSplit = true
						break
					}
				}
			}
			if energy := s.Energy(e, st); energy > 0 {
				e.Selected++
				return e, energy
			}
		}
	}
	// Every entry is above the mean (impossible unless frequencies are
	// equal): take the next one with minimal energy.
	g := &c.groups[c.turn%len(c.groups)]
	c.turn++
	e := g.entries[g.cursor%len(g.entries)]
	g.cursor++
	e.Selected++
	return e, 1
}

// PickNear returns an entry chosen uniformly among those whose last
// transaction calls contract ct, or among all if there are none, or nil.
func (c *Corpus) PickNear(n uint64, ct int) *Entry {
	c.mu.Lock()
	defer c.mu.Unlock()
	if g, ok := c.groupOf[ct]; ok {
		es := c.groups[g].entries
		return es[n%uint64(len(es))]
	}
	if len(c.entries) == 0 {
		return nil
	}
	return c.entries[n%uint64(len(c.entries))]
}
