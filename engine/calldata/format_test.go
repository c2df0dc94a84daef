package calldata

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

func word(typ string, s string) Value {
	t := mustType(typ)
	if len(s) > 1 && s[:2] == "0x" {
		return Value{Type: t, Word: hexWord(s)}
	}
	return Value{Type: t, Word: decWord(s)}
}

func list(typ string, elems ...Value) Value {
	return Value{Type: mustType(typ), Elems: elems}
}

func blob(typ, s string) Value { return Value{Type: mustType(typ), Bytes: []byte(s)} }

var pairType = mustType("tuple", comp("amount", "uint256"), comp("flag", "bool"))

func pair(amount uint64, flag bool) Value {
	v := Value{Type: pairType, Elems: []Value{{Type: pairType.TupleElems[0], Word: *uint256.NewInt(amount)}, {Type: pairType.TupleElems[1]}}}
	if flag {
		v.Elems[1].Word.SetOne()
	}
	return v
}

const dead = "0x00000000000000000000000000000000deadbeef"

func TestFormat(t *testing.T) {
	addr := common.HexToAddress(dead).Hex()
	tests := []struct {
		v    Value
		want string
	}{
		{word("uint256", "42"), "42"},
		{word("uint8", "0"), "0"},
		{word("int8", "-7"), "-7"},
		{word("int256", "-57896044618658097711785492504343953926634992332820282019728792003956564819968"), "type(int256).min"},
		{word("uint256", "-1"), "type(uint256).max"},
		{word("bool", "1"), "true"},
		{word("bool", "0"), "false"},
		{word("address", "0xdeadbeef"), addr},
		{word("bytes4", "0x0102030400000000000000000000000000000000000000000000000000000000"), "0x01020304"},
		{word("function", "0x0102030405060708090a0b0c0d0e0f10111213141516171800000000000000000"[:66]), "0x0102030405060708090a0b0c0d0e0f101112131415161718"},
		{blob("bytes", "\x01\x02"), `hex"0102"`},
		{blob("bytes", ""), `hex""`},
		{blob("string", "text"), `"text"`},
		{blob("string", "a\"b\\c\n\t\x01\xff"), `"a\"b\\c\n\t\x01\xff"`},
		{list("uint8[]", word("uint8", "1"), word("uint8", "2")), "[1, 2]"},
		{list("uint8[]"), "[]"},
		{pair(1, true), "(1, true)"},
		{list("string[2]", blob("string", "a"), blob("string", "")), `["a", ""]`},
		{Value{}, "<nil>"},
	}
	for _, tt := range tests {
		if got := Format(tt.v); got != tt.want {
			t.Errorf("Format = %s, want %s", got, tt.want)
		}
	}
	if got := FormatArgs([]Value{word("uint8", "1"), blob("string", "x")}); got != `(1, "x")` {
		t.Errorf("FormatArgs = %s", got)
	}
	if got := (Path{1, 0, 2}).String(); got != "1.0.2" {
		t.Errorf("Path.String = %s", got)
	}
}

// negWord is word for the two's complement negation of a hex magnitude.
func negWord(typ, hexMag string) Value {
	v := word(typ, hexMag)
	v.Word.Neg(&v.Word)
	return v
}

// TestFormatLargeIntegers checks that integers beyond 64 bits print as a
// reader can check them, not as 78-digit decimals.
func TestFormatLargeIntegers(t *testing.T) {
	tests := []struct {
		v    Value
		want string
	}{
		{word("uint256", "18446744073709551615"), "18446744073709551615"}, // 2**64 - 1: still decimal
		{word("uint256", "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc"), "type(uint256).max - 3"},
		{word("uint128", "0xffffffffffffffffffffffffffffffff"), "type(uint128).max"},
		{word("uint256", "0x8000000000000000000000000000000000000000000000000000000000000000"), "2**255"},
		{word("uint256", "0x8000000000000000000000000000000000000000000000000000000000000007"), "2**255 + 7"},
		{word("uint256", "0x7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe"), "2**255 - 2"},
		{word("uint256", "0x10000000000000000"), "2**64"},
		{word("uint256", "0x1b19a5c3d2e0f4a6b8c0d2e4f60819a2b3c4d5e6f708192a3b4c5d6e7f809102"), "0x1b19a5c3d2e0f4a6b8c0d2e4f60819a2b3c4d5e6f708192a3b4c5d6e7f809102"},
		// 40 hex digits would be an address literal to solc.
		{word("uint256", "0x1234567890123456789012345678901234567890"), "0x001234567890123456789012345678901234567890"},
		{word("int256", "-57896044618658097711785492504343953926634992332820282019728792003956564819965"), "type(int256).min + 3"},
		{word("int256", "57896044618658097711785492504343953926634992332820282019728792003956564819967"), "type(int256).max"},
		{word("int256", "57896044618658097711785492504343953926634992332820282019728792003956564819960"), "type(int256).max - 7"},
		{word("int128", "-170141183460469231731687303715884105728"), "type(int128).min"},
		{negWord("int256", "0x100000000000000000000000000000000"), "-(2**128)"},
		{negWord("int256", "0x100000000000000000000000000000005"), "-(2**128 + 5)"},
		{negWord("int256", "0x1b19a5c3d2e0f4a6b8c0d2e4f60819a2b3c4d5e6f708192a3b4c5d6e7f80910"), "-0x1b19a5c3d2e0f4a6b8c0d2e4f60819a2b3c4d5e6f708192a3b4c5d6e7f80910"},
		{word("int256", "-9223372036854775808"), "-9223372036854775808"},
	}
	for _, tt := range tests {
		if got := Format(tt.v); got != tt.want {
			t.Errorf("Format(%s %s) = %s, want %s", tt.v.Type, tt.v.Word.Hex(), got, tt.want)
		}
	}
	// In a Foundry test the expression sits in a conversion.
	if got, _ := FormatSolidity(word("uint256", "-1")); got != "uint256(type(uint256).max)" {
		t.Errorf("FormatSolidity(max) = %s", got)
	}
}

