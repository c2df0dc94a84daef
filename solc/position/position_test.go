package position

import (
	"errors"
	"testing"
)

func TestUTF16(t *testing.T) {
	tests := []struct {
		name       string
		content    string
		offset     int
		line, char int
		byteCol    int
	}{
		{"start", "abc\ndef", 0, 0, 0, 0},
		{"ascii", "abc\ndef", 5, 1, 1, 1},
		{"line end", "abc\ndef", 3, 0, 3, 3},
		{"eof", "abc\ndef", 7, 1, 3, 3},
		{"eof after newline", "abc\n", 4, 1, 0, 0},
		{"two-byte", "é=1", 2, 0, 1, 2},
		{"three-byte", "x€y", 4, 0, 2, 4},
		{"astral", "𝄞x", 4, 0, 2, 4},
		{"emoji then ascii", "a😀b\nc", 5, 0, 3, 5},
		{"crlf second line", "ab\r\ncd", 5, 1, 1, 1},
		{"inside crlf", "ab\r\ncd", 3, 0, 2, 2},
		{"lone cr", "ab\rcd", 4, 1, 1, 1},
		{"mid-character rounds down", "€x", 1, 0, 0, 1},
		{"invalid lead bytes one unit each", "\xff\xfeA", 2, 0, 2, 2},
		{"empty", "", 0, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := NewMapper([]byte(tt.content))
			line, char, err := m.UTF16(tt.offset)
			if err != nil || line != tt.line || char != tt.char {
				t.Errorf("UTF16(%d) = %d:%d, %v; want %d:%d", tt.offset, line, char, err, tt.line, tt.char)
			}
			line, col, err := m.LineCol(tt.offset)
			if err != nil || line != tt.line || col != tt.byteCol {
				t.Errorf("LineCol(%d) = %d:%d, %v; want %d:%d", tt.offset, line, col, err, tt.line, tt.byteCol)
			}
		})
	}
}

func TestOffset(t *testing.T) {
	m := NewMapper([]byte("a😀b\r\nsecond\rthird"))
	tests := []struct {
		line, char, want int
		wantErr          bool
	}{
		{0, 0, 0, false},
		{0, 1, 1, false},
		{0, 2, 1, false}, // inside the surrogate pair
		{0, 3, 5, false},
		{0, 4, 6, false},
		{0, 99, 6, false}, // clamps to the line end, before \r\n
		{1, 0, 8, false},
		{2, 5, 20, false},
		{3, 0, 20, false}, // end of text
		{3, 1, 0, true},
		{-1, 0, 0, true},
	}
	for _, tt := range tests {
		got, err := m.Offset(tt.line, tt.char)
		if (err != nil) != tt.wantErr || (!tt.wantErr && got != tt.want) {
			t.Errorf("Offset(%d, %d) = %d, %v; want %d (err %v)", tt.line, tt.char, got, err, tt.want, tt.wantErr)
		}
		if err != nil && !errors.Is(err, ErrOutOfRange) {
			t.Errorf("Offset(%d, %d) error %v does not wrap ErrOutOfRange", tt.line, tt.char, err)
		}
	}
	if _, _, err := m.UTF16(100); !errors.Is(err, ErrOutOfRange) {
		t.Errorf("UTF16 past the end: %v", err)
	}
}

func TestRoundTrip(t *testing.T) {
	for _, s := range []string{"", "abc", "é€𝄞😀\n\r\nx\ry\n", "// ünïcödé\r\ncontract C { string s = \"𝄞\"; }\n"} {
		checkRoundTrip(t, []byte(s))
	}
}

// checkRoundTrip maps every character boundary (the decoder's, next) to
// UTF-16 and back; a byte order mark at the start is no boundary (its
// offsets map to column 0, which maps to its end).
func checkRoundTrip(t *testing.T, content []byte) {
	m := NewMapper(content)
	for off := bomLen(content); off <= len(content); {
		line, char, err := m.UTF16(off)
		if err != nil {
			t.Fatalf("UTF16(%d) of %q: %v", off, content, err)
		}
		back, err := m.Offset(line, char)
		if err != nil {
			t.Fatalf("Offset(%d,%d) of %q: %v", line, char, content, err)
		}
		start, end := m.LineRange(line)
		// Offsets inside a line break map to the line end.
		if want := min(off, end); back != want {
			t.Fatalf("%q: offset %d -> %d:%d -> %d, want %d", content, off, line, char, back, want)
		}
		l2, col, _ := m.LineCol(off)
		if l2 != line || col != min(off, end)-start {
			t.Fatalf("%q: LineCol(%d) = %d:%d inconsistent with LineRange %d..%d", content, off, l2, col, start, end)
		}
		if off == len(content) {
			break
		}
		size, _ := next(content[off:])
		off += size
	}
}

func FuzzMapper(f *testing.F) {
	f.Add([]byte("a\r\nb\rc\n😀é"))
	f.Add([]byte{0xff, '\n', 0xf0, 0x9d})
	f.Fuzz(func(t *testing.T, content []byte) {
		checkRoundTrip(t, content)
	})
}
