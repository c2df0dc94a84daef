package fuzz

import "slices"

// This file schedules mapping-key rounds by the writers they wait for.
// An entry's round runs when the schedule selects it, but the entries
// that need a writer are often those the schedule starves: a
// createMarket that reverts at its first guard takes the same path as
// thousands of others. So a round that reads an entry as zero leaves its
// entry waiting on that mapping, and the first new writer of the mapping
// makes the waiting entries due: the worker runs their rounds before its
// next selection, a few at a time.

const (
	// maxMapWaiting bounds the entries waiting per mapping, the newest.
	maxMapWaiting = 8
	// maxMapDue bounds the due rounds run per selection.
	maxMapDue = 2
)

// mapKeyWait is an entry whose round read an entry of mapping m as zero.
type mapKeyWait struct {
	m mapKey
	e *Entry
}

// settle leaves the current chain's entries waiting, unless a mutant of
// the chain committed: its guards are solved, and the writers it
// recorded would only make its own entries due.
func (s *mapKeyState) settle() {
	if !s.committed {
		for _, p := range s.pending {
			s.wait(p.m, p.e)
		}
	}
	s.pending = s.pending[:0]
}

// wait leaves e waiting for a new writer of mapping m.
func (s *mapKeyState) wait(m mapKey, e *Entry) {
	ws := s.waiting[m]
	if slices.Contains(ws, e) {
		return
	}
	if s.waiting == nil {
		s.waiting = map[mapKey][]*Entry{}
	}
	if len(ws) == maxMapWaiting {
		ws = append(ws[:0], ws[1:]...)
	}
	s.waiting[m] = append(ws, e)
}

// release makes the entries waiting for a writer of m due.
func (s *mapKeyState) release(m mapKey) {
	for _, e := range s.waiting[m] {
		if !slices.Contains(s.due, e) {
			s.due = append(s.due, e)
		}
	}
	delete(s.waiting, m)
}

// mappingKeysDue runs the rounds of up to maxMapDue due entries, the
// oldest first.
func (w *worker) mappingKeysDue() {
	for i := 0; i < maxMapDue && len(w.mk.due) > 0; i++ {
		e := w.mk.due[0]
		w.mk.due = append(w.mk.due[:0], w.mk.due[1:]...)
		w.mappingKeys(e)
	}
}
