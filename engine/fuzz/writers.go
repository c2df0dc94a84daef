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
// the time, a writer of a slot the last one needs: one whose value,
// written directly by aggressive mode, took an edge no sequence has
// taken, for as long as none has (and for a bounded number of
// insertions: the edge may be one no sequence can take). The value it
// writes is then the prediction's (engine/solve: input-to-state across
// the sequence, saturation for sums) as for any earlier argument. A
// mapping's values are one slot here, as in the tracer's writes
// (trace.Written): mint() writes ownerOf[id] and balanceOf[to], which
// transferFrom(from, to, id) reads at keys its arguments choose. What a
// writer writes may be what it read (copyY() sets x = y): half the time a
// writer of that goes before it (a feeder). Insertions cost executions
// other sequences need (a planted theft in Sablier needs a stream created
// and withdrawn by a stranger in 20,000): so a function gets a bounded
// number in all, and a writer function that never helps a reader (no new
// coverage, no burst closer to an untaken edge) stops going before it.

// maxSlotWriters bounds the writers kept per slot, the newest ones.
const maxSlotWriters = 8

// slotWriters is a worker's writers per storage slot, and the slots the
// last transaction of the latest run wrote (reused).
type slotWriters struct {
	bySlot map[trace.Slot][]writer
	last   []slotWrite
	// inserted: the latest mutant inserted a writer (startWriterKeep).
	inserted bool
	// due: aggressive mode just noted a need (a new one, or a new edge)
	// from the picked entry's last call, which reached the edge's
	// branch while some other call of its function did not: the
	// entry's next mutant inserts a writer before it. Such entries may
	// be few among their function's (SlotWrittenEarlier's move(b) with b
	// matched: 1 of 5 calls of move when its need was noted at seed 1,
	// of some 500 later), and a writer reaches them only on their rare
	// picks otherwise, 4% of their mutants: found at 10,318 executions,
	// at 1,214 with due. Where every call reaches the branch (a require
	// first in the function) their picks serve the insertions.
	due bool
	// needs holds, per function, the slots whose values aggressive mode
	// showed its path depends on (demand.go), each with the edge it took.
	needs map[callTarget][]slotNeed
	// spent counts the writers inserted before each function since a
	// need of it was last met: a function that reads many slots
	// (a descriptor reading a stream's every field) gets needTries in
	// all, not per slot, or its writers and their bursts take a
	// campaign's executions from the sequences it needs otherwise.
	spent map[callTarget]int
	// fruitless counts, per pair, the insertions since one helped
	// (maxFruitless); pair is the latest insertion's, which its burst
	// credits.
	fruitless map[writerPair]uint8
	pair      writerPair
}

// slotNeed is a slot a function's path depends on, the edge a value
// written there directly took, which no sequence had, and the writers
// inserted for it since. Only a new edge counts, and only so often: a
// getter of a string copies it in a loop whose hit-count class every
// stored length changes, and a length no setter writes fails its
// decoding; writers before it (set the string, read it) took a twelfth
// of a campaign's executions for no line.
type slotNeed struct {
	slot  trace.Slot
	edge  int32
	tries int
	// gated: every entry aggressive mode opened the edge from had
	// evaluated its branch, so a writer goes only before a call that
	// reaches that branch (reaches).
	gated bool
}

// needTries bounds the writers inserted for one slotNeed, each followed
// by a burst (some seven executions in all).
const needTries = 64

// need notes that function t's path depends on slot sl: a value written
// there directly took edge e, which no sequence has taken; reached, that
// the call aggressive mode ran had evaluated e's branch. It reports
// whether the need is new, or has a new edge, and the call reached it.
func (s *slotWriters) need(t callTarget, sl trace.Slot, e int32, seen []uint8, reached bool) bool {
	if s.needs == nil {
		s.needs, s.spent, s.fruitless = map[callTarget][]slotNeed{}, map[callTarget]int{}, map[writerPair]uint8{}
	}
	sl = trace.Written(sl)
	ns := s.needs[t]
	i := slices.IndexFunc(ns, func(n slotNeed) bool { return n.slot == sl })
	switch {
	case i < 0:
		s.needs[t] = append(ns, slotNeed{slot: sl, edge: e, gated: reached})
		return reached
	case ns[i].edge != e && seen[ns[i].edge] != 0:
		// The edge was taken: a new one starts its own tries. An
		// untaken one only changes name (two runs of aggressive mode
		// open different edges) and keeps the count, or the bound
		// would never hold.
		ns[i] = slotNeed{slot: sl, edge: e, gated: reached}
		delete(s.spent, t)
		return reached
	case ns[i].edge == e:
		ns[i].gated = ns[i].gated && reached
	}
	return false
}

