package calldata

import (
	"bytes"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
)

// TestGenerateValid checks that generated values are in range for every
// type and survive a round trip through accounts/abi.
func TestGenerateValid(t *testing.T) {
	r := newRand(1)
	env := testEnv()
	for _, typ := range testTypes() {
		t.Run(typ.String(), func(t *testing.T) {
			types := arguments(typ)
			for range 200 {
				v := Generate(r, typ, env)
				if err := Validate(v); err != nil {
					t.Fatalf("Validate(%s): %v", v, err)
				}
				if err := rangeError(v); err != nil {
					t.Fatalf("%s: %v", v, err)
				}
				args := []Value{v}
				packed := gethPack(t, types, args)
				back := gethUnpack(t, types, packed)
				if !EqualArgs(args, back) {
					t.Fatalf("geth round trip: %s became %s", FormatArgs(args), FormatArgs(back))
				}
			}
		})
	}
}

// TestGenerateNilEnv checks that generation works without a pool or a
// dictionary.
func TestGenerateNilEnv(t *testing.T) {
	r := newRand(2)
	for _, typ := range testTypes() {
		for range 20 {
			if err := Validate(Generate(r, typ, nil)); err != nil {
				t.Fatalf("%s: %v", typ, err)
			}
		}
	}
}

// TestGenerateDeterministic checks that a seed determines the values.
func TestGenerateDeterministic(t *testing.T) {
	types := testTypes()
	run := func() []byte {
		r := newRand(3)
		env := testEnv()
		var out []byte
		for _, typ := range types {
			out = EncodeArgs(out, []Value{Generate(r, typ, env)})
		}
		return out
	}
	if a, b := run(), run(); !bytes.Equal(a, b) {
		t.Fatal("same seed, different values")
	}
}

// TestGenerateDistribution checks that integers hit small values,
// boundaries and dictionary words, and that dynamic lengths stay mostly
// short.
func TestGenerateDistribution(t *testing.T) {
	r := newRand(4)
	env := testEnv()
	u256 := mustType("uint256")
	var small, max, dict int
	for range 2000 {
		v := Generate(r, u256, env)
		switch {
		case v.Word.IsUint64() && v.Word.Uint64() <= 16:
			small++
		case v.Word == maxWord(u256):
			max++
		}
		if v.Word.Uint64() == 0xdeadbeef || v.Word.Uint64() == 0xdeadbef0 {
			dict++
		}
	}
	if small < 200 || max < 20 || dict == 0 {
		t.Errorf("small %d, max %d, dictionary %d of 2000", small, max, dict)
	}

	slice := mustType("uint256[]")
	short := 0
	for range 1000 {
		v := Generate(r, slice, env)
		if len(v.Elems) > MaxGenLen {
			t.Fatalf("length %d", len(v.Elems))
		}
		if len(v.Elems) <= 4 {
			short++
		}
	}
	if short < 800 {
		t.Errorf("%d of 1000 slices short", short)
	}
}

// TestGenerateArgs checks that GenerateArgs types values by the arguments.
func TestGenerateArgs(t *testing.T) {
	types := arguments(mustType("uint8"), mustType("string"))
	vals := GenerateArgs(newRand(5), types, testEnv())
	if len(vals) != 2 || vals[0].Type != &types[0].Type || vals[1].Type != &types[1].Type {
		t.Fatalf("bad types: %+v", vals)
	}
	if vals[1].Type.T != abi.StringTy {
		t.Fatal("wrong kind")
	}
}
