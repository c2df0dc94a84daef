package fuzz

import "github.com/foresight-sol/foresight/engine/txseq"

// This file draws the delays before transactions (the block and time
// gap since the one before). A mutated delay records its old and new
// value, as an argument's mutation does, so that input prediction solves
// a time guard for it (engine/solve delay.go: block.timestamp against a
// stored cliff, an unlock time, a deadline).

// randomDelay picks how many blocks and seconds a transaction comes after
// the one before: the next block, up to 100 blocks, up to 30 days, or a
// span from the dictionary (a lock's duration).
func (w *worker) randomDelay() (blocks, seconds uint64) {
	switch w.rng.IntN(4) {
	case 0:
		return 1, 12
	case 1:
		// 1 to 100 blocks, at 12 s a block plus up to 11 s (blocks
		// before the merge came at any second): the timestamp takes every
		// parity and small residue, so a guard like block.timestamp % 2
		// == 0 or % 7 passes after a delay as often as it fails.
		s := w.rng.Uint64N(1200) + 12
		return s / 12, s
	case 2:
		return w.rng.Uint64N(7200), w.rng.Uint64N(86400*30) + 1
	default:
		d := w.env.Dict.Pick(w.rng)
		s := d.Uint64() % (86400 * 365 * 10)
		return s/12 + 1, s
	}
}

// mutateDelay draws a new delay, in seconds or in blocks, for mut's
// transaction i (last: mut's last index) and returns the mutation with
// the old and new delay (a numeric input only with
// Config.DelayPrediction).
func (w *worker) mutateDelay(mut txseq.Sequence, i, last int) (txseq.Sequence, txseq.Mutation) {
	b, s := w.randomDelay()
	m := txseq.Mutation{Tx: i, Field: txseq.FieldTime, LastOnly: i == last}
	// Scalar makes the delay a numeric input for prediction.
	m.Arg.Scalar = w.c.cfg.DelayPrediction
	if w.rng.IntN(2) == 0 {
		m.Arg.Old.SetUint64(mut[i].Seconds)
		mut[i].Seconds = s
		m.Arg.New.SetUint64(s)
		return mut, m
	}
	m.Field = txseq.FieldBlock
	m.Arg.Old.SetUint64(mut[i].Blocks)
	mut[i].Blocks = b
	m.Arg.New.SetUint64(b)
	return mut, m
}
