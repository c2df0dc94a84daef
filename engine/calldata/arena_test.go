package calldata

import (
	"slices"
	"testing"
)

// TestCloneAllocations checks that Clone takes its storage in one block
// of values and one of bytes, not one allocation per list and string.
func TestCloneAllocations(t *testing.T) {
	args := slices.Concat(sampleArgs(), sampleArgs(), sampleArgs())
	if n := testing.AllocsPerRun(100, func() { Clone(args) }); n > 3 {
		t.Errorf("Clone: %v allocations, want at most 3 (arena, values, bytes)", n)
	}
}

// TestArenaSlicesDoNotOverlap checks that growing one slice of a copy
// (a member inserted, bytes appended) leaves its neighbours in the arena
// as they were.
func TestArenaSlicesDoNotOverlap(t *testing.T) {
	args := sampleArgs()
	args[1].Elems[1].Bytes = []byte("ab")
	args = append(args, Value{Type: args[1].Elems[1].Type, Bytes: []byte("cd")})
	c := Clone(args)
	want := Clone(args)
	xs := &c[1].Elems[2]
	xs.Elems = slices.Insert(xs.Elems, 0, Value{Type: xs.Elems[0].Type})
	c[1].Elems[1].Bytes = append(c[1].Elems[1].Bytes, 'z')
	if !EqualArgs(c[:1], want[:1]) || !Equal(c[1].Elems[0], want[1].Elems[0]) || !Equal(c[3], want[3]) {
		t.Fatalf("growing one slice changed another: %v, want %v", c, want)
	}
	if !EqualArgs(want, args) {
		t.Fatal("copies share storage")
	}
}