// reaches reports whether a writer for n may go before e's last
// transaction: n is not gated, or that transaction evaluated n's edge.
// A guard over the written slot often sits behind others (move(b)
// compares slot[2] only once b matched); a writer before a call that
// stops short of it can change nothing, yet spends n's tries and marks
// its writer fruitless: SlotWrittenEarlier's move, given a function's
// share of picks (fairness.go), had some 500 entries at seed 1, and 39
// of the 40 writers inserted went before calls whose b did not match.
func reaches(e *Entry, n *slotNeed) bool {
	return !n.gated || costed(e.costs, n.edge)
}

// costed reports whether a cost vector holds edge idx: its transaction
// evaluated the edge's branch.
func costed(costs []txseq.CostEntry, idx int32) bool {
	for i := range costs {
		if costs[i].Idx == idx {
			return true
		}
	}
	return false
}

// needOpen reports whether n still calls for writers: its edge untaken, its
// tries left.
func (w *worker) needOpen(n *slotNeed) bool {
	return w.seen[n.edge] == 0 && n.tries < needTries
}

// writer is a transaction that wrote a slot, and the magnitude class of
// the value it left there (trace.Tracer.Writes).
type writer struct {
	tx    txseq.Tx
	class uint16
	// loads are the slots tx read (as Written names them): what it
	// wrote may be what it read (copyY() sets x = y), so a writer of
	// those may have to go before it (feeder).
	loads []trace.Slot
}

// slotWrite is one slot a transaction wrote, with the value's class.
type slotWrite struct {
	slot  trace.Slot
	class uint16
}

// lastWrites records the slots the last transaction wrote (it committed),
// in the worker's buffer: the run's outcome aliases it.
func (s *slotWriters) lastWrites(writes map[trace.Slot]uint16) []slotWrite {
	s.last = s.last[:0]
	for k, c := range writes {
		s.last = append(s.last, slotWrite{k, c})
	}
	return s.last
}

// note keeps seq's last transaction as a writer of the slots it wrote:
// the newest per class of value, so that the writers of a slot stay
// unlike each other (set(0, v) and set(2, v) write one packed slot, at
// other bits), and the newest classes. The map's order does not matter:
// each slot's list changes on its own.
func (s *slotWriters) note(seq txseq.Sequence, writes []slotWrite, loads []trace.Slot) {
	if len(writes) == 0 {
		return
	}
	if s.bySlot == nil {
		s.bySlot = map[trace.Slot][]writer{}
	}
	tx := seq[len(seq)-1]
	var read []trace.Slot // shared by the writers of each slot written
	for _, sl := range loads {
		if sl = trace.Written(sl); !slices.Contains(read, sl) {
			read = append(read, sl)
		}
	}
	for _, sw := range writes {
		ws := s.bySlot[sw.slot]
		if i := slices.IndexFunc(ws, func(w writer) bool { return w.class == sw.class }); i >= 0 {
			ws = slices.Delete(ws, i, i+1)
		} else {
			if len(ws) == maxSlotWriters {
				ws = slices.Delete(ws, 0, 1)
			}
			// A value of a new class (code(b) once b matched sets
			// another bit) may be what the reader lacked.
			s.fresh(callTarget{tx.Contract, tx.Method})
		}
		s.bySlot[sw.slot] = append(ws, writer{tx, sw.class, read})
	}
}

