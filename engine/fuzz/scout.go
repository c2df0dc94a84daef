package fuzz

import (
	"github.com/foresight-sol/foresight/engine/solve"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// Scouting serves a starved frontier entry a few predictions, and nothing
// else. An entry that opened coverage is picked first while it is among
// the newest (favouredPicks); once newer ones bury it, it waits for the
// round-robin over every entry, which one campaign may never finish. The
// worst seeds of issue 50's mazes missed sites behind exactly such
// entries: the comparison its last transaction first evaluated was never
// made a prediction target, and one input-to-state run would have solved
// it (docs/scaling.md, sessions 29-33). Serving such entries full picks
// (session 33) found those sites but took the picks that carry the
// deepest state, and lost sites in timed runs; a scouting pick spends
// scoutEnergy mutants of the last transaction's own arguments (and
// value), each followed by its prediction chain, and charges the group
// that much.

// starveWait is how many of its group's picks an opened entry waits,
// never picked, before it is scouted. A scouting pick is cheap and comes
// once per entry, so the wait only spares the entries the favoured picks
// would soon take anyway. At 256 (about one round-robin pass over a small
// contract's corpus, session 33's wait) examples/QuizGame's first entry
// whose last transaction matched the stored hash waited 47,000 of a
// six-contract campaign's executions at seed 1, while newer storage
// states of the question took the favoured picks; at 64 it is scouted,
// and msg.value predicted, within about 13,000.
const starveWait = 64

// scoutEnergy is a scouting pick's mutants: the first pick's energy
// (AFLFast's base).
const scoutEnergy = 16

// starved returns the oldest entry that opened coverage, was never picked
// nor scouted, has waited starveWait picks of the group, and still stands
// next to a branch edge no input took (open); nil if there is none.
func (g *group) starved(open func(*Entry) bool) *Entry {
	q := g.opened.entries
	for i := g.scoutFrom; i < len(q); i++ {
		e := q[i]
		if e.Selected > 0 || e.scouted {
			if i == g.scoutFrom {
				g.scoutFrom++
			}
			continue
		}
		if g.picks-e.queued < starveWait {
			return nil // queued in order: the rest waited less
		}
		e.scouted = true
		if i == g.scoutFrom {
			g.scoutFrom++
		}
		if open == nil || open(e) {
			return e
		}
	}
	return nil
}

// scout spends a scouting pick: mutants of e's last transaction, each
// followed by the prediction it proposes.
func (w *worker) scout(e *Entry, energy int, live func() bool) {
	var pred *solve.Prediction
	for i := 0; (i < energy || pred != nil) && live(); i++ {
		if pred != nil {
			pred = w.runPrediction(e, pred)
			continue
		}
		w.pred.Earn()
		mut, m := w.scoutMutant(e)
		o := w.count(mut, w.execMutant(e, mut, m, w.fresh()))
		w.consider(mut, &o)
		if !w.c.cfg.NoPrediction && o.fail == nil {
			pred = w.admit(w.pred.Predict(e.costs, o.costs, mut, m))
		}
	}
}

// scoutMutant changes an argument of e's last transaction or, one time in
// four when the function is payable (or has no arguments), its value:
// what the comparisons it evaluated read. Anything else falls back to an
// ordinary mutant.
func (w *worker) scoutMutant(e *Entry) (txseq.Sequence, txseq.Mutation) {
	mut := e.Seq.Share()
	last := len(mut) - 1
	tx := &mut[last]
	payable := tx.Method < 0 || w.c.prog.Contracts[tx.Contract].Methods[tx.Method].Payable
	if payable && (len(tx.Args) == 0 || w.rng.IntN(4) == 0) {
		m := txseq.Mutation{Tx: last, Field: txseq.FieldValue, LastOnly: true}
		m.Arg.Old, m.Arg.Scalar = tx.Value, true
		tx.Value = w.randomValue(tx.Contract)
		m.Arg.New = tx.Value
		return mut, m
	}
	if m, ok := w.mutateArg(mut, last); ok {
		return mut, m
	}
	return w.mutate(e)
}
