package position

// This file decodes UTF-8 as the WHATWG Encoding Standard's decoder does
// (TextDecoder, and so VS Code reading a file): what an editor shows, and
// so what its LSP columns count, for any bytes.

// next returns the size in bytes of the character at the start of b (not
// empty) and its length in UTF-16 units, as the WHATWG UTF-8 decoder reads
// it. A well-formed character is one or, beyond the Basic Multilingual
// Plane, two units. Anything else is one U+FFFD per maximal subpart: a
// lead byte and the continuation bytes that may follow it (E2 82 before
// an ASCII byte is one U+FFFD, not two), or a single byte that can start
// nothing (a lone continuation byte, C0, C1, F5-FF). The ranges that
// refuse overlong forms (E0 A0-BF, F0 90-BF), surrogates (ED 80-9F) and
// code points past U+10FFFF (F4 80-8F) end the subpart at their lead
// byte: ED A0 80 is three U+FFFD.
func next(b []byte) (size, units int) {
	c := b[0]
	if c < 0x80 {
		return 1, 1
	}
	need, lo, hi := 0, byte(0x80), byte(0xBF)
	switch {
	case c >= 0xC2 && c <= 0xDF:
		need = 1
	case c == 0xE0:
		need, lo = 2, 0xA0
	case c == 0xED:
		need, hi = 2, 0x9F
	case c >= 0xE1 && c <= 0xEF:
		need = 2
	case c == 0xF0:
		need, lo = 3, 0x90
	case c == 0xF4:
		need, hi = 3, 0x8F
	case c >= 0xF1 && c <= 0xF3:
		need = 3
	default:
		return 1, 1
	}
	for i := 1; i <= need; i++ {
		if i >= len(b) || b[i] < lo || b[i] > hi {
			return i, 1 // a maximal subpart: the byte at i starts the next
		}
		lo, hi = 0x80, 0xBF
	}
	if need == 3 {
		return 4, 2
	}
	return need + 1, 1
}

// bomLen is the length of the UTF-8 byte order mark that starts content,
// or 0: the decoder drops it (TextDecoder's default), so it is no column.
func bomLen(content []byte) int {
	if len(content) >= 3 && content[0] == 0xEF && content[1] == 0xBB && content[2] == 0xBF {
		return 3
	}
	return 0
}
