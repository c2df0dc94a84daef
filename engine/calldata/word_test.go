package calldata

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/holiman/uint256"
)

// hexWord parses a 0x-prefixed hex word; leading zeros are allowed.
func hexWord(s string) uint256.Int {
	s = strings.TrimPrefix(s, "0x")
	if len(s)%2 == 1 {
		s = "0" + s
	}
	b, err := hex.DecodeString(s)
	if err != nil || len(b) > 32 {
		panic("bad hex word " + s)
	}
	var w uint256.Int
	w.SetBytes(b)
	return w
}

func decWord(s string) uint256.Int {
	if s[0] == '-' {
		var w uint256.Int
		return *w.Neg(uint256.MustFromDecimal(s[1:]))
	}
	return *uint256.MustFromDecimal(s)
}

func TestClamp(t *testing.T) {
	tests := []struct {
		typ, in, want string // decimal, '-' for two's complement negatives
	}{
		{"uint8", "0", "0"},
		{"uint8", "255", "255"},
		{"uint8", "256", "255"},
		{"uint8", "-1", "255"},
		{"uint16", "70000", "65535"},
		{"uint64", "18446744073709551616", "18446744073709551615"},
		{"uint256", "-1", "-1"},
		{"int8", "127", "127"},
		{"int8", "128", "127"},
		{"int8", "-128", "-128"},
		{"int8", "-129", "-128"},
		{"int8", "-1", "-1"},
		{"int8", "100000", "127"},
		{"int16", "-40000", "-32768"},
		{"int128", "170141183460469231731687303715884105728", "170141183460469231731687303715884105727"},
		{"int128", "-170141183460469231731687303715884105729", "-170141183460469231731687303715884105728"},
		{"int256", "-5", "-5"},
		{"bool", "0", "0"},
		{"bool", "1", "1"},
		{"bool", "7", "1"},
		{"address", "1461501637330902918203684832716283019655932542976", "1461501637330902918203684832716283019655932542975"},
	}
	for _, tt := range tests {
		t.Run(tt.typ+"/"+tt.in, func(t *testing.T) {
			got := Clamp(mustType(tt.typ), decWord(tt.in))
			if want := decWord(tt.want); got != want {
				t.Errorf("got %s, want %s", got.Hex(), want.Hex())
			}
		})
	}
}

func TestClampLeftAligned(t *testing.T) {
	tests := []struct{ typ, in, want string }{
		{"bytes1", "0x1234", "0x0"},
		{"bytes1", "0xab00000000000000000000000000000000000000000000000000000000000001", "0xab00000000000000000000000000000000000000000000000000000000000000"},
		{"bytes32", "0x1234", "0x1234"},
		{"function", "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "0xffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000"},
	}
	for _, tt := range tests {
		if got := Clamp(mustType(tt.typ), hexWord(tt.in)); got != hexWord(tt.want) {
			t.Errorf("Clamp(%s, %s) = %s, want %s", tt.typ, tt.in, got.Hex(), tt.want)
		}
	}
}

// TestClampIsValid checks that Clamp always yields a valid word and keeps
// valid words as they are.
func TestClampIsValid(t *testing.T) {
	r := newRand(40)
	for _, typ := range testTypes() {
		if !isWord(typ) {
			continue
		}
		for range 200 {
			w := randomWord(r)
			c := Clamp(typ, w)
			if err := Validate(Value{Type: typ, Word: c}); err != nil {
				t.Fatalf("Clamp(%s, %s): %v", typ, w.Hex(), err)
			}
			v := genWord(r, typ, nil)
			if Clamp(typ, v) != v {
				t.Fatalf("Clamp(%s) changed valid %s", typ, v.Hex())
			}
		}
	}
}

func TestBitsSigned(t *testing.T) {
	tests := []struct {
		typ    string
		bits   int
		signed bool
	}{
		{"uint8", 8, false}, {"int24", 24, true}, {"uint256", 256, false}, {"int256", 256, true},
		{"address", 160, false}, {"bool", 1, false}, {"bytes4", 32, false}, {"bytes32", 256, false},
		{"function", 192, false}, {"string", 0, false}, {"uint8[]", 0, false},
	}
	for _, tt := range tests {
		typ := mustType(tt.typ)
		if Bits(typ) != tt.bits || Signed(typ) != tt.signed {
			t.Errorf("%s: Bits %d Signed %v", tt.typ, Bits(typ), Signed(typ))
		}
	}
}
