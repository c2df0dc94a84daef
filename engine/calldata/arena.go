package calldata

// This file makes deep copies of argument lists in few allocations: the
// fuzzer copies a sequence's arguments for every mutant, every shrinking
// candidate and every prediction, and a copy value by value made one
// allocation per list, member list and byte string.

// An Arena hands out the storage of deep copies from two blocks sized in
// advance (Measure): one of values, one of bytes. Each slice it hands out
// has its capacity cut to its length, so that appending to one (a member
// inserted, bytes grown) reallocates it instead of overwriting the next.
type Arena struct {
	vals  []Value
	bytes []byte
}

// Measure adds to *vals and *bytes the values and bytes a copy of args
// takes from an Arena.
func Measure(args []Value, vals, bytes *int) {
	*vals += len(args)
	for i := range args {
		*bytes += len(args[i].Bytes)
		if len(args[i].Elems) > 0 {
			Measure(args[i].Elems, vals, bytes)
		}
	}
}

// NewArena returns an arena holding vals values and bytes bytes.
func NewArena(vals, bytes int) *Arena {
	a := &Arena{vals: make([]Value, vals)}
	if bytes > 0 {
		a.bytes = make([]byte, bytes)
	}
	return a
}

// Clone returns a deep copy of args, as the package's Clone does (empty
// lists and byte strings become nil), in the arena's storage, which must
// hold what Measure counted for args.
func (a *Arena) Clone(args []Value) []Value {
	n := len(args)
	if n == 0 {
		return nil
	}
	out := a.vals[:n:n]
	a.vals = a.vals[n:]
	for i := range args {
		s, d := &args[i], &out[i]
		d.Type, d.Word = s.Type, s.Word
		if m := len(s.Bytes); m > 0 {
			d.Bytes = a.bytes[:m:m]
			a.bytes = a.bytes[m:]
			copy(d.Bytes, s.Bytes)
		}
		d.Elems = a.Clone(s.Elems)
	}
	return out
}
