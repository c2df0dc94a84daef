package calldata

import (
	"bytes"
	"encoding/hex"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// typeLists are argument lists for the differential tests.
func typeLists() [][]*abi.Type {
	ts := testTypes()
	lists := [][]*abi.Type{
		{},
		{mustType("uint256"), mustType("int8"), mustType("address"), mustType("bool"), mustType("bytes32")},
		{mustType("string"), mustType("uint256"), mustType("bytes")},
		{mustType("uint8[3]"), mustType("string[2]"), mustType("bytes[]")},
	}
	for _, t := range ts {
		lists = append(lists, []*abi.Type{t})
	}
	// Every composite type together, so that offsets accumulate.
	var all []*abi.Type
	for _, t := range ts {
		if !isWord(t) {
			all = append(all, t)
		}
	}
	return append(lists, all)
}

// TestEncodeDifferential checks Encode byte for byte against accounts/abi on
// random values of many type lists.
func TestEncodeDifferential(t *testing.T) {
	r := newRand(10)
	env := testEnv()
	sel := [4]byte{0xa9, 0x05, 0x9c, 0xbb}
	var buf []byte
	for _, list := range typeLists() {
		types := arguments(list...)
		for range 300 {
			args := GenerateArgs(r, types, env)
			want := gethPack(t, types, args)
			buf = Encode(buf[:0], sel, args)
			if !bytes.Equal(buf[:4], sel[:]) || !bytes.Equal(buf[4:], want) {
				t.Fatalf("%s:\n got %x\nwant %x", FormatArgs(args), buf[4:], want)
			}
			if got := EncodeArgs([]byte{1, 2}, args); !bytes.Equal(got[2:], want) {
				t.Fatalf("EncodeArgs after prefix differs for %s", FormatArgs(args))
			}
			if len(want) > 0 {
				if back := gethUnpack(t, types, buf[4:]); !EqualArgs(back, args) {
					t.Fatalf("geth decodes %s as %s", FormatArgs(args), FormatArgs(back))
				}
			}
		}
	}
}

// TestEncodeKnown checks a few encodings written out by hand.
func TestEncodeKnown(t *testing.T) {
	u := mustType("uint256")
	s := mustType("string")
	word := func(x uint64) string { return hex.EncodeToString(common.LeftPadBytes(uint256.NewInt(x).Bytes(), 32)) }
	tests := []struct {
		name string
		args []Value
		want string
	}{
		{"empty", nil, ""},
		{"uint", []Value{{Type: u, Word: *uint256.NewInt(42)}}, word(42)},
		{"string", []Value{{Type: s, Bytes: []byte("hi")}}, word(32) + word(2) + "6869" + hex.EncodeToString(make([]byte, 30))},
		{"empty string", []Value{{Type: s}}, word(32) + word(0)},
		{"uint and string", []Value{{Type: u, Word: *uint256.NewInt(7)}, {Type: s, Bytes: make([]byte, 32)}}, word(7) + word(64) + word(32) + word(0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hex.EncodeToString(EncodeArgs(nil, tt.args)); got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}

// TestEncodeReusedBufferIsClean checks that stale bytes in a reused buffer
// never leak into the encoding.
func TestEncodeReusedBufferIsClean(t *testing.T) {
	types := arguments(mustType("uint8[3]"), mustType("string"), mustType("tuple", comp("a", "uint8"), comp("b", "bytes")))
	args := GenerateArgs(newRand(11), types, testEnv())
	want := EncodeArgs(nil, args)
	buf := bytes.Repeat([]byte{0xff}, 4096)
	if got := EncodeArgs(buf[:0], args); !bytes.Equal(got, want) {
		t.Fatalf("got %x\nwant %x", got, want)
	}
}

func scalarArgs() []Value {
	env := testEnv()
	types := arguments(mustType("uint256"), mustType("int8"), mustType("address"), mustType("bool"), mustType("bytes32"))
	return GenerateArgs(newRand(12), types, env)
}

// TestEncodeAllocs checks that encoding into a reused buffer allocates
// nothing.
func TestEncodeAllocs(t *testing.T) {
	sel := [4]byte{1, 2, 3, 4}
	for name, args := range map[string][]Value{
		"scalars": scalarArgs(),
		"dynamic": GenerateArgs(newRand(13), arguments(typeLists()[len(typeLists())-1]...), testEnv()),
	} {
		buf := Encode(nil, sel, args)
		allocs := testing.AllocsPerRun(100, func() {
			buf = Encode(buf[:0], sel, args)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per Encode", name, allocs)
		}
	}
}

func BenchmarkEncode(b *testing.B) {
	sel := [4]byte{1, 2, 3, 4}
	b.Run("scalars", func(b *testing.B) {
		args := scalarArgs()
		buf := Encode(nil, sel, args)
		b.ReportAllocs()
		for b.Loop() {
			buf = Encode(buf[:0], sel, args)
		}
	})
	b.Run("dynamic", func(b *testing.B) {
		types := arguments(mustType("uint256[]"), mustType("string"), mustType("tuple[]", comp("amount", "uint256"), comp("flag", "bool")))
		r := newRand(14)
		var args []Value
		for len(args) == 0 || len(args[0].Elems) < 4 {
			args = GenerateArgs(r, types, testEnv())
		}
		buf := Encode(nil, sel, args)
		b.ReportAllocs()
		for b.Loop() {
			buf = Encode(buf[:0], sel, args)
		}
	})
}
