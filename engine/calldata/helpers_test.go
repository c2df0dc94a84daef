package calldata

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// comp is a tuple component for mustType.
func comp(name, typ string, comps ...abi.ArgumentMarshaling) abi.ArgumentMarshaling {
	return abi.ArgumentMarshaling{Name: name, Type: typ, Components: comps}
}

// mustType parses an ABI type; tuples take their components.
func mustType(typ string, comps ...abi.ArgumentMarshaling) *abi.Type {
	t, err := abi.NewType(typ, "", comps)
	if err != nil {
		panic(fmt.Sprintf("type %s: %v", typ, err))
	}
	return &t
}

// arguments builds an argument list of the given types.
func arguments(types ...*abi.Type) abi.Arguments {
	args := make(abi.Arguments, len(types))
	for i, t := range types {
		args[i] = abi.Argument{Name: fmt.Sprintf("a%d", i), Type: *t}
	}
	return args
}

// testTypes is the catalogue of types the tests cover.
func testTypes() []*abi.Type {
	var ts []*abi.Type
	for n := 8; n <= 256; n += 8 {
		ts = append(ts, mustType(fmt.Sprintf("uint%d", n)), mustType(fmt.Sprintf("int%d", n)))
	}
	for n := 1; n <= 32; n++ {
		ts = append(ts, mustType(fmt.Sprintf("bytes%d", n)))
	}
	ts = append(ts,
		mustType("address"),
		mustType("bool"),
		mustType("bytes"),
		mustType("string"),
		mustType("function"),
		mustType("uint256[]"),
		mustType("uint8[3]"),
		mustType("int16[2][3]"),
		mustType("uint8[][2]"),
		mustType("string[2]"),
		mustType("bytes[]"),
		mustType("address[]"),
		mustType("string[][]"),
		mustType("tuple[]", comp("amount", "uint256"), comp("flag", "bool")),
		mustType("tuple", comp("x", "int8"), comp("y", "bytes4")),
		mustType("tuple[2]", comp("s", "string"), comp("b", "bool")),
		mustType("tuple",
			comp("id", "uint64"),
			comp("inner", "tuple", comp("name", "string"), comp("blobs", "bytes[]")),
			comp("owners", "address[2]"),
			comp("deltas", "int16[]"),
			comp("pair", "tuple", comp("a", "uint8"), comp("b", "bytes32")),
		),
		mustType("tuple[]",
			comp("key", "bytes32"),
			comp("vals", "uint128[]"),
			comp("nested", "tuple[2]", comp("p", "int256"), comp("q", "string")),
		),
	)
	return ts
}

