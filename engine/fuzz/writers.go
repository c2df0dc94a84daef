package fuzz

import (
	"slices"

	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file builds sequences writer -> reader on demand (HARVEY §5, whose
// aggressive mode shows that a function's path depends on the storage it
// reads): a guard over a word an earlier call writes (slot[i] == K after
// set(i, K), a bit code(b) sets once b matches, a tally add() grows)
// passes only after a transaction that writes that word, with the right
// arguments. A random transaction inserted before the guarded call is
// rarely that one: its function is one of many, and its arguments were
// found, if ever, by runs of that function alone (bytes.go solves code's
// bytes where code runs last). So every transaction that ends a corpus
// entry and writes storage is kept as a writer of the slots it wrote,
// and the insertion of a transaction before the last one takes, half
// the time, a writer of a slot the last one reads. The value it writes is
// then the prediction's (engine/solve: input-to-state across the
// sequence, saturation for sums) as for any earlier argument.

// maxSlotWriters bounds the writers kept per slot, the newest ones.
const maxSlotWriters = 8

// slotWriters is a worker's writers per storage slot, and the slots the
// last transaction of the latest run wrote (reused).
type slotWriters struct {
	bySlot map[trace.Slot][]txseq.Tx
	last   []trace.Slot
}

// lastWrites records the slots the last transaction wrote (it committed),
// in the worker's buffer: the run's outcome aliases it.
func (s *slotWriters) lastWrites(writes map[trace.Slot]uint16) []trace.Slot {
	s.last = s.last[:0]
	for k := range writes {
		s.last = append(s.last, k)
	}
	return s.last
}

// note keeps seq's last transaction as a writer of slots. The map's
// order does not matter: each slot's list grows on its own.
func (s *slotWriters) note(seq txseq.Sequence, slots []trace.Slot) {
	if len(slots) == 0 {
		return
	}
	if s.bySlot == nil {
		s.bySlot = map[trace.Slot][]txseq.Tx{}
	}
	tx := seq[len(seq)-1]
	for _, sl := range slots {
		ws := s.bySlot[sl]
		if len(ws) == maxSlotWriters {
			ws = slices.Delete(ws, 0, 1)
		}
		s.bySlot[sl] = append(ws, tx)
	}
}

// readWriters reports whether some slot e's last transaction read has a
// writer, without drawing from the worker's random source.
func (w *worker) readWriters(e *Entry) bool {
	for _, sl := range e.loads {
		if len(w.wr.bySlot[sl]) > 0 {
			return true
		}
	}
	return false
}

// writerTx returns a writer of a slot e's last transaction read, chosen
// at random (readWriters must hold). The writer shares its arguments
// with the one kept: nothing changes arguments in place once run.
func (w *worker) writerTx(e *Entry) txseq.Tx {
	n := 0
	for _, sl := range e.loads {
		if len(w.wr.bySlot[sl]) > 0 {
			n++
		}
	}
	k := w.rng.IntN(n)
	for _, sl := range e.loads {
		ws := w.wr.bySlot[sl]
		if len(ws) == 0 {
			continue
		}
		if k == 0 {
			return ws[w.rng.IntN(len(ws))]
		}
		k--
	}
	panic("unreachable: readWriters holds")
}
