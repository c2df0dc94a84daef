package lookahead

import (
	"cmp"
	"slices"

	"github.com/holiman/uint256"
)

// State is an abstract EVM frame state: the stack, memory words at
// constant offsets and storage slots at constant keys.
//
// Memory of a fresh frame is zero, so reading an offset no write can have
// touched yields the constant 0 until an unknown write (memTop) happens.
// Storage starts unknown: a slot that was not written reads Top.
//
// Memory words and slots are small slices sorted by key rather than maps:
// a frame touches a handful of each, and the suffix fixpoint clones a state
// at every block it enters, so a clone must be a few copies, not map
// rebuilds.
type State struct {
	stack  []Value
	mem    []memWord // sorted by off
	memTop bool      // memory holds unknown data beyond mem
	store  []slotVal // sorted by key
}

type memWord struct {
	off uint64
	v   Value
}

type slotVal struct {
	key uint256.Int
	v   Value
}

func newState() *State { return &State{} }

func (s *State) clone() *State {
	return &State{
		stack:  append(make([]Value, 0, len(s.stack)+8), s.stack...),
		mem:    append([]memWord(nil), s.mem...),
		memTop: s.memTop,
		store:  append([]slotVal(nil), s.store...),
	}
}

func (s *State) push(v Value) { s.stack = append(s.stack, v) }

func (s *State) pop() Value {
	v := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	return v
}

// peek returns the i-th value from the top (0 is the top).
func (s *State) peek(i int) Value { return s.stack[len(s.stack)-1-i] }

// havocMemory forgets everything known about memory.
func (s *State) havocMemory() {
	s.mem = s.mem[:0]
	s.memTop = true
}

// havocStorage forgets everything known about storage.
func (s *State) havocStorage() { s.store = s.store[:0] }

// memIndex returns the position of the word at off, or where it would go.
func (s *State) memIndex(off uint64) (int, bool) {
	return slices.BinarySearchFunc(s.mem, off, func(w memWord, off uint64) int { return cmp.Compare(w.off, off) })
}

// overlaps reports whether the word at off overlaps [lo, hi).
func overlaps(off, lo, hi uint64) bool { return off+32 > lo && off < hi }

// mstore writes a word at offset.
func (s *State) mstore(off Value, v Value) {
	o, ok := off.IsConst()
	if !ok || !o.IsUint64() || o.Uint64() > 1<<32 {
		s.havocMemory()
		return
	}
	at := o.Uint64()
	n := len(s.mem)
	s.mem = slices.DeleteFunc(s.mem, func(w memWord) bool { return w.off != at && overlaps(w.off, at, at+32) })
	if len(s.mem) < n {
		// Part of an overlapped word survives outside [at, at+32) but is
		// no longer tracked.
		s.memTop = true
	}
	if i, found := s.memIndex(at); found {
		s.mem[i].v = v
	} else {
		s.mem = slices.Insert(s.mem, i, memWord{off: at, v: v})
	}
}

// clobber marks [off, off+size) as unknown.
func (s *State) clobber(off, size Value) {
	o, ok1 := off.IsConst()
	n, ok2 := size.IsConst()
	if !ok1 || !ok2 || !o.IsUint64() || !n.IsUint64() || n.Uint64() > 1<<20 {
		s.havocMemory()
		return
	}
	if n.IsZero() {
		return
	}
	lo, hi := o.Uint64(), o.Uint64()+n.Uint64()
	s.mem = slices.DeleteFunc(s.mem, func(w memWord) bool { return overlaps(w.off, lo, hi) })
	// Words written later inside the range are known again; until then a
	// read there is unknown.
	s.memTop = true
}

// mload reads a word.
func (s *State) mload(off Value) Value {
	o, ok := off.IsConst()
	if !ok || !o.IsUint64() {
		return Top
	}
	at := o.Uint64()
	if i, found := s.memIndex(at); found {
		return s.mem[i].v
	}
	if s.memTop {
		return Top
	}
	if slices.ContainsFunc(s.mem, func(w memWord) bool { return overlaps(w.off, at, at+32) }) {
		return Top
	}
	return ConstU(0)
}