// readWriters reports whether some slot the function of e's last
// transaction still needs has a writer, without drawing from the
// worker's random source.
func (w *worker) readWriters(e *Entry) bool {
	ns := w.wr.neededBy(e)
	if len(ns) == 0 || w.wr.spent[w.wr.reader(e)] >= needTries {
		return false
	}
	for i := range ns {
		if w.needOpen(&ns[i]) && reaches(e, &ns[i]) && w.wr.other(ns[i].slot, e) > 0 {
			return true
		}
	}
	return false
}

// neededBy returns the slots the function of e's last transaction needs
// (need); one whose edge a sequence has taken since is needed no more.
func (s *slotWriters) neededBy(e *Entry) []slotNeed {
	return s.needs[s.reader(e)]
}

// reader returns the function of e's last transaction.
func (s *slotWriters) reader(e *Entry) callTarget {
	last := &e.Seq[len(e.Seq)-1]
	return callTarget{last.Contract, last.Method}
}

// other counts the writers of sl that call another function than e's
// last transaction: its own writes (a maze's move sets the position the
// next move reads) come from the sequence's prefix already.
func (s *slotWriters) other(sl trace.Slot, e *Entry) int {
	r := s.reader(e)
	n := 0
	for i := range s.bySlot[sl] {
		if s.eligible(r, &s.bySlot[sl][i].tx) {
			n++
		}
	}
	return n
}

// writerPair is a reader function and the function of a writer inserted
// before it.
type writerPair struct{ reader, writer callTarget }

// maxFruitless bounds the insertions of one writer function before one
// reader that neither covered anything new nor, in their bursts, came
// closer to an untaken edge: a mapping's values are one slot here, so
// setApprovalForAll() writes "what tokenURI() reads" as much as a
// create() does, and only the reader's response tells them apart.
const maxFruitless = 8

// eligible reports whether tx may go before a call of reader: another
// function, not yet shown fruitless there.
func (s *slotWriters) eligible(reader callTarget, tx *txseq.Tx) bool {
	wt := callTarget{tx.Contract, tx.Method}
	return wt != reader && s.fruitless[writerPair{reader, wt}] < maxFruitless
}

// fresh gives writer function wt's insertions a new chance before every
// reader.
func (s *slotWriters) fresh(wt callTarget) {
	for p := range s.fruitless {
		if p.writer == wt {
			delete(s.fruitless, p)
		}
	}
}

// fruit records that the latest insertion's pair helped the reader.
func (s *slotWriters) fruit() {
	if s.pair != (writerPair{}) {
		delete(s.fruitless, s.pair)
	}
}

// writerTx returns a writer of a slot the function of e's last
// transaction needs, of another function, chosen at random (readWriters
// must hold): a slot written by more functions is the likelier. The writer shares its arguments
// with the one kept: nothing changes arguments in place once run.
func (w *worker) writerTx(e *Entry) writer {
	ns := w.wr.neededBy(e)
	n := 0
	for i := range ns {
		if w.needOpen(&ns[i]) && reaches(e, &ns[i]) {
			n += w.wr.other(ns[i].slot, e)
		}
	}
	k := w.rng.IntN(n)
	r := w.wr.reader(e)
	for i := range ns {
		if !w.needOpen(&ns[i]) || !reaches(e, &ns[i]) {
			continue
		}
		for _, wr := range w.wr.bySlot[ns[i].slot] {
			tx := wr.tx
			if !w.wr.eligible(r, &tx) {
				continue
			}
			if k == 0 {
				// Fruitless until the insertion or its burst shows
				// otherwise (startWriterKeep, climb).
				w.wr.pair = writerPair{r, callTarget{tx.Contract, tx.Method}}
				w.wr.fruitless[w.wr.pair]++
				ns[i].tries++
				w.wr.spent[w.wr.reader(e)]++
				return wr
			}
			k--
		}
	}
	panic("unreachable: readWriters holds")
}

// feeders counts the writers of the slots wr read, of a function other
// than wr's and than reader's: what may have to go before wr for it to
// write what the reader needs (setY(42) before copyY() before bar(),
// HARVEY's Foo). It draws nothing from the random source.
func (s *slotWriters) feeders(wr *writer, reader *txseq.Tx) int {
	n := 0
	for _, sl := range wr.loads {
		for i := range s.bySlot[sl] {
			if feeds(&s.bySlot[sl][i].tx, &wr.tx, reader) {
				n++
			}
		}
	}
	return n
}

