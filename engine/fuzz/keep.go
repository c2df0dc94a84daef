package fuzz

import (
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/solve"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file keeps what passed a guard. A mutant whose last transaction
// matches a stored value its parent missed (the first condition of a
// conjunction, such as sFuzz's QuizGame `hash == stored && msg.value ==
// 100 finney`) and so meets the next condition is rare: the schedule may
// pick it once in thousands of executions, and most of its mutants then
// change the very argument that passed the first condition. So right
// after such a mutant, a short burst of mutants keeps what it changed and
// varies the rest of its last transaction (msg.value, the other
// arguments), each followed by input prediction on the value it changed.

const (
	// keepBurst is how many mutants a burst derives.
	keepBurst = 24
	// keepTries bounds the bursts per newly reached edge, so that a
	// comparison no value of the last transaction solves costs a
	// bounded share of the campaign.
	keepTries = 4
	// matchBits is how long the parent's distance to an equality must
	// have been for the mutant's match to count: a stored hash or secret,
	// not a loop bound one increment away.
	matchBits = 32
)

// keepState is a worker's current burst: the mutant it varies, which of
// its last transaction's fields stay (the msg.value, arguments by index),
// its cost vector (the parent of the burst's predictions), the edge that
// started it and how many mutants are left.
type keepState struct {
	seq      txseq.Sequence
	lastOnly bool
	value    bool
	args     uint64
	costs    []txseq.CostEntry
	edge     int32
	left     int
	// tx is the transaction the burst varies (the last, or a writer
	// inserted before it); climb, that a mutant that comes closer to an
	// untaken edge replaces seq (a writer's burst, writers.go).
	tx    int
	climb bool
	tries []uint8 // bursts started, per edge
	// The parent's cost entry per edge (position+1), valid where
	// stamps[edge] == stamp: newFrontier looks each up once.
	at     []int32
	stamps []uint32
	stamp  uint32
}

// startKeep begins a burst if the mutant mut of e (outcome o) passed a
// guard e failed and met an untaken branch (newFrontier), and its last
// transaction has something else to vary.
func (w *worker) startKeep(e *Entry, mut txseq.Sequence, m txseq.Mutation, o *outcome) {
	k := &w.keep
	if w.startWriterKeep(mut, m, o) {
		return
	}
	if o.fail != nil || m.Field == txseq.ShapeAppend || len(mut) != len(e.Seq) {
		return
	}
	edge := w.newFrontier(e.costs, o.costs)
	if edge < 0 {
		return
	}
	last := len(mut) - 1
	tx, old := &mut[last], &e.Seq[last]
	if tx.Method != old.Method || tx.Contract != old.Contract || tx.Method < 0 {
		return
	}
	k.value, k.args = !tx.Value.Eq(&old.Value), 0
	for i := range tx.Args {
		if i < 64 && !calldata.Equal(tx.Args[i], old.Args[i]) {
			k.args |= 1 << i
		}
	}
	if !w.c.prog.Contracts[tx.Contract].Methods[tx.Method].Payable {
		k.value = true // nothing to vary there
	}
	if k.value && len(tx.Args) < 64 && k.args == 1<<len(tx.Args)-1 {
		return
	}
	if k.tries == nil {
		k.tries = make([]uint8, w.m.Tracer.Edges())
	}
	k.tries[edge]++
	k.seq, k.lastOnly, k.edge, k.left = mut.Clone(), m.LastOnly, edge, keepBurst
	k.tx, k.climb = last, false
	k.costs = append(k.costs[:0], o.costs...)
}

// newFrontier returns an edge no execution of the worker took whose cost
// the mutant's last transaction measured (costs) on another scale than its
// parent's did (parent), if the mutant also matched a value its parent
// missed by far: an equality now holds (its other edge costs 1 to take
// back) where the parent's distance was at least matchBits long. Only
// edges with bursts left count; -1 if there is none.
func (w *worker) newFrontier(parent, costs []txseq.CostEntry) int32 {
	edges := w.pred.Edges
	k := &w.keep
	if k.at == nil {
		k.at, k.stamps = make([]int32, edges), make([]uint32, edges)
	}
	k.stamp++
	for i := range parent {
		if idx := parent[i].Idx; idx < edges {
			k.at[idx], k.stamps[idx] = int32(i)+1, k.stamp
		}
	}
	costOf := func(idx int32) *txseq.CostEntry {
		if k.stamps[idx] != k.stamp {
			return nil
		}
		return &parent[k.at[idx]-1]
	}
	passed, edge, best := false, int32(-1), -1
	for i := range costs {
		me := &costs[i]
		if me.Idx >= edges {
			continue
		}
		pe := costOf(me.Idx)
		if pe == nil && me.Cost.IsUint64() && me.Cost.Uint64() == 1 {
			// An edge's sibling is idx^1 (trace numbers a JUMPI's two
			// edges 2b and 2b+1).
			if ps := costOf(me.Idx ^ 1); ps != nil && ps.Cost.BitLen() >= matchBits {
				passed = true
			}
		}
		if w.seen[me.Idx] != 0 || me.Cost.IsZero() || (k.tries != nil && k.tries[me.Idx] >= keepTries) {
			continue
		}
		// Prefer the edge whose cost another comparison now measures:
		// one the parent never measured, else the largest change in
		// magnitude (a hash's distance replaced by msg.value's).
		d := 257
		if pe != nil {
			d = abs(pe.Cost.BitLen() - me.Cost.BitLen())
		}
		if d > best && d > 0 {
			edge, best = me.Idx, d
		}
	}
	if !passed {
		return -1
	}
	return edge
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// keepStep runs one mutant of the burst and returns the prediction that
// follows it, if any.
func (w *worker) keepStep(e *Entry) *solve.Prediction {
	k := &w.keep
	k.left--
	if k.edge >= 0 && w.seen[k.edge] != 0 {
		k.left = 0 // the edge is taken: the burst did its work
		return nil
	}
	mut := k.seq.Clone()
	m, ok := w.keepMutate(mut)
	if !ok {
		k.left = 0
		return nil
	}
	o := w.count(mut, w.execMutant(e, mut, m, w.fresh()))
	w.consider(mut, &o)
	if w.c.cfg.NoPrediction || o.fail != nil {
		return nil
	}
	p := w.pred.Predict(k.costs, o.costs, mut, m)
	if k.climb {
		w.climb(mut, &o)
	}
	return p
}

// keepMutate changes the msg.value or an argument of the burst's
// transaction (seq's last, or a writer) that the burst does not keep.
func (w *worker) keepMutate(seq txseq.Sequence) (txseq.Mutation, bool) {
	k := &w.keep
	tx := &seq[k.tx]
	m := txseq.Mutation{Tx: k.tx, LastOnly: k.lastOnly}
	free := 0
	for i := range tx.Args {
		if i >= 64 || k.args&(1<<i) == 0 {
			free++
		}
	}
	if !k.value && (free == 0 || w.rng.IntN(2) == 0) {
		m.Field = txseq.FieldValue
		m.Arg.Old, m.Arg.Scalar = tx.Value, true
		tx.Value = w.randomValue(tx.Contract)
		m.Arg.New = tx.Value
		return m, true
	}
	if free == 0 {
		return txseq.Mutation{}, false
	}
	n := w.rng.IntN(free)
	for i := range tx.Args {
		if i < 64 && k.args&(1<<i) != 0 {
			continue
		}
		if n > 0 {
			n--
			continue
		}
		if !calldata.Mutate(w.rng, tx.Args[i:i+1], w.env, &m.Arg) {
			return txseq.Mutation{}, false
		}
		m.Arg.Path[0] = i
		m.Field = txseq.FieldArg
		return m, true
	}
	return txseq.Mutation{}, false
}
