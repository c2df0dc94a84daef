package calldata

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
)

// TestDecodeRoundTrip checks that Decode inverts Encode and agrees with
// accounts/abi on generated values.
func TestDecodeRoundTrip(t *testing.T) {
	r := newRand(20)
	env := testEnv()
	for _, list := range typeLists() {
		types := arguments(list...)
		for range 100 {
			args := GenerateArgs(r, types, env)
			data := EncodeArgs(nil, args)
			got, err := Decode(types, data)
			if err != nil {
				t.Fatalf("Decode(%s): %v", FormatArgs(args), err)
			}
			if !EqualArgs(got, args) {
				t.Fatalf("Decode gave %s, want %s", FormatArgs(got), FormatArgs(args))
			}
			for i := range got {
				if got[i].Type != &types[i].Type {
					t.Fatal("values not typed by the arguments")
				}
			}
			// Trailing data is ignored, as solc does.
			if _, err := Decode(types, append(data, 0xff)); err != nil {
				t.Fatalf("trailing byte: %v", err)
			}
		}
	}
}

// TestDecodeErrors checks rejections of malformed calldata.
func TestDecodeErrors(t *testing.T) {
	word := func(b ...byte) []byte { return common.LeftPadBytes(b, 32) }
	cat := func(parts ...[]byte) []byte { return bytes.Join(parts, nil) }
	high := make([]byte, 32)
	high[0] = 1
	tests := []struct {
		name string
		typ  *abi.Type
		data []byte
		want error
	}{
		{"short word", mustType("uint256"), make([]byte, 31), ErrShortData},
		{"dirty uint8", mustType("uint8"), word(1, 0), ErrDirtyValue},
		{"dirty int8", mustType("int8"), word(0x80), ErrDirtyValue},
		{"dirty bool", mustType("bool"), word(2), ErrDirtyValue},
		{"dirty address", mustType("address"), high, ErrDirtyValue},
		{"dirty bytes1", mustType("bytes1"), word(1), ErrDirtyValue},
		{"offset past end", mustType("bytes"), word(64), ErrBadOffset},
		{"huge offset", mustType("string"), bytes.Repeat([]byte{0xff}, 32), ErrBadOffset},
		{"length past end", mustType("bytes"), cat(word(32), word(33), make([]byte, 32)), ErrShortData},
		{"huge slice", mustType("uint256[]"), cat(word(32), word(4)), ErrShortData},
		{"missing tail", mustType("uint8[][2]"), word(32), ErrShortData},
		{"dirty element", mustType("uint8[]"), cat(word(32), word(1), word(1, 0)), ErrDirtyValue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(arguments(tt.typ), tt.data)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %v, want %v", err, tt.want)
			}
			if err.Error() != strings.ToLower(err.Error()[:1])+err.Error()[1:] {
				t.Errorf("error not lowercase: %v", err)
			}
		})
	}
}

// TestDecodeAliasingBounded checks that offsets pointing at one shared
// array cannot blow up the decoded size.
func TestDecodeAliasingBounded(t *testing.T) {
	// uint256[][] whose n inner offsets all point at one inner array of m
	// zero elements: n*m values from about (n+m)*32 bytes.
	const n, m = 2000, 2000
	w := func(x int) []byte {
		return common.LeftPadBytes([]byte{byte(x >> 24), byte(x >> 16), byte(x >> 8), byte(x)}, 32)
	}
	data := append(w(32), w(n)...)
	for range n {
		data = append(data, w(n*32)...)
	}
	data = append(data, w(m)...)
	data = append(data, make([]byte, m*32)...)
	_, err := Decode(arguments(mustType("uint256[][]")), data)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("got %v, want ErrTooLarge", err)
	}
}

// fuzzTypeLists are the argument lists FuzzDecode picks from.
var fuzzTypeLists = typeLists()

func FuzzDecode(f *testing.F) {
	r := newRand(21)
	env := testEnv()
	for i, list := range fuzzTypeLists {
		for range 3 {
			f.Add(uint16(i), EncodeArgs(nil, GenerateArgs(r, arguments(list...), env)))
		}
		f.Add(uint16(i), []byte{})
	}
	typesOf := make([]abi.Arguments, len(fuzzTypeLists))
	for i, list := range fuzzTypeLists {
		typesOf[i] = arguments(list...)
	}
	f.Fuzz(func(t *testing.T, which uint16, data []byte) {
		types := typesOf[int(which)%len(typesOf)]
		vals, err := Decode(types, data)
		if err != nil {
			return
		}
		for _, v := range vals {
			if err := Validate(v); err != nil {
				t.Fatalf("decoded invalid value: %v", err)
			}
		}
		enc := EncodeArgs(nil, vals)
		again, err := Decode(types, enc)
		if err != nil {
			t.Fatalf("re-decoding canonical encoding: %v", err)
		}
		if !EqualArgs(vals, again) {
			t.Fatalf("re-decoded %s as %s", FormatArgs(vals), FormatArgs(again))
		}
		if enc2 := EncodeArgs(nil, again); !bytes.Equal(enc, enc2) {
			t.Fatal("encoding not canonical")
		}
		// Without offsets there is exactly one encoding: data starts with it.
		static := true
		for i := range types {
			static = static && !IsDynamic(&types[i].Type)
		}
		if static && !bytes.Equal(enc, data[:len(enc)]) {
			t.Fatalf("static encoding %x is not a prefix of %x", enc, data)
		}
		// Formatting decoded values never panics.
		_ = FormatArgs(vals)
		for _, v := range vals {
			_, _ = FormatSolidity(v)
		}
	})
}

func BenchmarkDecode(b *testing.B) {
	types := arguments(mustType("uint256"), mustType("string"), mustType("tuple[]", comp("amount", "uint256"), comp("flag", "bool")))
	data := EncodeArgs(nil, GenerateArgs(newRand(22), types, testEnv()))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(types, data); err != nil {
			b.Fatal(err)
		}
	}
}