// feeds reports whether tx is of another function than wr's and reader's.
func feeds(tx, wr, reader *txseq.Tx) bool {
	return (tx.Contract != wr.Contract || tx.Method != wr.Method) && (tx.Contract != reader.Contract || tx.Method != reader.Method)
}

// feederTx returns one of the n writers feeders counted, at random.
func (w *worker) feederTx(wr *writer, reader *txseq.Tx, n int) txseq.Tx {
	k := w.rng.IntN(n)
	for _, sl := range wr.loads {
		for i := range w.wr.bySlot[sl] {
			tx := &w.wr.bySlot[sl][i].tx
			if !feeds(tx, &wr.tx, reader) {
				continue
			}
			if k == 0 {
				return *tx
			}
			k--
		}
	}
	panic("unreachable: feeders counted n")
}

// insertWriter inserts, before mut's last transaction, a writer of a slot
// that transaction needs, and half the time a feeder of that writer
// before it (room permitting): the first inserted is at last.
func (w *worker) insertWriter(e *Entry, mut txseq.Sequence, last, maxLen int) txseq.Sequence {
	wr := w.writerTx(e)
	mut = slices.Insert(mut, last, wr.tx)
	if len(mut) < maxLen {
		if n := w.wr.feeders(&wr, &mut[len(mut)-1]); n > 0 && w.rng.IntN(2) == 0 {
			mut = slices.Insert(mut, last, w.feederTx(&wr, &mut[len(mut)-1], n))
		}
	}
	w.wr.inserted = true
	return mut
}

// writerBurst is how many mutants of an inserted writer's arguments a
// burst runs.
const writerBurst = 6

// startWriterKeep begins a burst on the writer the mutant mut inserted,
// if it did: the writer's arguments are a run's of its own function, not
// what the guard reads (set(0, v) where the guard reads slot[2]), so
// they are varied, each mutant followed by prediction against the
// insertion's run (the written value is an input like any other), and a
// mutant that comes closer to an untaken edge is kept to vary on. It
// reports whether the mutant was an insertion of a writer.
func (w *worker) startWriterKeep(mut txseq.Sequence, m txseq.Mutation, o *outcome) bool {
	if !w.wr.inserted || m.Field != txseq.ShapeInsert || m.Tx >= len(mut)-1 {
		return false
	}
	w.wr.inserted = false
	if o.fail != nil || o.newCov > 0 {
		w.wr.fruit()
	}
	if o.fail != nil || !o.ranLast {
		return true
	}
	// The burst varies the first inserted that has arguments: a feeder's
	// (setY(v) before copyY()) decide what the writer copies.
	at := m.Tx
	for at < len(mut)-1 && len(mut[at].Args) == 0 {
		at++
	}
	if at == len(mut)-1 {
		return true
	}
	k := &w.keep
	k.seq, k.tx, k.lastOnly, k.edge, k.left, k.climb = mut.Clone(), at, false, -1, writerBurst, true
	k.value, k.args = true, 0
	k.costs = append(k.costs[:0], o.costs...)
	return true
}

// climb makes mut the burst's sequence if its last transaction comes
// closer to an edge the worker never took than the burst's did, or
// measures one it did not.
func (w *worker) climb(mut txseq.Sequence, o *outcome) {
	k := &w.keep
	for i := range o.costs {
		me := &o.costs[i]
		if me.Idx >= w.pred.Edges || w.seen[me.Idx] != 0 || me.Cost.IsZero() {
			continue
		}
		j := slices.IndexFunc(k.costs, func(pe txseq.CostEntry) bool { return pe.Idx == me.Idx })
		if j < 0 || me.Cost.Lt(&k.costs[j].Cost) {
			w.wr.fruit()
			k.seq = mut.Clone()
			k.costs = append(k.costs[:0], o.costs...)
			return
		}
	}
}
