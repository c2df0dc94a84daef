package solc

import (
	"encoding/hex"
	"strconv"
	"unicode/utf8"
)

// The lexer of OutlineText (textoutline.go): unlike scan.go's, it reads
// numbers as written and strings decoded, as the AST's Literal nodes
// have them.

type lexKind int

const (
	lexEOF lexKind = iota
	lexIdent
	lexNumber
	lexPunct
	lexString // lexString and after: string literals
	lexHexString
	lexUnicodeString
)

type lexToken struct {
	kind       lexKind
	text       string // identifier or punctuation
	start, end int
	value      []byte // a string literal's bytes
}

func (t lexToken) is(word string) bool { return t.kind == lexIdent && t.text == word }
func (t lexToken) punct(p string) bool { return t.kind == lexPunct && t.text == p }

// lexer is a Solidity lexer precise enough for literals: numbers as
// written, strings decoded. bad is set by what it does not read exactly
// (an unterminated comment or string, an escape it does not know).
type lexer struct {
	src []byte
	pos int
	bad bool
}

func (l *lexer) next() lexToken {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		start := l.pos
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			l.pos++
		case c == '/' && l.at(1) == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.at(1) == '*':
			end := indexFrom(l.src, l.pos+2, "*/")
			if end < 0 {
				l.bad = true
				return lexToken{kind: lexEOF}
			}
			l.pos = end + 2
		case c == '"' || c == '\'':
			v := l.str(c)
			return lexToken{kind: lexString, start: start, end: l.pos, value: v}
		case isIdentStart(c):
			for l.pos < len(l.src) && isIdentPart(l.src[l.pos]) {
				l.pos++
			}
			word := string(l.src[start:l.pos])
			if q := l.at(0); (q == '"' || q == '\'') && (word == "hex" || word == "unicode") {
				if word == "hex" {
					return lexToken{kind: lexHexString, start: start, end: l.pos, value: l.hexStr(q)}
				}
				return lexToken{kind: lexUnicodeString, start: start, end: l.pos, value: l.str(q)}
			}
			return lexToken{kind: lexIdent, text: word, start: start, end: l.pos}
		case isDigit(c) || c == '.' && isDigit(l.at(1)):
			l.number()
			return lexToken{kind: lexNumber, start: start, end: l.pos}
		default:
			l.pos++
			return lexToken{kind: lexPunct, text: string(c), start: start, end: l.pos}
		}
	}
	return lexToken{kind: lexEOF, start: len(l.src), end: len(l.src)}
}

func (l *lexer) at(k int) byte {
	if l.pos+k < len(l.src) {
		return l.src[l.pos+k]
	}
	return 0
}

func isHexDigit(c byte) bool { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// number reads a decimal (with fraction and exponent) or hex number.
func (l *lexer) number() {
	digits := func(ok func(byte) bool) {
		for l.pos < len(l.src) && (ok(l.src[l.pos]) || l.src[l.pos] == '_') {
			l.pos++
		}
	}
	if l.at(0) == '0' && (l.at(1) == 'x' || l.at(1) == 'X') {
		l.pos += 2
		digits(isHexDigit)
	} else {
		digits(isDigit)
		if l.at(0) == '.' && isDigit(l.at(1)) {
			l.pos++
			digits(isDigit)
		}
		if e := l.at(0); e == 'e' || e == 'E' {
			l.pos++
			if l.at(0) == '-' {
				l.pos++
			}
			digits(isDigit)
		}
	}
	if isIdentPart(l.at(0)) || l.at(0) == '.' {
		l.bad = true // 1.foo, 0x12g: nothing to read as the AST would
	}
}

// str reads a quoted string after l.pos's quote q, with solc's escapes
// decoded.
func (l *lexer) str(q byte) []byte {
	l.pos++
	out := []byte{}
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == q:
			l.pos++
			return out
		case c == '\n' || c == '\r':
			l.bad = true
			return out
		case c == '\\':
			out = l.escape(out)
			if l.bad {
				return out
			}
		default:
			out = append(out, c)
			l.pos++
		}
	}
	l.bad = true
	return out
}

// escape decodes the escape sequence at l.pos.
func (l *lexer) escape(out []byte) []byte {
	e := l.at(1)
	l.pos += 2
	switch e {
	case '\\', '\'', '"':
		return append(out, e)
	case 'n':
		return append(out, '\n')
	case 'r':
		return append(out, '\r')
	case 't':
		return append(out, '\t')
	case '\n':
		return out // a line continuation
	case 'x':
		if l.pos+2 <= len(l.src) && isHexDigit(l.src[l.pos]) && isHexDigit(l.src[l.pos+1]) {
			b, _ := hex.DecodeString(string(l.src[l.pos : l.pos+2]))
			l.pos += 2
			return append(out, b...)
		}
	case 'u':
		if l.pos+4 <= len(l.src) {
			if v, err := strconv.ParseUint(string(l.src[l.pos:l.pos+4]), 16, 32); err == nil && (v < 0xd800 || v > 0xdfff) {
				l.pos += 4
				return utf8.AppendRune(out, rune(v))
			}
		}
	}
	l.bad = true
	return out
}

// hexStr reads hex"..." after the prefix: pairs of hex digits, "_"
// between pairs.
func (l *lexer) hexStr(q byte) []byte {
	l.pos++
	var digits []byte
	for l.pos < len(l.src) && l.src[l.pos] != q {
		if c := l.src[l.pos]; isHexDigit(c) {
			digits = append(digits, c)
		} else if c != '_' {
			l.bad = true
			return nil
		}
		l.pos++
	}
	if l.pos >= len(l.src) || len(digits)%2 != 0 {
		l.bad = true
		return nil
	}
	l.pos++
	out, _ := hex.DecodeString(string(digits))
	if out == nil {
		out = []byte{}
	}
	return out
}

func indexFrom(src []byte, from int, sub string) int {
	for i := from; i+len(sub) <= len(src); i++ {
		if string(src[i:i+len(sub)]) == sub {
			return i
		}
	}
	return -1
}
