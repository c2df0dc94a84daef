package position

import "testing"

// TestUTF16AsVSCode: the UTF-16 column of the x after each byte sequence,
// as VS Code shows the file (its TextDecoder: WHATWG's UTF-8 decoder,
// one U+FFFD per maximal subpart of an invalid sequence, the byte order
// mark dropped). A probe of issue 69 put a finding after invalid bytes at
// column 79 of an 81-byte line: each invalid byte had counted one unit.
func TestUTF16AsVSCode(t *testing.T) {
	tests := []struct {
		name   string
		before string // the bytes before "x" on its line
		line   int    // the line x is on
		char   int    // x's UTF-16 column
	}{
		{"ascii", "ab", 0, 2},
		{"lone continuation byte", "\x80", 0, 1},
		{"lone continuation bytes", "\x80\xbf\x80", 0, 3},
		{"truncated three-byte then ascii", "\xe2\x82a", 0, 2},
		{"truncated three-byte at the end", "a\xe2\x82", 0, 2},
		{"truncated four-byte", "\xf0\x9f\x98", 0, 1},
		{"truncated four-byte, two parts", "\xf0\x9f\xf0\x9f", 0, 2},
		{"overlong two-byte", "\xc0\x80", 0, 2},
		{"overlong two-byte C1", "\xc1\xbf", 0, 2},
		{"overlong three-byte", "\xe0\x80\x80", 0, 3},
		{"overlong four-byte", "\xf0\x80\x80\x80", 0, 4},
		{"surrogate encoded", "\xed\xa0\x80", 0, 3},
		{"surrogate pair encoded", "\xed\xa0\xbd\xed\xb8\x80", 0, 6},
		{"past U+10FFFF", "\xf4\x90\x80\x80", 0, 4},
		{"F5 and above", "\xf5\xff", 0, 2},
		{"U+FFFD itself", "\xef\xbf\xbd", 0, 1},
		{"valid three-byte", "€", 0, 1},
		{"valid four-byte", "😀", 0, 2},
		{"highest code point", "\xf4\x8f\xbf\xbf", 0, 2},
		{"lead byte before a line break", "\xe2\n", 1, 0},
		{"invalid, then the next line", "\xe2\x82\r\n\xff", 1, 1},
		{"bom at the start", "\xef\xbb\xbf", 0, 0},
		{"bom at the start, then text", "\xef\xbb\xbfab", 0, 2},
		{"bom on the next line", "\n\xef\xbb\xbf", 1, 1},
		{"bom after text", "a\xef\xbb\xbf", 0, 2},
		{"truncated bom", "\xef\xbb", 0, 1},
		{"crlf", "a\r\nbc", 1, 2},
		{"lone cr", "a\rbc", 1, 2},
		{"a comment with truncated sequences before a call", "/* \xe2\x82 \xf0\x9f\x98 */ f(", 0, 12},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			content := []byte(tt.before + "x;\n")
			m := NewMapper(content)
			off := len(tt.before)
			line, char, err := m.UTF16(off)
			if err != nil || line != tt.line || char != tt.char {
				t.Errorf("UTF16 of x after %q = %d:%d, %v; want %d:%d", tt.before, line, char, err, tt.line, tt.char)
			}
			if back, err := m.Offset(tt.line, tt.char); err != nil || back != off {
				t.Errorf("Offset(%d, %d) = %d, %v; want %d", tt.line, tt.char, back, err, off)
			}
			if want := reference(content)(off); want != [2]int{tt.line, tt.char} {
				t.Errorf("the reference decoder puts x at %d:%d; the table says %d:%d", want[0], want[1], tt.line, tt.char)
			}
		})
	}
}

// FuzzUTF16 compares the Mapper with the WHATWG reference decoder at
// every offset of any bytes, and maps every boundary back.
func FuzzUTF16(f *testing.F) {
	for _, s := range []string{"\xe2\x82a", "\xed\xa0\x80\r\n\xf0\x9f\x98\x80", "\xef\xbb\xbf\xc0\x80\rx", "\xf4\x90\x80\x80\n\xe0\xa0"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, content []byte) {
		m := NewMapper(content)
		at := reference(content)
		for off := 0; off <= len(content); off++ {
			line, char, err := m.UTF16(off)
			if want := at(off); err != nil || [2]int{line, char} != want {
				t.Fatalf("%q: UTF16(%d) = %d:%d, %v; the reference says %d:%d", content, off, line, char, err, want[0], want[1])
			}
		}
		checkRoundTrip(t, content)
	})
}

