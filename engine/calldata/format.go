package calldata

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/holiman/uint256"
)

// ErrUnsupported is returned by FormatSolidity for values it cannot write
// as a Solidity expression.
var ErrUnsupported = errors.New("no Solidity expression for value")

// Format returns v in Solidity literal style for traces: integers in
// decimal (42, -7) up to 64 bits, larger ones as a reader can check them
// (type(uint256).max - 3, 2**255, type(int256).min + 1, or hex), true/false, checksummed addresses, bytesN and function
// values as 0x-prefixed hex of their width, bytes as hex"0102", strings
// quoted with escapes, arrays as [1, 2] and tuples as (1, true).
func Format(v Value) string {
	var b strings.Builder
	writeLiteral(&b, v)
	return b.String()
}

// FormatArgs formats an argument list as a parenthesized, comma-separated
// list of Format results.
func FormatArgs(args []Value) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, v := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		writeLiteral(&b, v)
	}
	b.WriteByte(')')
	return b.String()
}

func writeLiteral(b *strings.Builder, v Value) {
	t := v.Type
	if t == nil {
		b.WriteString("<nil>")
		return
	}
	switch t.T {
	case abi.IntTy:
		b.WriteString(signedLiteral(v.Word, t.Size))
	case abi.UintTy:
		b.WriteString(unsignedLiteral(v.Word, t.Size))
	case abi.BoolTy:
		b.WriteString(strconv.FormatBool(!v.Word.IsZero()))
	case abi.AddressTy:
		b.WriteString(common.Address(v.Word.Bytes20()).Hex())
	case abi.FixedBytesTy, abi.FunctionTy, abi.HashTy, abi.FixedPointTy:
		b.WriteString(wordHex(t, v.Word))
	case abi.BytesTy:
		b.WriteString(`hex"`)
		b.WriteString(hex.EncodeToString(v.Bytes))
		b.WriteByte('"')
	case abi.StringTy:
		writeQuoted(b, v.Bytes)
	case abi.SliceTy, abi.ArrayTy, abi.TupleTy:
		lb, rb := byte('['), byte(']')
		if t.T == abi.TupleTy {
			lb, rb = '(', ')'
		}
		b.WriteByte(lb)
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			writeLiteral(b, e)
		}
		b.WriteByte(rb)
	default:
		fmt.Fprintf(b, "<type %d>", t.T)
	}
}

// nearBits bounds how far from a type's bound or a power of two a value
// may be to be written relative to it: "type(uint256).max - 3", not
// "0xff...fc"; farther values are written in hex.
const nearBits = 32

// unsignedLiteral writes a uintN value: decimal when it fits 64 bits,
// else relative to type(uintN).max or a power of two, else hex.
func unsignedLiteral(w uint256.Int, bits int) string {
	if w.BitLen() <= 64 {
		return w.Dec()
	}
	if bits > 0 && bits <= 256 {
		max := maxUint(bits)
		if w.Cmp(&max) <= 0 {
			var d uint256.Int
			d.Sub(&max, &w)
			if d.BitLen() <= nearBits {
				return offset(fmt.Sprintf("type(uint%d).max", bits), "-", d)
			}
		}
	}
	if s, ok := nearPowerOfTwo(w, bits); ok {
		return s
	}
	return hexLiteral(w)
}

// signedLiteral writes an intN value held sign-extended in a word:
// decimal within 64 bits, else relative to type(intN).min or .max or a
// power of two, else hex.
func signedLiteral(w uint256.Int, bits int) string {
	if bits <= 0 || bits > 256 {
		bits = 256
	}
	var half uint256.Int // 2**(bits-1): -min, and max + 1
	half.Lsh(uint256.NewInt(1), uint(bits-1))
	neg := w.Sign() < 0
	mag := w
	if neg {
		mag.Neg(&w)
	}
	if mag.BitLen() <= 64 {
		return signedDec(w)
	}
	var d uint256.Int
	if neg && mag.Cmp(&half) <= 0 {
		if d.Sub(&half, &mag); d.BitLen() <= nearBits {
			return offset(fmt.Sprintf("type(int%d).min", bits), "+", d)
		}
	}
	if !neg && mag.Cmp(&half) < 0 {
		d.Sub(&half, &mag)
		if d.SubUint64(&d, 1); d.BitLen() <= nearBits {
			return offset(fmt.Sprintf("type(int%d).max", bits), "-", d)
		}
	}
	s, ok := nearPowerOfTwo(mag, 256)
	if !ok {
		s = hexLiteral(mag)
	}
	if !neg {
		return s
	}
	if ok && strings.ContainsAny(s, "*") {
		return "-(" + s + ")"
	}
	return "-" + s
}

