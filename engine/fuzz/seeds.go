package fuzz

import (
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file runs the inputs a worker did not mutate: the campaign's
// seeds, a shared corpus's imports and the address seeds, each fitted to
// this campaign first.

// try runs seq from the deployed state and considers it.
func (w *worker) try(seq txseq.Sequence) {
	o := w.count(seq, w.exec(seq, w.fresh()))
	w.consider(seq, &o)
}

// sanitize returns a copy of a seed that fits this campaign: calls to
// unknown contracts or methods are dropped, senders wrap, and the length
// is capped.
func (w *worker) sanitize(seq txseq.Sequence) txseq.Sequence {
	out := make(txseq.Sequence, 0, len(seq))
	for _, tx := range seq {
		if len(out) == w.c.cfg.MaxSeqLen {
			break
		}
		t := callTarget{Contract: tx.Contract, Method: tx.Method}
		if _, ok := w.c.callIndex[t]; !ok {
			continue
		}
		if tx.Method >= 0 && len(tx.Args) != len(w.c.prog.Contracts[tx.Contract].Methods[tx.Method].Inputs) {
			continue
		}
		tx.Args = calldata.Clone(tx.Args)
		if n := deploy.Principals(w.m.Chain); tx.Sender < 0 || tx.Sender >= n {
			tx.Sender = ((tx.Sender % n) + n) % n
		}
		out = append(out, tx)
	}
	return out
}
