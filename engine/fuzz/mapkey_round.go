package fuzz

import (
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// mappingKeys runs e's mapping-key mutants, or records it as a writer
// (see mapkey.go). A reverting mutant that passed a guard its parent
// failed (its last transaction read another mapping) gets its own mutants at
// once, up to maxMapDepth rounds: a transaction behind several guards
// (an enabled IRM, then an enabled LLTV, then an IRM that is a contract)
// needs one key at a time, and the mutant that solved the first is one
// of thousands of entries the schedule may never pick again.
func (w *worker) mappingKeys(e *Entry) {
	gen := w.mk.gen + 1
	prev := e.mapKeyGen.Load()
	if prev < 0 || prev == gen {
		return
	}
	e.mapKeyGen.Store(gen)
	targets := w.mapKeyTargets(e)
	if len(targets) == 0 {
		e.mapKeyGen.Store(-1)
		return
	}
	w.mk.committed, w.mk.pending = false, w.mk.pending[:0]
	defer w.mk.settle()
	next, done := w.mapKeyRound(e, targets, prev == 0)
	if done {
		e.mapKeyGen.Store(-1)
		return
	}
	// The chain ends when a mutant commits: the guards are solved.
	for depth := 1; depth <= maxMapDepth && len(next) > 0 && !w.mk.committed; depth++ {
		var after []mapKeyStep
		for _, st := range next {
			if w.mk.committed {
				break
			}
			more, _ := w.mapKeyRound(st.e, st.targets, false)
			after = append(after, more...)
		}
		next = after[:min(len(after), maxMapFollow)]
	}
}

// readsMore reports whether targets mt name a mapping that targets do
// not: the mutant passed a guard and read the next one's entry. (More
// targets of the same mappings are only keys that happen to be equal.)
func readsMore(mt, targets []mapKeyTarget) bool {
	for _, t := range mt {
		if !slices.ContainsFunc(targets, func(u mapKeyTarget) bool { return u.m == t.m }) {
			return true
		}
	}
	return false
}

// mapKeyStep is a mutant a round follows: its entry and its targets.
type mapKeyStep struct {
	e       *Entry
	targets []mapKeyTarget
}

// mapKeyRound runs e's mutants for its targets; if record, e's last
// transaction first runs once more and, if it commits, e is recorded as
// a writer instead. It returns the reverting mutants that got further
// than e, at most maxMapFollow, and done if e needs no more rounds: it
// was recorded, or its prefix fails.
func (w *worker) mapKeyRound(e *Entry, targets []mapKeyTarget, record bool) (next []mapKeyStep, done bool) {
	start, _, _, ok := w.prefixState(e, w.fresh())
	if !ok {
		return nil, true
	}
	w.m.Chain.Reset(start)
	var zero []mapKeyTarget
	for _, t := range targets {
		if w.entry(t.m.code, &t.slot) == (common.Hash{}) {
			zero = append(zero, t)
		}
	}
	var muts []txseq.Sequence
	for _, t := range zero {
		muts = w.prefixKeys(e, t, muts)
	}
	if record && w.recordWriters(e) {
		return nil, true
	}
	// The entries read as zero first; then those set, as a reverting
	// transaction may need another one's: the key is also what it calls
	// (an enabled IRM that is none).
	for _, t := range zero {
		if len(w.mk.writers[t.m]) == 0 {
			// Once there are writers this round tried them; one more
			// is rarely what a guard that refused them all wants.
			w.mk.pending = append(w.mk.pending, mapKeyWait{t.m, e})
		}
		muts = w.writerKeys(e, t, muts, false)
	}
	for _, t := range targets {
		if !slices.ContainsFunc(zero, func(z mapKeyTarget) bool { return z.slot.Eq(&t.slot) }) {
			muts = w.writerKeys(e, t, muts, true)
		}
	}
	last := len(e.Seq) - 1
	for _, mut := range muts {
		m := txseq.Mutation{Tx: len(mut) - len(e.Seq) - 1, Field: txseq.ShapeInsert}
		if len(mut) == len(e.Seq) {
			m = txseq.Mutation{Tx: last, Field: txseq.FieldArg, LastOnly: true}
		}
		o := w.count(mut, w.execMutant(e, mut, m, w.fresh()))
		committed := w.lastCommitted()
		if o.fail == nil && (committed || len(next) < maxMapFollow) {
			me := &Entry{Seq: mut, loads: o.loads}
			mt := w.mapKeyTargets(me)
			if committed {
				w.mk.committed = true
				// A mutant that passed its guards may set entries
				// others read (createMarket's market): it may never be
				// selected.
				w.noteWriters(me, mt)
			} else if readsMore(mt, targets) {
				me.loads = slices.Clone(o.loads)
				next = append(next, mapKeyStep{me, mt})
			}
		}
		w.consider(mut, &o)
	}
	return next, false
}
