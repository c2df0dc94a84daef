package calldata

import (
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/holiman/uint256"
)

// Decoding errors, wrapped with the position and type where they occur.
var (
	// ErrShortData is returned when the data ends inside a value.
	ErrShortData = errors.New("calldata too short")
	// ErrBadOffset is returned for an offset or length that points outside
	// the data.
	ErrBadOffset = errors.New("offset or length out of range")
	// ErrDirtyValue is returned for a word with bits outside its type's
	// range, which solc's decoder rejects.
	ErrDirtyValue = errors.New("value out of range for its type")
	// ErrTooLarge is returned when the decoded values would be
	// disproportionately larger than the data, e.g. through offsets that
	// alias one another.
	ErrTooLarge = errors.New("decoded value too large")
)

// Decode decodes the standard ABI encoding of an argument list, without a
// selector. It is as strict as solc's decoder about words (a value with
// dirty high bits is an error) and lenient like it about the rest: offsets
// need not be canonical, padding of bytes is not checked and trailing data
// is ignored. Values are typed by &types[i].Type and share no storage with
// data. Decode never panics and bounds its allocations by len(data).
func Decode(types abi.Arguments, data []byte) ([]Value, error) {
	d := decoder{data: data, budget: len(data) + 1024}
	if err := d.spend(len(types)); err != nil {
		return nil, err
	}
	out := make([]Value, len(types))
	head := 0
	for i := range types {
		t := &types[i].Type
		if err := d.decodeElem(0, head, t, &out[i]); err != nil {
			return nil, fmt.Errorf("argument %d (%s): %w", i, t, err)
		}
		head += headSize(t)
	}
	return out, nil
}

// decoder decodes from data; budget is the number of values it may still
// create.
type decoder struct {
	data   []byte
	budget int
}

func (d *decoder) spend(n int) error {
	if n < 0 || n > d.budget {
		return ErrTooLarge
	}
	d.budget -= n
	return nil
}

// checkRange checks that n bytes from pos are inside the data.
func (d *decoder) checkRange(pos, n int, t *abi.Type) error {
	if pos < 0 || n < 0 || pos > len(d.data) || n > len(d.data)-pos {
		return fmt.Errorf("%w: need %d bytes at %d of %d for %v", ErrShortData, n, pos, len(d.data), t)
	}
	return nil
}

// readInt reads the word at pos as a non-negative int no larger than the
// data length, as offsets and lengths must be.
func (d *decoder) readInt(pos int) (int, error) {
	if err := d.checkRange(pos, 32, nil); err != nil {
		return 0, err
	}
	var w uint256.Int
	w.SetBytes32(d.data[pos : pos+32])
	if !w.IsUint64() || w.Uint64() > uint64(len(d.data)) {
		return 0, fmt.Errorf("%w: %s at %d", ErrBadOffset, w.Hex(), pos)
	}
	return int(w.Uint64()), nil
}

// decodeElem decodes a member of type t whose head is at head, in a tuple
// whose encoding starts at base.
func (d *decoder) decodeElem(base, head int, t *abi.Type, v *Value) error {
	v.Type = t
	if !IsDynamic(t) {
		return d.decodeStatic(head, t, v)
	}
	off, err := d.readInt(head)
	if err != nil {
		return err
	}
	if off > len(d.data)-base {
		return fmt.Errorf("%w: offset %d from %d", ErrBadOffset, off, base)
	}
	return d.decodeDynamic(base+off, t, v)
}

// decodeStatic decodes a static value at pos.
func (d *decoder) decodeStatic(pos int, t *abi.Type, v *Value) error {
	if err := d.checkRange(pos, headSize(t), t); err != nil {
		return err
	}
	switch t.T {
	case abi.ArrayTy:
		return d.decodeSeq(pos, t.Size, t.Elem, v)
	case abi.TupleTy:
		return d.decodeTuple(pos, t, v)
	}
	if !isWord(t) {
		return fmt.Errorf("unsupported type kind %d", t.T)
	}
	v.Word.SetBytes32(d.data[pos : pos+32])
	if w := normalize(t, v.Word); w != v.Word {
		return fmt.Errorf("%w: %s at %d for %s", ErrDirtyValue, v.Word.Hex(), pos, t)
	}
	return nil
}

// decodeDynamic decodes a dynamic value at pos.
func (d *decoder) decodeDynamic(pos int, t *abi.Type, v *Value) error {
	switch t.T {
	case abi.BytesTy, abi.StringTy:
		n, err := d.readInt(pos)
		if err != nil {
			return err
		}
		if err := d.checkRange(pos+32, n, t); err != nil {
			return err
		}
		if n > 0 {
			v.Bytes = append([]byte(nil), d.data[pos+32:pos+32+n]...)
		}
		return nil
	case abi.SliceTy:
		n, err := d.readInt(pos)
		if err != nil {
			return err
		}
		// Each element takes at least headSize bytes; zero-sized ones are
		// bounded by the budget.
		if hs := headSize(t.Elem); hs > 0 && n > (len(d.data)-pos-32)/hs {
			return fmt.Errorf("%w: %d elements of %s at %d", ErrShortData, n, t.Elem, pos)
		}
		return d.decodeSeq(pos+32, n, t.Elem, v)
	case abi.ArrayTy:
		// The elements are dynamic: one offset word each.
		if t.Size > (len(d.data)-pos)/32 {
			return fmt.Errorf("%w: %d elements of %s at %d", ErrShortData, t.Size, t.Elem, pos)
		}
		return d.decodeSeq(pos, t.Size, t.Elem, v)
	case abi.TupleTy:
		return d.decodeTuple(pos, t, v)
	}
	return fmt.Errorf("unsupported dynamic type kind %d", t.T)
}

// decodeSeq decodes n elements of type et encoded as a tuple at base.
func (d *decoder) decodeSeq(base, n int, et *abi.Type, v *Value) error {
	if et == nil {
		return fmt.Errorf("%w: array without element type", ErrInvalidValue)
	}
	if err := d.spend(n); err != nil {
		return err
	}
	v.Elems = make([]Value, n)
	hs := headSize(et)
	for i := range v.Elems {
		if err := d.decodeElem(base, base+i*hs, et, &v.Elems[i]); err != nil {
			return err
		}
	}
	return nil
}

// decodeTuple decodes the members of tuple type t encoded at base.
func (d *decoder) decodeTuple(base int, t *abi.Type, v *Value) error {
	if err := d.spend(len(t.TupleElems)); err != nil {
		return err
	}
	v.Elems = make([]Value, len(t.TupleElems))
	head := base
	for i, et := range t.TupleElems {
		if err := d.decodeElem(base, head, et, &v.Elems[i]); err != nil {
			return err
		}
		head += headSize(et)
	}
	return nil
}
