package calldata

import (
	"encoding/binary"

	"github.com/ethereum/go-ethereum/accounts/abi"
)

var zeros [32]byte

// Encode appends the 4-byte selector and the standard ABI encoding of args
// to dst and returns the extended buffer. It allocates only when dst lacks
// capacity: pass buf[:0] of a reused buffer on the hot path. args must be
// valid (see Validate).
func Encode(dst []byte, selector [4]byte, args []Value) []byte {
	dst = append(dst, selector[:]...)
	return EncodeArgs(dst, args)
}

// EncodeArgs appends the standard ABI encoding of args, as a tuple, to dst
// and returns the extended buffer. It is the encoding of constructor
// arguments appended to init code.
func EncodeArgs(dst []byte, args []Value) []byte {
	return appendTuple(dst, args)
}

// appendTuple appends the head/tail encoding of vals. Offsets are relative
// to the start of the tuple's encoding.
func appendTuple(dst []byte, vals []Value) []byte {
	start := len(dst)
	head := 0
	for i := range vals {
		head += headSize(vals[i].Type)
	}
	dst = append(dst, make([]byte, head)...) // compiles to a clear, no allocation
	pos := start
	for i := range vals {
		v := &vals[i]
		if IsDynamic(v.Type) {
			binary.BigEndian.PutUint64(dst[pos+24:pos+32], uint64(len(dst)-start))
			dst = appendDynamic(dst, v)
			pos += 32
			continue
		}
		putStatic(dst[pos:], v)
		pos += headSize(v.Type)
	}
	return dst
}

// appendDynamic appends the encoding of a dynamic value.
func appendDynamic(dst []byte, v *Value) []byte {
	switch v.Type.T {
	case abi.BytesTy, abi.StringTy:
		dst = appendLength(dst, len(v.Bytes))
		dst = append(dst, v.Bytes...)
		if pad := len(v.Bytes) % 32; pad != 0 {
			dst = append(dst, zeros[pad:]...)
		}
		return dst
	case abi.SliceTy:
		dst = appendLength(dst, len(v.Elems))
		return appendTuple(dst, v.Elems)
	default: // arrays of dynamic elements and dynamic tuples
		return appendTuple(dst, v.Elems)
	}
}

// putStatic writes the encoding of a static value at the start of b, which
// is zeroed and long enough.
func putStatic(b []byte, v *Value) {
	if isWord(v.Type) {
		v.Word.PutUint256(b)
		return
	}
	pos := 0
	for i := range v.Elems {
		e := &v.Elems[i]
		putStatic(b[pos:], e)
		pos += headSize(e.Type)
	}
}

// appendLength appends n as a 32-byte word.
func appendLength(dst []byte, n int) []byte {
	dst = append(dst, zeros[:24]...)
	return binary.BigEndian.AppendUint64(dst, uint64(n))
}