// decoded is one code point of the reference decoder's output, with the
// bytes it was decoded from.
type decoded struct {
	start, end int
	r          rune
}

// whatwgDecode is the UTF-8 decoder of the WHATWG Encoding Standard
// (section 9.1.2, "UTF-8 decoder"), step by step, after "UTF-8 decode"'s
// removal of a leading byte order mark. It is the reference next and
// bomLen are checked against, written from the standard's text and
// nothing else.
func whatwgDecode(in []byte) []decoded {
	var out []decoded
	i := 0
	if len(in) >= 3 && in[0] == 0xEF && in[1] == 0xBB && in[2] == 0xBF {
		i = 3
	}
	codePoint, bytesSeen, bytesNeeded := rune(0), 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	start := i
	for ; i < len(in); i++ {
		b := in[i]
		if bytesNeeded == 0 {
			start = i
			switch {
			case b <= 0x7F:
				out = append(out, decoded{i, i + 1, rune(b)})
			case b >= 0xC2 && b <= 0xDF:
				bytesNeeded, codePoint = 1, rune(b&0x1F)
			case b >= 0xE0 && b <= 0xEF:
				if b == 0xE0 {
					lower = 0xA0
				}
				if b == 0xED {
					upper = 0x9F
				}
				bytesNeeded, codePoint = 2, rune(b&0xF)
			case b >= 0xF0 && b <= 0xF4:
				if b == 0xF0 {
					lower = 0x90
				}
				if b == 0xF4 {
					upper = 0x8F
				}
				bytesNeeded, codePoint = 3, rune(b&0x7)
			default:
				out = append(out, decoded{i, i + 1, 0xFFFD})
			}
			continue
		}
		if b < lower || b > upper {
			// Restore the byte to the stream: it is read again.
			codePoint, bytesNeeded, bytesSeen = 0, 0, 0
			lower, upper = 0x80, 0xBF
			out = append(out, decoded{start, i, 0xFFFD})
			i--
			continue
		}
		lower, upper = 0x80, 0xBF
		codePoint = codePoint<<6 | rune(b&0x3F)
		bytesSeen++
		if bytesSeen != bytesNeeded {
			continue
		}
		out = append(out, decoded{start, i + 1, codePoint})
		codePoint, bytesNeeded, bytesSeen = 0, 0, 0
	}
	if bytesNeeded != 0 { // end of stream inside a sequence
		out = append(out, decoded{start, len(in), 0xFFFD})
	}
	return out
}

// reference returns, for content, the line and UTF-16 column of a byte
// offset as an editor that decodes content with whatwgDecode and splits
// its lines at "\r\n", "\n" and "\r" shows it: after every code point
// that ends at or before the offset (a line break counted only whole).
func reference(content []byte) func(off int) [2]int {
	cps := whatwgDecode(content)
	at := make([][2]int, len(content)+1) // by offset; zero until the first code point ends
	line, char, next := 0, 0, 0
	for k := 0; k < len(cps); k++ {
		c := cps[k]
		if c.r == '\r' && k+1 < len(cps) && cps[k+1].r == '\n' {
			c.end = cps[k+1].end
			k++
		}
		for ; next < c.end; next++ {
			at[next] = [2]int{line, char}
		}
		switch {
		case c.r == '\n' || c.r == '\r':
			line, char = line+1, 0
		case c.r >= 0x10000:
			char += 2
		default:
			char++
		}
	}
	for ; next <= len(content); next++ {
		at[next] = [2]int{line, char}
	}
	return func(off int) [2]int { return at[off] }
}

// TestReferenceDecoder pins the reference to the standard's own
// examples (and the Unicode Standard's table 3-8, which it follows).
func TestReferenceDecoder(t *testing.T) {
	for in, want := range map[string]string{
		"\xe2\x82a":     "\ufffda",
		"\xed\xa0\x80":  "\ufffd\ufffd\ufffd",
		"\xef\xbb\xbfa": "a",
		"a\xef\xbb\xbf": "a\ufeff",
		"\x61\xf1\x80\x80\xe1\x80\xc2\x62\x80\x63\x80\xbf\x64": "a\ufffd\ufffd\ufffdb\ufffdc\ufffd\ufffdd",
	} {
		var got []rune
		for _, c := range whatwgDecode([]byte(in)) {
			got = append(got, c.r)
		}
		if string(got) != want {
			t.Errorf("decode %q = %q, want %q", in, string(got), want)
		}
	}
}
