// Package sourcemap decodes the bytecode source maps emitted by solc and maps
// EVM program counters to Solidity source ranges and back.
//
// A source map (evm.bytecode.sourceMap or evm.deployedBytecode.sourceMap in
// solc's standard JSON output) is a list of entries separated by ';', one per
// instruction, not per byte. Each entry has the form s:l:f:j:m: the start
// byte offset of the source range, its length in bytes, the source id, the
// jump type ('i', 'o' or '-') and, from solc 0.6 on, the modifier depth.
//
// The list is compressed: an empty field, or a missing trailing field,
// inherits the value of the previous entry, and an entirely empty entry
// repeats the previous entry. See Decode for how the first entry is treated.
//
// Source ids refer either to a source unit (output.sources[name].id) or to a
// compiler-generated Yul source (the generatedSources of the bytecode object);
// this package does not distinguish them, the caller does.
package sourcemap

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Jump is the jump type of a source map entry.
type Jump byte

// Jump types, using the letters that appear in source maps.
const (
	// JumpRegular marks an instruction that is not a jump into or out of a
	// function (including ordinary jumps inside a function).
	JumpRegular Jump = '-'
	// JumpInto marks a jump into a function.
	JumpInto Jump = 'i'
	// JumpOut marks a jump returning from a function.
	JumpOut Jump = 'o'
)

// String returns the letter used for j in source maps ("i", "o" or "-"), or a
// Go-syntax representation for an invalid value.
func (j Jump) String() string {
	switch j {
	case JumpRegular:
		return "-"
	case JumpInto:
		return "i"
	case JumpOut:
		return "o"
	}
	return fmt.Sprintf("Jump(%d)", byte(j))
}

// Entry is one decoded source map entry: the source range of one instruction.
//
// Start, Length and File are -1 when solc had no source location for the
// instruction; File may also be -1 on its own, for code that is not
// associated with any source (for example some compiler-generated code).
type Entry struct {
	Start         int  // byte offset of the range in the source, or -1
	Length        int  // length of the range in bytes, or -1
	File          int  // source id, or -1 for none
	Jump          Jump // jump type
	ModifierDepth int  // modifier depth; always 0 before solc 0.6
}

// HasSource reports whether e refers to an actual source range, that is
// whether its file, start and length are all known (not -1).
func (e Entry) HasSource() bool {
	return e.File >= 0 && e.Start >= 0 && e.Length >= 0
}

// ErrMalformed is the error wrapped by every error Decode (and New) returns
// for a syntactically invalid source map.
var ErrMalformed = errors.New("malformed source map")

// A SyntaxError describes a malformed field of a source map. It wraps
// ErrMalformed, so callers can test for it with errors.Is and recover the
// location with errors.As.
type SyntaxError struct {
	Entry int    // zero-based index of the malformed entry
	Field int    // zero-based index of the malformed field (0 s, 1 l, 2 f, 3 j, 4 m, 5 an excess field)
	Text  string // text of the malformed field, or of the rest of the entry for an excess field
}

// fieldNames names the fields of an entry, indexed like SyntaxError.Field.
var fieldNames = [numFields]string{"start", "length", "file", "jump", "modifier depth"}

const numFields = 5

// maxTextInError bounds how much of the offending text an error message quotes.
const maxTextInError = 32

// Error implements the error interface.
func (e *SyntaxError) Error() string {
	text := e.Text
	if len(text) > maxTextInError {
		text = text[:maxTextInError] + "..."
	}
	if e.Field < 0 || e.Field >= numFields {
		return fmt.Sprintf("%v: entry %d: more than %d fields (%q)", ErrMalformed, e.Entry, numFields, text)
	}
	return fmt.Sprintf("%v: entry %d: invalid %s %q", ErrMalformed, e.Entry, fieldNames[e.Field], text)
}

// Unwrap returns ErrMalformed.
func (e *SyntaxError) Unwrap() error { return ErrMalformed }

// initial is the "previous entry" the first entry of a source map inherits
// from. Start, length and file are -1, matching the state solc's encoder
// starts from, so a first entry whose start (or length, or file) field solc
// left empty decodes to the -1 solc meant. solc always writes the jump type
// and, from 0.6 on, the modifier depth of the first entry explicitly; '-'
// and 0 are the defaults for hand-written maps and for pre-0.6 maps, which
// have no modifier depth.
var initial = Entry{Start: -1, Length: -1, File: -1, Jump: JumpRegular, ModifierDepth: 0}

// Decode decodes a compressed source map into one Entry per instruction.
//
// Empty fields, missing trailing fields and empty entries inherit from the
// previous entry; the first entry inherits from {Start: -1, Length: -1,
// File: -1, Jump: JumpRegular, ModifierDepth: 0}. Numbers are unsigned
// decimals no larger than math.MaxInt32; start, length and file may also be
// -1, which solc emits for instructions without a source location. The empty
// string decodes to no entries.
//
// A malformed map (a non-numeric or negative field other than -1, a jump type
// other than 'i', 'o' or '-', more than five fields) yields a *SyntaxError,
// which wraps ErrMalformed.
func Decode(s string) ([]Entry, error) {
	if s == "" {
		return nil, nil
	}
	entries := make([]Entry, 0, strings.Count(s, ";")+1)
	prev := initial
	for i := 0; ; i++ {
		raw, rest, more := strings.Cut(s, ";")
		e, err := decodeEntry(raw, prev, i)
		if err != nil {
			return nil, err
		}
		entries = append(entries, e)
		if !more {
			return entries, nil
		}
		prev, s = e, rest
	}
}

// decodeEntry decodes the entry raw, with index i, inheriting from prev.
func decodeEntry(raw string, prev Entry, i int) (Entry, error) {
	e := prev
	for field := 0; ; field++ {
		if field == numFields {
			return Entry{}, &SyntaxError{Entry: i, Field: field, Text: raw}
		}
		text, rest, more := strings.Cut(raw, ":")
		if text != "" {
			var ok bool
			switch field {
			case 0:
				e.Start, ok = parseInt(text, true)
			case 1:
				e.Length, ok = parseInt(text, true)
			case 2:
				e.File, ok = parseInt(text, true)
			case 3:
				e.Jump, ok = parseJump(text)
			case 4:
				e.ModifierDepth, ok = parseInt(text, false)
			}
			if !ok {
				return Entry{}, &SyntaxError{Entry: i, Field: field, Text: text}
			}
		}
		if !more {
			return e, nil
		}
		raw = rest
	}
}

// parseInt parses a non-empty unsigned decimal no larger than
// math.MaxInt32, or "-1" if minusOne is set.
func parseInt(s string, minusOne bool) (int, bool) {
	if s == "-1" {
		return -1, minusOne
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
		if n > math.MaxInt32 {
			return 0, false
		}
	}
	return n, len(s) > 0
}

// parseJump parses a jump type letter.
func parseJump(s string) (Jump, bool) {
	if len(s) != 1 {
		return 0, false
	}
	switch j := Jump(s[0]); j {
	case JumpRegular, JumpInto, JumpOut:
		return j, true
	}
	return 0, false
}
