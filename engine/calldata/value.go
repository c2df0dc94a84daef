package calldata

import (
	"bytes"
	"errors"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/holiman/uint256"
)

// Value is an ABI value of Type. Which fields are used depends on Type.T:
//
//   - scalars (intN, uintN, address, bool, bytesN, function) keep the ABI
//     word in Word: intN sign-extended to 256 bits, address in the low 20
//     bytes, bool as 0 or 1, bytesN and function left-aligned;
//   - bytes and string keep their contents in Bytes;
//   - fixed arrays, dynamic arrays and tuples keep their members in Elems,
//     whose Type is Type.Elem or Type.TupleElems[i].
//
// Type is shared with the ABI it came from and is never modified.
type Value struct {
	Type  *abi.Type
	Word  uint256.Int
	Bytes []byte
	Elems []Value
}

// Path addresses a value inside an argument list: the first index selects
// the argument, each further index an element of an array or a tuple.
type Path []int

// String returns the path as dot-separated indices, e.g. "1.0.2".
func (p Path) String() string {
	var b strings.Builder
	for i, x := range p {
		if i > 0 {
			b.WriteByte('.')
		}
		b.WriteString(strconv.Itoa(x))
	}
	return b.String()
}

// String returns the value in Solidity literal style, see Format.
func (v Value) String() string { return Format(v) }

// At returns the value that p addresses in args, or nil if p is empty or
// out of range.
func At(args []Value, p Path) *Value {
	if len(p) == 0 {
		return nil
	}
	elems := args
	var v *Value
	for _, i := range p {
		if i < 0 || i >= len(elems) {
			return nil
		}
		v = &elems[i]
		elems = v.Elems
	}
	return v
}

// Leaves iterates over the scalar, bytes and string leaves of args in
// depth-first order. The yielded Path is reused between iterations: clone it
// to keep it. Empty arrays contribute no leaves.
func Leaves(args []Value) iter.Seq2[Path, *Value] {
	return func(yield func(Path, *Value) bool) {
		var path Path
		walkLeaves(args, &path, yield)
	}
}

func walkLeaves(vals []Value, path *Path, yield func(Path, *Value) bool) bool {
	for i := range vals {
		v := &vals[i]
		*path = append(*path, i)
		if isLeaf(v.Type) {
			if !yield(*path, v) {
				return false
			}
		} else if !walkLeaves(v.Elems, path, yield) {
			return false
		}
		*path = (*path)[:len(*path)-1]
	}
	return true
}

// Clone returns a deep copy of args that shares no storage with it.
func Clone(args []Value) []Value {
	var vals, bytes int
	Measure(args, &vals, &bytes)
	return NewArena(vals, bytes).Clone(args)
}

// CopyInto makes *dst a deep copy of src, reusing the storage of *dst (its
// elements, their byte slices and member slices) where it is large enough.
// With a dst of the same shape as src it does not allocate. dst and src must
// not share storage.
func CopyInto(dst *[]Value, src []Value) {
	d := *dst
	if cap(d) < len(src) {
		d = append(d[:cap(d)], make([]Value, len(src)-cap(d))...)
	}
	d = d[:len(src)]
	for i := range src {
		copyValue(&d[i], &src[i])
	}
	*dst = d
}

func copyValue(d, s *Value) {
	d.Type = s.Type
	d.Word = s.Word
	if s.Bytes == nil && d.Bytes == nil {
		// Keep nil as nil so that Clone preserves it.
	} else {
		d.Bytes = append(d.Bytes[:0], s.Bytes...)
	}
	if s.Elems == nil && d.Elems == nil {
		return
	}
	CopyInto(&d.Elems, s.Elems)
}

// Equal reports whether a and b are the same value of the same ABI type.
// Nil and empty byte strings and member lists are equal.
func Equal(a, b Value) bool {
	if !sameType(a.Type, b.Type) || a.Word != b.Word || !bytes.Equal(a.Bytes, b.Bytes) || len(a.Elems) != len(b.Elems) {
		return false
	}
	for i := range a.Elems {
		if !Equal(a.Elems[i], b.Elems[i]) {
			return false
		}
	}
	return true
}

