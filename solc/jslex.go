package solc

import "strings"

// Token kinds of jsLexer besides single punctuation characters (which are
// their own kind).
const (
	jsEOF    = -1
	jsIdent  = -2
	jsString = -3
	jsNumber = -4
)

type jsToken struct {
	kind int
	text string // identifier, unquoted string, number or the character
}

// jsLexer splits JavaScript/TypeScript source into the tokens a literal
// needs. It skips comments and never fails: what it does not know comes
// back one character at a time, so scanning a whole config for a key goes
// on past syntax it cannot read.
type jsLexer struct {
	src    string
	pos    int
	peeked *jsToken
}

func (l *jsLexer) peek() jsToken {
	if l.peeked == nil {
		t := l.scan()
		l.peeked = &t
	}
	return *l.peeked
}

func (l *jsLexer) next() jsToken {
	if l.peeked != nil {
		t := *l.peeked
		l.peeked = nil
		return t
	}
	return l.scan()
}

func (l *jsLexer) scan() jsToken {
	l.skipSpace()
	if l.pos >= len(l.src) {
		return jsToken{kind: jsEOF}
	}
	c := l.src[l.pos]
	switch {
	case c == '"' || c == '\'':
		return l.str(c)
	case c == '`':
		return l.template()
	case isJSIdentStart(c):
		start := l.pos
		for l.pos < len(l.src) && (isJSIdentStart(l.src[l.pos]) || isDigit(l.src[l.pos])) {
			l.pos++
		}
		return jsToken{kind: jsIdent, text: l.src[start:l.pos]}
	case isDigit(c) || c == '.' && l.pos+1 < len(l.src) && isDigit(l.src[l.pos+1]):
		start := l.pos
		for l.pos < len(l.src) && (isDigit(l.src[l.pos]) || strings.IndexByte("._eExXabcdefABCDEF", l.src[l.pos]) >= 0) {
			l.pos++
		}
		return jsToken{kind: jsNumber, text: l.src[start:l.pos]}
	}
	l.pos++
	return jsToken{kind: int(c), text: string(c)}
}

func (l *jsLexer) skipSpace() {
	for l.pos < len(l.src) {
		switch {
		case strings.HasPrefix(l.src[l.pos:], "//"):
			if i := strings.IndexByte(l.src[l.pos:], '\n'); i >= 0 {
				l.pos += i + 1
			} else {
				l.pos = len(l.src)
			}
		case strings.HasPrefix(l.src[l.pos:], "/*"):
			if i := strings.Index(l.src[l.pos+2:], "*/"); i >= 0 {
				l.pos += i + 4
			} else {
				l.pos = len(l.src)
			}
		case strings.IndexByte(" \t\r\n", l.src[l.pos]) >= 0:
			l.pos++
		default:
			return
		}
	}
}

// str reads a quoted string; an unterminated one ends at the line end.
func (l *jsLexer) str(q byte) jsToken {
	var b strings.Builder
	l.pos++
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == q:
			l.pos++
			return jsToken{kind: jsString, text: b.String()}
		case c == '\n':
			return jsToken{kind: jsString, text: b.String()}
		case c == '\\' && l.pos+1 < len(l.src):
			b.WriteByte(l.src[l.pos+1])
			l.pos += 2
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
	return jsToken{kind: jsString, text: b.String()}
}

// template reads a template literal; one with ${...} is not a literal
// value, so it comes back as a '`' token.
func (l *jsLexer) template() jsToken {
	end := strings.IndexByte(l.src[l.pos+1:], '`')
	if end < 0 {
		l.pos = len(l.src)
		return jsToken{kind: '`', text: "`"}
	}
	body := l.src[l.pos+1 : l.pos+1+end]
	l.pos += end + 2
	if strings.Contains(body, "${") {
		return jsToken{kind: '`', text: "`"}
	}
	return jsToken{kind: jsString, text: body}
}

func isJSIdentStart(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
