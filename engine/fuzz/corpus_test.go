package fuzz

import (
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
)

func TestRarityCutoff(t *testing.T) {
	for _, tt := range []struct {
		counts []uint64
		want   uint64
	}{
		{[]uint64{42, 100}, 64}, // the paper's example (Def. 5)
		{[]uint64{1, 9}, 1},
		{[]uint64{64, 65}, 64},
		{[]uint64{0, 3}, 1},
	} {
		m := map[uint64]uint64{}
		for i, n := range tt.counts {
			m[uint64(i)] = n
		}
		if got := rarityCutoff(m); got != tt.want {
			t.Errorf("rarityCutoff(%v) = %d, want %d", tt.counts, got, tt.want)
		}
	}
}

// TestLookaheadEnergy checks the schedule against counts of executions per
// LID and split point (Defs. 5-6): the least fuzzed LID is always rare,
// even when its count is a power of two, and gets 2^selected mutants; a
// common LID with common split points gets one.
func TestLookaheadEnergy(t *testing.T) {
	c := NewCorpus(0)
	rare := &lookInfo{lid: 1, splits: []uint64{10}}
	common := &lookInfo{lid: 2, proved: true, splits: []uint64{20}}
	if _, _, ok := c.exercise(100, 0); ok {
		t.Fatal("an unanalysed path was counted")
	}
	c.analysed(100, rare)
	c.analysed(200, common)
	for i := 0; i < 4; i++ {
		c.exercise(100, 0)
	}
	for i := 0; i < 50; i++ {
		c.exercise(200, 0)
	}
	a, _ := c.Add(txseq.Sequence{{}}, 100, 0, true, nil, nil, rare.lid, rare.splits)
	b, _ := c.Add(txseq.Sequence{{}}, 200, 0, true, nil, nil, common.lid, common.splits)
	a.Selected, b.Selected = 3, 3
	got := map[*Entry]int{}
	for i := 0; i < 2; i++ {
		e, energy, _ := c.Next(Lookahead{}, nil)
		got[e] = energy
	}
	if got[a] != 8 || got[b] != 1 {
		t.Errorf("energies: rare LID %d (want 8), common LID %d (want 1)", got[a], got[b])
	}
	// A proved LID names the storage left behind; an unproved one is the
	// whole path already.
	if common.lidFor(7) == common.lidFor(0) || rare.lidFor(7) != rare.lidFor(0) {
		t.Error("lidFor: storage must split proved identifiers only")
	}
}

// TestNextFairAcrossContracts: contract 0 has many rare paths, contract 1
// one path run far more often than the campaign's mean. Judged by the
// campaign-wide mean, contract 1 got no energy at all; each contract is
// now judged by its own, and the one given least is served next.
func TestNextFairAcrossContracts(t *testing.T) {
	c := NewCorpus(0)
	for i := 0; i < 20; i++ {
		c.record(&observation{seq: txseq.Sequence{{Contract: 0}}, pathID: uint64(100 + i), newCov: true})
	}
	for i := 0; i < 500; i++ {
		c.record(&observation{seq: txseq.Sequence{{Contract: 1}}, pathID: 7, newCov: i == 0})
	}
	energy := map[int]int{}
	for i := 0; i < 200; i++ {
		e, n, _ := c.Next(AFLFast{}, nil)
		energy[e.Seq[0].Contract] += n
	}
	if a, b := energy[0], energy[1]; b == 0 || a > 2*b || b > 2*a {
		t.Errorf("energy per contract %v, want about equal", energy)
	}
}

// TestFirstEvaluationOpens: the first input whose last transaction
// evaluates the comparison of a branch none took joins the entries that
// opened coverage (picked soon, extend.go's frontier) even on a path
// already seen; an input that only comes closer to it later waits its
// turn with the others.
func TestFirstEvaluationOpens(t *testing.T) {
	c := NewCorpus(0)
	seen := make([]uint8, 8)
	seq := txseq.Sequence{{Contract: 0}}
	c.record(&observation{seq: seq, pathID: 1, newCov: true, seen: seen})
	cost := func(v uint64) []txseq.CostEntry {
		var e txseq.CostEntry
		e.Idx = 5
		e.Cost.SetUint64(v)
		return []txseq.CostEntry{e}
	}
	for i, tt := range []struct {
		cost   uint64
		opened bool
	}{
		{1 << 40, true},  // first to evaluate edge 5
		{1 << 10, false}, // closer, not first
	} {
		if _, added, _ := c.record(&observation{seq: seq, pathID: 1, seen: seen, costs: cost(tt.cost)}); !added {
			t.Fatalf("input %d not added", i)
		}
		e := c.entries[len(c.entries)-1]
		g := &c.groups[c.groupOf[0]]
		if e.opened != tt.opened || slices.Contains(g.opened.entries, e) != tt.opened {
			t.Errorf("input %d: opened %v (in queue %v), want %v", i, e.opened, slices.Contains(g.opened.entries, e), tt.opened)
		}
	}
}
