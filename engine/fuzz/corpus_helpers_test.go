package fuzz

import (
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// The corpus's steps one at a time, for tests; a campaign takes them
// together in Corpus.record.

// exercise counts one execution that took an analysed path and left
// storage with signature state, and returns its LID and split points; ok
// is false, and nothing is counted, if the path has no analysis yet.
func (c *Corpus) exercise(pathID, state uint64) (lid uint64, splits []uint64, ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.exerciseLocked(pathID, state)
}

// analysed records the analysis of a path.
func (c *Corpus) analysed(pathID uint64, l *lookInfo) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.paths[pathID] = l
}

// Add appends an entry unless the corpus is full; coverage-increasing
// entries are always admitted.
func (c *Corpus) Add(seq txseq.Sequence, pathID uint64, execs uint64, newCoverage bool, costs []txseq.CostEntry, loads []trace.Slot, lid uint64, splits []uint64) (*Entry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.addLocked(seq, pathID, execs, newCoverage, costs, loads, lid, splits)
}
