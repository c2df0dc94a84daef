package solc

// Directives are what the driver needs from a source file before compiling
// it: its version pragmas and its import paths, in order of appearance.
type Directives struct {
	Pragmas     []string // text after "pragma solidity", trimmed, without ";"
	PragmaSpans [][2]int // byte range of each pragma directive, "pragma" to ";"
	Imports     []string // import paths as written
	ImportSpans [][2]int // byte range of each import's path literal, quotes included
}

// ScanDirectives extracts pragma solidity directives and import paths from
// Solidity source text. It skips comments and string contents, never fails,
// and tolerates unfinished code: it is a lexer, not a parser.
func ScanDirectives(src []byte) Directives {
	var d Directives
	s := scanner{src: src}
	for {
		tok, text := s.next()
		switch tok {
		case tokEOF:
			return d
		case tokIdent:
			switch text {
			case "pragma":
				kw := s.pos - len("pragma")
				if t, w := s.next(); t == tokIdent && w == "solidity" {
					start := s.pos
					end := s.skipTo(';')
					d.Pragmas = append(d.Pragmas, trimSpace(string(src[start:end])))
					d.PragmaSpans = append(d.PragmaSpans, [2]int{kw, min(end+1, len(src))})
				}
			case "import":
				// The path is the last string literal before ';' in every
				// import form ("x"; "x" as y; * as y from "x"; {a} from "x").
				last := ""
				var span [2]int
				seen := false
				for {
					t, w := s.next()
					if t == tokEOF || (t == tokPunct && w == ";") {
						break
					}
					if t == tokString {
						last, seen, span = w, true, [2]int{s.tok, s.pos}
					}
				}
				if seen {
					d.Imports = append(d.Imports, last)
					d.ImportSpans = append(d.ImportSpans, span)
				}
			}
		}
	}
}

type token int

const (
	tokEOF token = iota
	tokIdent
	tokString
	tokPunct
)

type scanner struct {
	src []byte
	pos int
	tok int // start of the token next returned
}

func (s *scanner) next() (token, string) {
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.pos++
		case c == '/' && s.peek(1) == '/':
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		case c == '/' && s.peek(1) == '*':
			s.pos += 2
			for s.pos < len(s.src) && !(s.src[s.pos] == '*' && s.peek(1) == '/') {
				s.pos++
			}
			s.pos += 2
		case c == '"' || c == '\'':
			s.tok = s.pos
			return tokString, s.str(c)
		case isIdentStart(c):
			start := s.pos
			for s.pos < len(s.src) && isIdentPart(s.src[s.pos]) {
				s.pos++
			}
			return tokIdent, string(s.src[start:s.pos])
		default:
			s.pos++
			return tokPunct, string(c)
		}
	}
	s.pos = len(s.src)
	return tokEOF, ""
}

func (s *scanner) peek(k int) byte {
	if s.pos+k < len(s.src) {
		return s.src[s.pos+k]
	}
	return 0
}

func (s *scanner) str(q byte) string {
	s.pos++
	var out []byte
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		switch {
		case c == q:
			s.pos++
			return string(out)
		case c == '\\' && s.pos+1 < len(s.src):
			out = append(out, s.src[s.pos+1])
			s.pos += 2
		case c == '\n':
			return string(out) // unterminated
		default:
			out = append(out, c)
			s.pos++
		}
	}
	return string(out)
}

// skipTo advances past the next occurrence of c outside comments and returns
// the offset of c (or the end of input).
func (s *scanner) skipTo(c byte) int {
	for s.pos < len(s.src) {
		if s.src[s.pos] == c {
			end := s.pos
			s.pos++
			return end
		}
		if s.src[s.pos] == '/' && (s.peek(1) == '/' || s.peek(1) == '*') {
			break
		}
		s.pos++
	}
	return s.pos
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

func isIdentPart(c byte) bool { return isIdentStart(c) || (c >= '0' && c <= '9') }

func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	for j > i && (s[j-1] == ' ' || s[j-1] == '\t' || s[j-1] == '\n' || s[j-1] == '\r') {
		j--
	}
	return s[i:j]
}
