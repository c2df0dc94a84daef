// Package position converts byte offsets in source text, which solc and the
// engine use, to zero-based lines and columns, counted in bytes or in UTF-16
// code units (what LSP positions count), and back.
//
// Lines end at "\n", "\r\n" or a lone "\r", as the LSP specification says.
// Columns never count the line break.
//
// UTF-16 columns count the text as the editor shows it, decoded as VS Code
// decodes a file (the WHATWG UTF-8 decoder, TextDecoder): a byte order mark
// at the start is not part of the text, and each maximal subpart of an
// invalid sequence (decode.go) is one U+FFFD, one unit.
package position

import (
	"errors"
	"fmt"
)

// ErrOutOfRange is wrapped by errors for offsets or lines outside the text.
var ErrOutOfRange = errors.New("position out of range")

// A Mapper converts positions within one immutable text.
type Mapper struct {
	content []byte
	starts  []int // byte offset of the start of each line
}

// NewMapper indexes content's lines. content must not be modified later.
func NewMapper(content []byte) *Mapper {
	starts := []int{0}
	for i := 0; i < len(content); i++ {
		switch content[i] {
		case '\n':
			starts = append(starts, i+1)
		case '\r':
			if i+1 < len(content) && content[i+1] == '\n' {
				i++
			}
			starts = append(starts, i+1)
		}
	}
	return &Mapper{content: content, starts: starts}
}

// Content returns the text.
func (m *Mapper) Content() []byte { return m.content }

// Lines returns the number of lines; a text ending in a line break has an
// empty last line.
func (m *Mapper) Lines() int { return len(m.starts) }

// LineRange returns the byte range of a line without its line break.
func (m *Mapper) LineRange(line int) (start, end int) {
	if line < 0 || line >= len(m.starts) {
		return len(m.content), len(m.content)
	}
	start = m.starts[line]
	end = len(m.content)
	if line+1 < len(m.starts) {
		end = m.starts[line+1]
		if end > start && m.content[end-1] == '\n' {
			end--
		}
		if end > start && m.content[end-1] == '\r' {
			end--
		}
	}
	return start, end
}

// line returns the line holding offset (binary search over line starts).
func (m *Mapper) line(offset int) (int, error) {
	if offset < 0 || offset > len(m.content) {
		return 0, fmt.Errorf("offset %d in %d bytes: %w", offset, len(m.content), ErrOutOfRange)
	}
	lo, hi := 0, len(m.starts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.starts[mid] <= offset {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo, nil
}

// LineCol returns the zero-based line and byte column of offset. An offset
// inside a line break is reported at the end of its line.
func (m *Mapper) LineCol(offset int) (line, col int, err error) {
	line, err = m.line(offset)
	if err != nil {
		return 0, 0, err
	}
	start, end := m.LineRange(line)
	return line, min(offset, end) - start, nil
}

// UTF16 returns the zero-based line and UTF-16 column of offset. Characters
// outside the Basic Multilingual Plane count two units; each maximal
// subpart of invalid UTF-8 counts one (a U+FFFD); a byte order mark at the
// start of the text counts none. An offset inside a character, a maximal
// subpart or the byte order mark rounds down to its start (solc's offsets
// are always on boundaries).
func (m *Mapper) UTF16(offset int) (line, char int, err error) {
	line, err = m.line(offset)
	if err != nil {
		return 0, 0, err
	}
	start, end := m.lineText(line)
	offset = min(offset, end)
	for i := start; i < offset; {
		size, units := next(m.content[i:end])
		if i+size > offset {
			break
		}
		char += units
		i += size
	}
	return line, char, nil
}

// lineText is LineRange without the byte order mark that may start the
// text: the range whose characters UTF-16 columns count.
func (m *Mapper) lineText(line int) (start, end int) {
	start, end = m.LineRange(line)
	if line == 0 {
		start = min(bomLen(m.content), end)
	}
	return start, end
}

// Offset converts a zero-based line and UTF-16 column to a byte offset. A
// column past the end of the line clamps to the line's end, as LSP
// specifies; a column inside a surrogate pair rounds down to the character
// start. Column 0 of the first line is after a byte order mark. The line
// after the last is accepted only at column 0 (end of text).
func (m *Mapper) Offset(line, char int) (int, error) {
	if line < 0 || char < 0 {
		return 0, fmt.Errorf("line %d, column %d: %w", line, char, ErrOutOfRange)
	}
	if line >= len(m.starts) {
		if line == len(m.starts) && char == 0 {
			return len(m.content), nil
		}
		return 0, fmt.Errorf("line %d of %d: %w", line, len(m.starts), ErrOutOfRange)
	}
	start, end := m.lineText(line)
	i := start
	for units := 0; i < end; {
		size, n := next(m.content[i:end])
		if units+n > char {
			break
		}
		units += n
		i += size
	}
	return i, nil
}