func TestFormatSolidity(t *testing.T) {
	addr := common.HexToAddress(dead).Hex()
	named := SolidityFormatter{StructName: func(t *abi.Type) string {
		if t.String() == pairType.String() {
			return "Pair"
		}
		return ""
	}}
	slice := list("uint256[]", word("uint256", "1"), word("uint256", "2"))
	sliceEnc := hex.EncodeToString(EncodeArgs(nil, []Value{slice}))
	pairs := Value{Type: mustType("tuple[]", comp("amount", "uint256"), comp("flag", "bool")), Elems: []Value{pair(5, false)}}
	pairs.Elems[0].Type = pairs.Type.Elem
	pairsEnc := hex.EncodeToString(EncodeArgs(nil, []Value{pairs}))
	tests := []struct {
		name string
		f    SolidityFormatter
		v    Value
		want string
		err  bool
	}{
		{"uint8", SolidityFormatter{}, word("uint8", "3"), "uint8(3)", false},
		{"int256", SolidityFormatter{}, word("int256", "-7"), "int256(-7)", false},
		{"bool", SolidityFormatter{}, word("bool", "1"), "true", false},
		{"address", SolidityFormatter{}, word("address", "0xdeadbeef"), "address(" + addr + ")", false},
		{"bytes4", SolidityFormatter{}, word("bytes4", "0x0102030400000000000000000000000000000000000000000000000000000000"), "bytes4(0x01020304)", false},
		{"bytes", SolidityFormatter{}, blob("bytes", "\x01\x02"), `hex"0102"`, false},
		{"string", SolidityFormatter{}, blob("string", "str\n"), `"str\n"`, false},
		{"fixed array", SolidityFormatter{}, list("uint8[3]", word("uint8", "1"), word("uint8", "2"), word("uint8", "3")), "[uint8(1), uint8(2), uint8(3)]", false},
		{"string array", SolidityFormatter{}, list("string[2]", blob("string", "a"), blob("string", "bc")), `[string("a"), string("bc")]`, false},
		{"bytes array", SolidityFormatter{}, list("bytes[1]", blob("bytes", "\x01")), `[bytes(hex"01")]`, false},
		{"dynamic array", SolidityFormatter{}, slice, `abi.decode(hex"` + sliceEnc + `", (uint256[]))`, false},
		{"struct", named, pair(1, true), "Pair(uint256(1), true)", false},
		{"struct array", named, pairs, `abi.decode(hex"` + pairsEnc + `", (Pair[]))`, false},
		{"unnamed struct", SolidityFormatter{}, pair(1, true), "", true},
		{"function", SolidityFormatter{}, word("function", "0"), "", true},
		{"empty fixed array", SolidityFormatter{}, list("uint8[0]"), "", true},
		{"no type", SolidityFormatter{}, Value{}, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.f.Format(tt.v)
			if tt.err {
				if !errors.Is(err, ErrUnsupported) {
					t.Fatalf("got %q, %v; want ErrUnsupported", got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("got %q, %v; want %q", got, err, tt.want)
			}
		})
	}
	if got, err := FormatSolidity(word("uint16", "9")); got != "uint16(9)" || err != nil {
		t.Errorf("FormatSolidity = %q, %v", got, err)
	}
}
