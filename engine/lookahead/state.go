package lookahead

import (
	"github.com/holiman/uint256"
)

// State is an abstract EVM frame state: the stack, memory words at
// constant offsets and storage slots at constant keys.
//
// Memory of a fresh frame is zero, so reading an offset no write can have
// touched yields the constant 0 until an unknown write (memTop) happens.
// Storage starts unknown: a slot that was not written reads Top.
type State struct {
	stack  []Value
	mem    map[uint64]Value // word written at exactly this offset
	memTop bool             // memory holds unknown data beyond mem
	store  map[uint256.Int]Value
}

func newState() *State {
	return &State{mem: map[uint64]Value{}, store: map[uint256.Int]Value{}}
}

func (s *State) clone() *State {
	c := &State{stack: append([]Value(nil), s.stack...), mem: make(map[uint64]Value, len(s.mem)), memTop: s.memTop, store: make(map[uint256.Int]Value, len(s.store))}
	for k, v := range s.mem {
		c.mem[k] = v
	}
	for k, v := range s.store {
		c.store[k] = v
	}
	return c
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
	clear(s.mem)
	s.memTop = true
}

// havocStorage forgets everything known about storage.
func (s *State) havocStorage() { clear(s.store) }

// mstore writes a word at offset.
func (s *State) mstore(off Value, v Value) {
	o, ok := off.IsConst()
	if !ok || !o.IsUint64() || o.Uint64() > 1<<32 {
		s.havocMemory()
		return
	}
	at := o.Uint64()
	for k := range s.mem {
		if k != at && k+32 > at && k < at+32 {
			delete(s.mem, k)
			s.memTop = s.memTop || true
		}
	}
	s.mem[at] = v
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
	for k := range s.mem {
		if k+32 > lo && k < hi {
			delete(s.mem, k)
		}
	}
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
	if v, ok := s.mem[at]; ok {
		return v
	}
	if s.memTop {
		return Top
	}
	for k := range s.mem {
		if k+32 > at && k < at+32 {
			return Top
		}
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

func (s *State) sload(slot Value) Value {
	k, ok := slot.IsConst()
	if !ok {
		return Top
	}
	if v, ok := s.store[*k]; ok {
		return v
	}
	return Top
}

func (s *State) sstore(slot, v Value) {
	k, ok := slot.IsConst()
	if !ok {
		s.havocStorage()
		return
	}
	s.store[*k] = v
}

// join returns the least upper bound of two states with equal stack
// heights. Memory words and slots known on one side only are dropped.
func join(a, b *State) *State {
	out := &State{stack: make([]Value, len(a.stack)), mem: map[uint64]Value{}, memTop: a.memTop || b.memTop, store: map[uint256.Int]Value{}}
	for i := range a.stack {
		out.stack[i] = a.stack[i].Join(b.stack[i])
	}
	for k, v := range a.mem {
		if w, ok := b.mem[k]; ok {
			out.mem[k] = v.Join(w)
		} else {
			out.memTop = true
		}
	}
	if len(b.mem) != len(out.mem) {
		out.memTop = true
	}
	for k, v := range a.store {
		if w, ok := b.store[k]; ok {
			out.store[k] = v.Join(w)
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
	for k, v := range a.mem {
		if w, ok := b.mem[k]; !ok || !v.Equal(w) {
			return false
		}
	}
	for k, v := range a.store {
		if w, ok := b.store[k]; !ok || !v.Equal(w) {
			return false
		}
	}
	return true
}

// hash summarises the state; equal states hash equally. Map entries combine
// by addition, so iteration order does not matter.
func (s *State) hash() uint64 {
	h := uint64(len(s.stack))*0x9e3779b97f4a7c15 + 1
	for _, v := range s.stack {
		h = h*1099511628211 ^ v.hash()
	}
	var m uint64
	for k, v := range s.mem {
		m += mix64(k*0x9e3779b97f4a7c15 ^ v.hash())
	}
	var st uint64
	for k, v := range s.store {
		st += mix64(k[0] ^ k[1]*3 ^ k[2]*5 ^ k[3]*7 ^ v.hash())
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
