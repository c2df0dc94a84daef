package calldata

import (
	"errors"
	"slices"
	"testing"

	"github.com/holiman/uint256"
)

func sampleArgs() []Value {
	u8 := mustType("uint8")
	tup := mustType("tuple", comp("a", "uint8"), comp("s", "string"), comp("xs", "uint8[]"))
	return []Value{
		{Type: u8, Word: *uint256.NewInt(1)},
		{Type: tup, Elems: []Value{
			{Type: tup.TupleElems[0], Word: *uint256.NewInt(2)},
			{Type: tup.TupleElems[1], Bytes: []byte("x")},
			{Type: tup.TupleElems[2], Elems: []Value{{Type: u8, Word: *uint256.NewInt(3)}, {Type: u8, Word: *uint256.NewInt(4)}}},
		}},
		{Type: mustType("uint8[]")},
	}
}

func TestAtAndLeaves(t *testing.T) {
	args := sampleArgs()
	var paths []string
	for p, v := range Leaves(args) {
		if At(args, p) != v {
			t.Fatalf("At(%s) is not the yielded leaf", p)
		}
		paths = append(paths, p.String()+"="+Format(*v))
	}
	want := []string{"0=1", "1.0=2", `1.1="x"`, "1.2.0=3", "1.2.1=4"}
	if !slices.Equal(paths, want) {
		t.Errorf("leaves %v, want %v", paths, want)
	}
	for _, p := range []Path{nil, {3}, {-1}, {0, 0}, {1, 3}, {1, 2, 2}} {
		if At(args, p) != nil {
			t.Errorf("At(%v) found a value", p)
		}
	}
	// Early break.
	n := 0
	for range Leaves(args) {
		n++
		break
	}
	if n != 1 {
		t.Error("Leaves ignored break")
	}
	if got := countTargets(args); got != 7 { // 5 leaves and 2 dynamic arrays
		t.Errorf("countTargets = %d", got)
	}
}

func TestCloneAndCopyInto(t *testing.T) {
	args := sampleArgs()
	c := Clone(args)
	if !EqualArgs(c, args) {
		t.Fatal("clone differs")
	}
	c[1].Elems[1].Bytes[0] = 'y'
	c[1].Elems[2].Elems[0].Word.SetUint64(9)
	if args[1].Elems[1].Bytes[0] != 'x' || args[1].Elems[2].Elems[0].Word.Uint64() != 3 {
		t.Fatal("clone shares storage")
	}
	if Clone(nil) != nil || args[2].Elems != nil || Clone(args)[2].Elems != nil {
		t.Error("nil not preserved")
	}

	var dst []Value
	CopyInto(&dst, args)
	allocs := testing.AllocsPerRun(100, func() { CopyInto(&dst, args) })
	if allocs != 0 {
		t.Errorf("CopyInto into a same-shape dst: %v allocations", allocs)
	}
	if !EqualArgs(dst, args) {
		t.Error("CopyInto differs")
	}
	CopyInto(&dst, args[:1])
	if len(dst) != 1 || !Equal(dst[0], args[0]) {
		t.Error("CopyInto shrinking")
	}
}

func TestEqual(t *testing.T) {
	a := sampleArgs()
	b := sampleArgs() // distinct but equal types
	if !EqualArgs(a, b) {
		t.Fatal("equal values differ")
	}
	b[1].Elems[2].Elems = b[1].Elems[2].Elems[:1]
	if EqualArgs(a, b) {
		t.Error("different lengths equal")
	}
	if Equal(Value{Type: mustType("uint8")}, Value{Type: mustType("int8")}) {
		t.Error("different types equal")
	}
	if !Equal(Value{Type: mustType("bytes")}, Value{Type: mustType("bytes"), Bytes: []byte{}}) {
		t.Error("nil and empty bytes differ")
	}
}

func TestValidate(t *testing.T) {
	u8 := mustType("uint8")
	arr := mustType("uint8[2]")
	tests := []struct {
		name string
		v    Value
		ok   bool
	}{
		{"ok", Value{Type: u8, Word: *uint256.NewInt(255)}, true},
		{"dirty", Value{Type: u8, Word: *uint256.NewInt(256)}, false},
		{"no type", Value{}, false},
		{"short array", Value{Type: arr, Elems: []Value{{Type: u8}}}, false},
		{"wrong element", Value{Type: arr, Elems: []Value{{Type: u8}, {Type: mustType("int8")}}}, false},
		{"array", Value{Type: arr, Elems: []Value{{Type: u8}, {Type: u8}}}, true},
	}
	for _, tt := range tests {
		err := Validate(tt.v)
		if (err == nil) != tt.ok || err != nil && !errors.Is(err, ErrInvalidValue) {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}