// nearPowerOfTwo writes w as 2**k, 2**k + d or 2**k - d when d is small
// and 2**k fits the type's bits.
func nearPowerOfTwo(w uint256.Int, bits int) (string, bool) {
	k := w.BitLen() - 1
	var p, d uint256.Int
	p.Lsh(uint256.NewInt(1), uint(k))
	if d.Sub(&w, &p); d.BitLen() <= nearBits {
		return offset(fmt.Sprintf("2**%d", k), "+", d), true
	}
	if k+1 < bits && k+1 < 256 {
		p.Lsh(uint256.NewInt(1), uint(k+1))
		if d.Sub(&p, &w); d.BitLen() <= nearBits {
			return offset(fmt.Sprintf("2**%d", k+1), "-", d), true
		}
	}
	return "", false
}

// offset writes "base", or "base op d" when d is not zero.
func offset(base, op string, d uint256.Int) string {
	if d.IsZero() {
		return base
	}
	return base + " " + op + " " + d.Dec()
}

// maxUint returns 2**bits - 1.
func maxUint(bits int) uint256.Int {
	var m uint256.Int
	m.SetAllOne()
	m.Rsh(&m, uint(256-bits))
	return m
}

// hexLiteral writes w in hex without leading zeros, except that 39 to 41
// digits are padded to 42: solc takes such literals for addresses and
// rejects them without a checksum.
func hexLiteral(w uint256.Int) string {
	h := w.Hex()[2:]
	if n := len(h); n >= 39 && n <= 41 {
		h = strings.Repeat("0", 42-n) + h
	}
	return "0x" + h
}

// signedDec formats a two's complement word in decimal.
func signedDec(w uint256.Int) string {
	if w.Sign() >= 0 {
		return w.Dec()
	}
	var n uint256.Int
	n.Neg(&w)
	return "-" + n.Dec()
}

// wordHex formats the significant bytes of a word: the leading Bits/8 bytes
// of left-aligned types, the whole word otherwise.
func wordHex(t *abi.Type, w uint256.Int) string {
	b := w.Bytes32()
	n := 32
	if leftAligned(t) {
		n = Bits(t) / 8
	}
	return "0x" + hex.EncodeToString(b[:n])
}

// Quote returns s as a Solidity string literal (writeQuoted).
func Quote(s string) string {
	var b strings.Builder
	writeQuoted(&b, []byte(s))
	return b.String()
}

// writeQuoted writes s as a Solidity string literal: printable ASCII as
// is, quote and backslash escaped, \n \r \t, and every other byte as \xNN.
func writeQuoted(b *strings.Builder, s []byte) {
	const digits = "0123456789abcdef"
	b.WriteByte('"')
	for _, c := range s {
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c >= ' ' && c <= '~':
			b.WriteByte(c)
		default:
			b.WriteString(`\x`)
			b.WriteByte(digits[c>>4])
			b.WriteByte(digits[c&15])
		}
	}
	b.WriteByte('"')
}

// FormatSolidity returns a Solidity expression of v's type, for a Foundry
// test, using the zero SolidityFormatter (which cannot name structs).
func FormatSolidity(v Value) (string, error) {
	return SolidityFormatter{}.Format(v)
}

// SolidityFormatter writes values as Solidity expressions:
//
//	uintN(3), intN(-7), true, address(0xAbC...), bytes4(0x01020304),
//	hex"0102", "text", [uint8(1), uint8(2)], S(uint256(1), true)
//
// bytes20 is written bytes20(hex"..."), as solc takes a 40-digit hex
// number for an address literal.
//
// Dynamic arrays have no literal in Solidity; they are written as
// abi.decode(hex"<encoding>", (T[])), which works for every element type
// the formatter can name. Fixed arrays are inline arrays, with string and
// bytes members converted explicitly so that all members share a type.
//
// Unsupported, reported with ErrUnsupported: function values, zero-length
// fixed arrays, and structs when StructName is nil or returns "".
type SolidityFormatter struct {
	// StructName returns the name of a tuple type's struct as the test
	// contract sees it (e.g. "Vault.Order"), or "" if it is unknown. Note
	// that go-ethereum's abi.Type.TupleRawName drops the dots of qualified
	// names, so it is only right for structs declared at file level.
	StructName func(t *abi.Type) string
}