// memBytes returns the bytes of [off, off+size) if every word of it is a
// known constant written at a 32-byte step from off.
func (s *State) memBytes(off, size Value) ([]byte, bool) {
	o, ok1 := off.IsConst()
	n, ok2 := size.IsConst()
	if !ok1 || !ok2 || !o.IsUint64() || !n.IsUint64() || n.Uint64()%32 != 0 || n.Uint64() > 1024 {
		return nil, false
	}
	out := make([]byte, 0, n.Uint64())
	for at := o.Uint64(); at < o.Uint64()+n.Uint64(); at += 32 {
		w, ok := s.mload(ConstU(at)).IsConst()
		if !ok {
			return nil, false
		}
		b := w.Bytes32()
		out = append(out, b[:]...)
	}
	return out, true
}

func (s *State) slotIndex(k *uint256.Int) (int, bool) {
	return slices.BinarySearchFunc(s.store, k, func(sv slotVal, k *uint256.Int) int { return sv.key.Cmp(k) })
}

func (s *State) sload(slot Value) Value {
	k, ok := slot.IsConst()
	if !ok {
		return Top
	}
	if i, found := s.slotIndex(k); found {
		return s.store[i].v
	}
	return Top
}

func (s *State) sstore(slot, v Value) {
	k, ok := slot.IsConst()
	if !ok {
		s.havocStorage()
		return
	}
	if i, found := s.slotIndex(k); found {
		s.store[i].v = v
	} else {
		s.store = slices.Insert(s.store, i, slotVal{key: *k, v: v})
	}
}

// join returns the least upper bound of two states with equal stack
// heights. Memory words and slots known on one side only are dropped.
func join(a, b *State) *State {
	out := &State{stack: make([]Value, len(a.stack)), memTop: a.memTop || b.memTop}
	for i := range a.stack {
		out.stack[i] = a.stack[i].Join(b.stack[i])
	}
	// Both lists are sorted: merge.
	i, j := 0, 0
	for i < len(a.mem) && j < len(b.mem) {
		switch x, y := a.mem[i], b.mem[j]; {
		case x.off == y.off:
			out.mem = append(out.mem, memWord{x.off, x.v.Join(y.v)})
			i, j = i+1, j+1
		case x.off < y.off:
			out.memTop = true
			i++
		default:
			out.memTop = true
			j++
		}
	}
	if i < len(a.mem) || j < len(b.mem) {
		out.memTop = true
	}
	i, j = 0, 0
	for i < len(a.store) && j < len(b.store) {
		switch x, y := &a.store[i], &b.store[j]; {
		case x.key.Eq(&y.key):
			out.store = append(out.store, slotVal{x.key, x.v.Join(y.v)})
			i, j = i+1, j+1
		case x.key.Lt(&y.key):
			i++
		default:
			j++
		}
	}
	return out
}

// equal reports whether two states are the same abstract element.
func equal(a, b *State) bool {
	if len(a.stack) != len(b.stack) || a.memTop != b.memTop || len(a.mem) != len(b.mem) || len(a.store) != len(b.store) {
		return false
	}
	for i := range a.stack {
		if !a.stack[i].Equal(b.stack[i]) {
			return false
		}
	}
	for i := range a.mem {
		if a.mem[i].off != b.mem[i].off || !a.mem[i].v.Equal(b.mem[i].v) {
			return false
		}
	}
	for i := range a.store {
		if !a.store[i].key.Eq(&b.store[i].key) || !a.store[i].v.Equal(b.store[i].v) {
			return false
		}
	}
	return true
}

// hash summarises the state; equal states hash equally.
func (s *State) hash() uint64 {
	h := uint64(len(s.stack))*0x9e3779b97f4a7c15 + 1
	for _, v := range s.stack {
		h = h*1099511628211 ^ v.hash()
	}
	var m uint64
	for _, w := range s.mem {
		m += mix64(w.off*0x9e3779b97f4a7c15 ^ w.v.hash())
	}
	var st uint64
	for _, sv := range s.store {
		k := &sv.key
		st += mix64(k[0] ^ k[1]*3 ^ k[2]*5 ^ k[3]*7 ^ sv.v.hash())
	}
	if s.memTop {
		h ^= 0xabcdef
	}
	return h ^ mix64(m) ^ mix64(st+1)
}

func (v Value) hash() uint64 {
	if v.kind != constant {
		return uint64(v.kind) * 0x51ed27
	}
	return mix64(v.c[0] ^ v.c[1]*31 ^ v.c[2]*37 ^ v.c[3]*41 ^ 0x77)
}

func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
