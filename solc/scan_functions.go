package solc

// A Body is a contract as ScanBodies finds it: its name, where the name
// is, and the functions declared directly in its body.
type Body struct {
	Name      string
	Kind      string // as Declared.Kind
	NameStart int    // byte offset of the name
	Functions []NamedAt
}

// NamedAt is a function's name and the byte offset where it is written.
type NamedAt struct {
	Name  string
	Start int
}

// ScanBodies lists the contracts Solidity text declares with the
// functions of each body, by name and offset. Like ScanContracts it skips
// comments and strings, never fails and tolerates unfinished code, so
// that an editor can list a test file's tests before it compiles.
func ScanBodies(src []byte) []Body {
	var out []Body
	s := scanner{src: src}
	depth := 0
	cur := -1 // index in out of the contract whose body is open, else -1
	abstract := false
	for {
		tok, text := s.next()
		switch {
		case tok == tokEOF:
			return out
		case tok == tokPunct && text == "{":
			depth++
		case tok == tokPunct && text == "}":
			if depth--; depth <= 0 {
				depth, cur = 0, -1
			}
		case tok == tokIdent && depth == 0 && text == "abstract":
			abstract = true
			continue
		case tok == tokIdent && depth == 0 && (text == "contract" || text == "interface" || text == "library"):
			t, name := s.next()
			if t != tokIdent {
				break
			}
			b := Body{Name: name, Kind: text, NameStart: s.pos - len(name)}
			if abstract && text == "contract" {
				b.Kind = "abstract"
			}
			scanBases(&s) // up to the body's "{" (or a ";")
			out = append(out, b)
			if s.pos > 0 && s.pos <= len(s.src) && s.src[s.pos-1] == '{' {
				depth, cur = 1, len(out)-1
			}
		case tok == tokIdent && depth == 1 && cur >= 0 && text == "function":
			if t, name := s.next(); t == tokIdent {
				out[cur].Functions = append(out[cur].Functions, NamedAt{Name: name, Start: s.pos - len(name)})
			}
		}
		abstract = false
	}
}