// testEnv returns an environment with a pool and a seeded dictionary.
func testEnv() *Env {
	d := NewDictionary(0)
	d.AddBoundaries()
	for _, x := range []uint64{0xdeadbeef, 1000, 1e18, 0x12345678} {
		d.AddWithNeighbours(*uint256.NewInt(x))
	}
	d.AddBytes([]byte("hello"))
	d.AddBytes([]byte("Ownable: caller is not the owner"))
	return &Env{
		Addresses: []common.Address{
			{},
			common.HexToAddress("0x1000000000000000000000000000000000000001"),
			common.HexToAddress("0x2000000000000000000000000000000000000002"),
			common.HexToAddress("0xdeadbeefdeadbeefdeadbeefdeadbeefdeadbeef"),
		},
		Dict: d,
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

// toGo converts v to the Go value accounts/abi packs for its type.
func toGo(v Value) reflect.Value {
	t := v.Type
	switch t.T {
	case abi.IntTy, abi.UintTy:
		gt := t.GetType()
		if gt == reflect.TypeFor[*big.Int]() {
			b := v.Word.ToBig()
			if t.T == abi.IntTy && v.Word.Sign() < 0 {
				b.Sub(b, new(big.Int).Lsh(big.NewInt(1), 256))
			}
			return reflect.ValueOf(b)
		}
		rv := reflect.New(gt).Elem()
		if t.T == abi.IntTy {
			rv.SetInt(int64(v.Word.Uint64()))
		} else {
			rv.SetUint(v.Word.Uint64())
		}
		return rv
	case abi.BoolTy:
		return reflect.ValueOf(!v.Word.IsZero())
	case abi.AddressTy:
		return reflect.ValueOf(common.Address(v.Word.Bytes20()))
	case abi.FixedBytesTy, abi.FunctionTy:
		rv := reflect.New(t.GetType()).Elem()
		b := v.Word.Bytes32()
		reflect.Copy(rv, reflect.ValueOf(b[:rv.Len()]))
		return rv
	case abi.BytesTy:
		return reflect.ValueOf(append([]byte{}, v.Bytes...))
	case abi.StringTy:
		return reflect.ValueOf(string(v.Bytes))
	case abi.SliceTy:
		rv := reflect.MakeSlice(t.GetType(), len(v.Elems), len(v.Elems))
		for i, e := range v.Elems {
			rv.Index(i).Set(toGo(e))
		}
		return rv
	case abi.ArrayTy:
		rv := reflect.New(t.GetType()).Elem()
		for i, e := range v.Elems {
			rv.Index(i).Set(toGo(e))
		}
		return rv
	case abi.TupleTy:
		rv := reflect.New(t.TupleType).Elem()
		for i, e := range v.Elems {
			rv.Field(i).Set(toGo(e))
		}
		return rv
	}
	panic(fmt.Sprintf("toGo: type %s", t))
}

// fromGo converts a value unpacked by accounts/abi back to a Value.
func fromGo(t *abi.Type, rv reflect.Value) Value {
	v := Value{Type: t}
	switch t.T {
	case abi.IntTy, abi.UintTy:
		switch x := rv.Interface().(type) {
		case *big.Int:
			b := new(big.Int).Set(x)
			if b.Sign() < 0 {
				b.Add(b, new(big.Int).Lsh(big.NewInt(1), 256))
			}
			v.Word.SetFromBig(b)
		default:
			if t.T == abi.IntTy {
				i := rv.Int()
				v.Word.SetUint64(uint64(i))
				if i < 0 {
					v.Word[1], v.Word[2], v.Word[3] = ^uint64(0), ^uint64(0), ^uint64(0)
				}
			} else {
				v.Word.SetUint64(rv.Uint())
			}
		}
	case abi.BoolTy:
		if rv.Bool() {
			v.Word.SetOne()
		}
	case abi.AddressTy:
		a := rv.Interface().(common.Address)
		v.Word.SetBytes20(a[:])
	case abi.FixedBytesTy, abi.FunctionTy:
		var b [32]byte
		reflect.Copy(reflect.ValueOf(b[:]), rv)
		v.Word.SetBytes32(b[:])
	case abi.BytesTy:
		v.Bytes = append([]byte(nil), rv.Bytes()...)
	case abi.StringTy:
		v.Bytes = []byte(rv.String())
	case abi.SliceTy, abi.ArrayTy:
		v.Elems = make([]Value, rv.Len())
		for i := range v.Elems {
			v.Elems[i] = fromGo(t.Elem, rv.Index(i))
		}
	case abi.TupleTy:
		v.Elems = make([]Value, len(t.TupleElems))
		for i := range v.Elems {
			v.Elems[i] = fromGo(t.TupleElems[i], rv.Field(i))
		}
	default:
		panic(fmt.Sprintf("fromGo: type %s", t))
	}
	return v
}

// gethPack encodes args with accounts/abi.
func gethPack(t *testing.T, types abi.Arguments, args []Value) []byte {
	t.Helper()
	goArgs := make([]any, len(args))
	for i, v := range args {
		goArgs[i] = toGo(v).Interface()
	}
	out, err := types.Pack(goArgs...)
	if err != nil {
		t.Fatalf("geth pack %s: %v", FormatArgs(args), err)
	}
	return out
}

// gethUnpack decodes data with accounts/abi and converts the result back.
func gethUnpack(t *testing.T, types abi.Arguments, data []byte) []Value {
	t.Helper()
	got, err := types.Unpack(data)
	if err != nil {
		t.Fatalf("geth unpack: %v", err)
	}
	out := make([]Value, len(got))
	for i, g := range got {
		out[i] = fromGo(&types[i].Type, reflect.ValueOf(g))
	}
	return out
}

// rangeError checks v against its type's range independently of normalize.
func rangeError(v Value) error {
	t := v.Type
	w := v.Word
	switch t.T {
	case abi.UintTy:
		if w.BitLen() > t.Size {
			return fmt.Errorf("%s: %s too wide", t, w.Dec())
		}
	case abi.IntTy:
		b := w.ToBig()
		if w.Sign() < 0 {
			b.Sub(b, new(big.Int).Lsh(big.NewInt(1), 256))
		}
		lo := new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(t.Size-1)))
		hi := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(t.Size-1)), big.NewInt(1))
		if b.Cmp(lo) < 0 || b.Cmp(hi) > 0 {
			return fmt.Errorf("%s: %s out of range", t, b)
		}
	case abi.AddressTy:
		if w.BitLen() > 160 {
			return fmt.Errorf("address %s too wide", w.Hex())
		}
	case abi.BoolTy:
		if w.BitLen() > 1 {
			return fmt.Errorf("bool %s", w.Hex())
		}
	case abi.FixedBytesTy, abi.FunctionTy:
		b := w.Bytes32()
		for _, c := range b[Bits(t)/8:] {
			if c != 0 {
				return fmt.Errorf("%s: dirty padding %x", t, b)
			}
		}
	case abi.ArrayTy:
		if len(v.Elems) != t.Size {
			return fmt.Errorf("%s: %d elements", t, len(v.Elems))
		}
	}
	for _, e := range v.Elems {
		if err := rangeError(e); err != nil {
			return err
		}
	}
	return nil
}
