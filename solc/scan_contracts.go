package solc

// Declared is a contract, interface or library a source file declares, as
// the lexer sees it before any compile.
type Declared struct {
	Name  string
	Kind  string   // "contract", "abstract", "interface" or "library"
	Bases []string // the names after "is", qualifiers dropped ("L.Base" is "Base")
}

// ScanContracts lists the contracts, interfaces and libraries Solidity
// text declares, in order, with the bases each names. Like ScanDirectives
// it skips comments and strings, never fails and tolerates unfinished
// code: a file that does not compile still says what it declares.
func ScanContracts(src []byte) []Declared {
	var out []Declared
	s := scanner{src: src}
	abstract := false
	for {
		tok, text := s.next()
		if tok == tokEOF {
			return out
		}
		if tok != tokIdent {
			abstract = false
			continue
		}
		switch text {
		case "abstract":
			abstract = true
			continue
		case "contract", "interface", "library":
			t, name := s.next()
			if t != tokIdent {
				break
			}
			d := Declared{Name: name, Kind: text}
			if abstract && text == "contract" {
				d.Kind = "abstract"
			}
			d.Bases = scanBases(&s)
			out = append(out, d)
		}
		abstract = false
	}
}

// scanBases reads the inheritance list up to the body's "{": the last
// identifier of each entry at parenthesis depth zero, so that base
// constructor arguments and qualified names do not count.
func scanBases(s *scanner) []string {
	var bases []string
	inList, depth, last := false, 0, ""
	flush := func() {
		if last != "" {
			bases = append(bases, last)
		}
		last = ""
	}
	for {
		tok, text := s.next()
		switch {
		case tok == tokEOF, tok == tokPunct && text == "{" && depth == 0, tok == tokPunct && text == ";" && depth == 0:
			flush()
			return bases
		case tok == tokPunct && text == "(":
			depth++
		case tok == tokPunct && text == ")":
			depth = max(0, depth-1)
		case depth > 0:
		case tok == tokIdent && text == "is" && !inList:
			inList = true
		case tok == tokIdent && inList:
			last = text
		case tok == tokPunct && text == "," && inList:
			flush()
		}
	}
}