// Format returns a Solidity expression for v.
func (f SolidityFormatter) Format(v Value) (string, error) {
	var b strings.Builder
	if err := f.write(&b, v, false); err != nil {
		return "", err
	}
	return b.String(), nil
}

// write writes v; inArray asks for explicitly typed string and bytes
// members.
func (f SolidityFormatter) write(b *strings.Builder, v Value, inArray bool) error {
	t := v.Type
	if t == nil {
		return fmt.Errorf("%w: no type", ErrUnsupported)
	}
	switch t.T {
	case abi.IntTy, abi.UintTy:
		b.WriteString(elementaryName(t))
		b.WriteByte('(')
		writeLiteral(b, v)
		b.WriteByte(')')
	case abi.BoolTy:
		writeLiteral(b, v)
	case abi.AddressTy:
		b.WriteString("address(")
		writeLiteral(b, v)
		b.WriteByte(')')
	case abi.FixedBytesTy:
		fmt.Fprintf(b, "bytes%d(", t.Size)
		if t.Size == 20 {
			// A 40-digit hex number is an address literal to solc, which
			// then demands a checksum; a hex string converts as well.
			w := v.Word.Bytes32()
			b.WriteString(`hex"`)
			b.WriteString(hex.EncodeToString(w[:20]))
			b.WriteByte('"')
		} else {
			writeLiteral(b, v)
		}
		b.WriteByte(')')
	case abi.BytesTy:
		if inArray {
			b.WriteString("bytes(")
		}
		writeLiteral(b, v)
		if inArray {
			b.WriteByte(')')
		}
	case abi.StringTy:
		if inArray {
			b.WriteString("string(")
		}
		writeLiteral(b, v)
		if inArray {
			b.WriteByte(')')
		}
	case abi.ArrayTy:
		if len(v.Elems) == 0 {
			return fmt.Errorf("%w: zero-length array %s", ErrUnsupported, t)
		}
		b.WriteByte('[')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := f.write(b, e, true); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case abi.SliceTy:
		name, err := f.typeName(t)
		if err != nil {
			return err
		}
		b.WriteString(`abi.decode(hex"`)
		b.WriteString(hex.EncodeToString(EncodeArgs(nil, []Value{v})))
		b.WriteString(`", (`)
		b.WriteString(name)
		b.WriteString("))")
	case abi.TupleTy:
		name, err := f.typeName(t)
		if err != nil {
			return err
		}
		b.WriteString(name)
		b.WriteByte('(')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := f.write(b, e, false); err != nil {
				return err
			}
		}
		b.WriteByte(')')
	default:
		return fmt.Errorf("%w: type %s", ErrUnsupported, t)
	}
	return nil
}

// typeName returns the Solidity name of t.
func (f SolidityFormatter) typeName(t *abi.Type) (string, error) {
	switch t.T {
	case abi.SliceTy, abi.ArrayTy:
		elem, err := f.typeName(t.Elem)
		if err != nil {
			return "", err
		}
		if t.T == abi.SliceTy {
			return elem + "[]", nil
		}
		if t.Size == 0 {
			return "", fmt.Errorf("%w: zero-length array %s", ErrUnsupported, t)
		}
		return elem + "[" + strconv.Itoa(t.Size) + "]", nil
	case abi.TupleTy:
		if f.StructName != nil {
			if name := f.StructName(t); name != "" {
				return name, nil
			}
		}
		return "", fmt.Errorf("%w: unnamed struct %s", ErrUnsupported, t)
	}
	if name := elementaryName(t); name != "" {
		return name, nil
	}
	return "", fmt.Errorf("%w: type %s", ErrUnsupported, t)
}

// elementaryName returns the Solidity name of an elementary type, or "".
func elementaryName(t *abi.Type) string {
	switch t.T {
	case abi.IntTy:
		return "int" + strconv.Itoa(t.Size)
	case abi.UintTy:
		return "uint" + strconv.Itoa(t.Size)
	case abi.BoolTy:
		return "bool"
	case abi.AddressTy:
		return "address"
	case abi.FixedBytesTy:
		return "bytes" + strconv.Itoa(t.Size)
	case abi.BytesTy:
		return "bytes"
	case abi.StringTy:
		return "string"
	}
	return ""
}