// EqualArgs reports whether two argument lists are Equal element-wise.
func EqualArgs(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// sameType reports whether a and b describe the same ABI type. Member
// names do not matter.
func sameType(a, b *abi.Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil || a.T != b.T || a.Size != b.Size || len(a.TupleElems) != len(b.TupleElems) {
		return false
	}
	if (a.Elem != nil || b.Elem != nil) && !sameType(a.Elem, b.Elem) {
		return false
	}
	for i := range a.TupleElems {
		if !sameType(a.TupleElems[i], b.TupleElems[i]) {
			return false
		}
	}
	return true
}

// ErrInvalidValue is returned by Validate for a value that does not fit its
// type.
var ErrInvalidValue = errors.New("invalid value")

// Validate checks that v is well-formed for its type: scalar words are in
// range (no dirty bits), members have the element types and fixed arrays and
// tuples have as many members as their type says. Encode assumes valid values.
func Validate(v Value) error {
	t := v.Type
	if t == nil {
		return fmt.Errorf("%w: no type", ErrInvalidValue)
	}
	switch t.T {
	case abi.IntTy, abi.UintTy, abi.BoolTy, abi.AddressTy, abi.FixedBytesTy, abi.FunctionTy, abi.HashTy, abi.FixedPointTy:
		if w := normalize(t, v.Word); w != v.Word {
			return fmt.Errorf("%w: %s out of range for %s", ErrInvalidValue, v.Word.Hex(), t)
		}
		return nil
	case abi.BytesTy, abi.StringTy:
		return nil
	case abi.SliceTy, abi.ArrayTy:
		if t.Elem == nil {
			return fmt.Errorf("%w: %s has no element type", ErrInvalidValue, t)
		}
		if t.T == abi.ArrayTy && len(v.Elems) != t.Size {
			return fmt.Errorf("%w: %s has %d elements", ErrInvalidValue, t, len(v.Elems))
		}
		for i := range v.Elems {
			if !sameType(v.Elems[i].Type, t.Elem) {
				return fmt.Errorf("%w: element %d of %s has type %v", ErrInvalidValue, i, t, v.Elems[i].Type)
			}
			if err := Validate(v.Elems[i]); err != nil {
				return err
			}
		}
		return nil
	case abi.TupleTy:
		if len(v.Elems) != len(t.TupleElems) {
			return fmt.Errorf("%w: %s has %d members", ErrInvalidValue, t, len(v.Elems))
		}
		for i := range v.Elems {
			if !sameType(v.Elems[i].Type, t.TupleElems[i]) {
				return fmt.Errorf("%w: member %d of %s has type %v", ErrInvalidValue, i, t, v.Elems[i].Type)
			}
			if err := Validate(v.Elems[i]); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("%w: unknown type kind %d", ErrInvalidValue, t.T)
}

// isWord reports whether values of t are a single ABI word kept in Word.
func isWord(t *abi.Type) bool {
	switch t.T {
	case abi.IntTy, abi.UintTy, abi.BoolTy, abi.AddressTy, abi.FixedBytesTy, abi.FunctionTy, abi.HashTy, abi.FixedPointTy:
		return true
	}
	return false
}

// isLeaf reports whether values of t have no members: words, bytes and
// strings.
func isLeaf(t *abi.Type) bool {
	return t == nil || isWord(t) || t.T == abi.BytesTy || t.T == abi.StringTy
}

// IsDynamic reports whether t is a dynamic ABI type, encoded behind an
// offset.
func IsDynamic(t *abi.Type) bool {
	switch t.T {
	case abi.BytesTy, abi.StringTy, abi.SliceTy:
		return true
	case abi.ArrayTy:
		return IsDynamic(t.Elem)
	case abi.TupleTy:
		for _, e := range t.TupleElems {
			if IsDynamic(e) {
				return true
			}
		}
	}
	return false
}

// headSize returns the number of bytes t occupies in the head of an
// enclosing tuple: its whole encoding for static types, one offset word for
// dynamic ones.
func headSize(t *abi.Type) int {
	switch t.T {
	case abi.ArrayTy:
		if !IsDynamic(t.Elem) {
			return t.Size * headSize(t.Elem)
		}
	case abi.TupleTy:
		if !IsDynamic(t) {
			n := 0
			for _, e := range t.TupleElems {
				n += headSize(e)
			}
			return n
		}
	}
	return 32
}
