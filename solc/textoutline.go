package solc

// A dependency's logging and helper libraries (forge-std's console.sol
// and console2.sol: thousands of overloads) make most of a test unit's
// AST output, which solc-js spends seconds writing and Foresight parses
// on every campaign, for a few facts. For a file that is nothing but
// libraries of internal functions, those facts are read from the text
// instead (OutlineText), and the compile does not ask for its AST
// (astOmitted). The reader is strict: anything it does not read exactly
// as the AST would give it (a modifier, a public function, a free
// function, an unusual escape) makes it refuse the file, which then
// keeps its AST.

// A TextOutline is what Foresight reads from a source unit's AST, read
// from its text: its contracts (libraries only), their functions, and its
// number and string literals, as the AST's Literal nodes have them.
type TextOutline struct {
	Contracts []ContractDef
	Functions []Function // File is 0: Build.Functions sets the unit's id
	Numbers   []NumberLiteral
	Strings   [][]byte // string, unicode and hex string literals, decoded
}

// A NumberLiteral is a number Literal node's value (as written) and
// subdenomination ("" for none).
type NumberLiteral struct {
	Value, Subdenomination string
}

// OutlineText reads a file made only of pragmas, imports and libraries
// whose members are internal or private functions (with bodies, no
// modifiers) and declarations without code (constants, structs, enums,
// events, errors, using-for). It refuses (false) anything else, and any
// function that creates a contract, asserts or has an unchecked block,
// so that nothing the engine reads from an AST beyond the outline can be
// in the file. Positions are those of solc 0.8.2 and later (which give
// nameLocation).
func OutlineText(src []byte) (*TextOutline, bool) {
	r := &outliner{lx: lexer{src: src}, out: &TextOutline{}}
	if !r.file() || r.lx.bad {
		return nil, false
	}
	return r.out, true
}

type outliner struct {
	lx  lexer
	out *TextOutline
	// peeked is a token read ahead (for a number's subdenomination and
	// adjacent string literals, which solc joins into one).
	peeked *lexToken
	quiet  bool // in a directive or assembly: strings and numbers are no Literal nodes
}

// next returns the next token, recording literals unless quiet.
func (r *outliner) next() lexToken {
	t := r.take()
	if r.quiet {
		return t
	}
	switch t.kind {
	case lexNumber:
		n := NumberLiteral{Value: string(r.lx.src[t.start:t.end])}
		if p := r.peek(); p.kind == lexIdent && subdenomination[p.text] {
			n.Subdenomination = p.text
			r.take()
		}
		r.out.Numbers = append(r.out.Numbers, n)
	case lexString, lexHexString, lexUnicodeString:
		val := t.value
		for p := r.peek(); p.kind >= lexString; p = r.peek() {
			if p.kind != t.kind {
				r.lx.bad = true // "a" hex"00": not one literal
				break
			}
			val = append(val[:len(val):len(val)], p.value...)
			r.take()
		}
		r.out.Strings = append(r.out.Strings, val)
	}
	return t
}

func (r *outliner) take() lexToken {
	if r.peeked != nil {
		t := *r.peeked
		r.peeked = nil
		return t
	}
	return r.lx.next()
}

func (r *outliner) peek() lexToken {
	if r.peeked == nil {
		t := r.lx.next()
		r.peeked = &t
	}
	return *r.peeked
}

var subdenomination = map[string]bool{
	"wei": true, "gwei": true, "szabo": true, "finney": true, "ether": true,
	"seconds": true, "minutes": true, "hours": true, "days": true, "weeks": true, "years": true,
}

func (r *outliner) file() bool {
	for {
		t := r.next()
		switch {
		case t.kind == lexEOF:
			return true
		case t.is("pragma"):
			// A version (>=0.4.22) is no number token: read to the ";".
			end := indexFrom(r.lx.src, r.lx.pos, ";")
			if end < 0 {
				return false
			}
			r.lx.pos = end + 1
		case t.is("import"):
			r.quiet = true
			ok := r.skipPast(";")
			r.quiet = false
			if !ok {
				return false
			}
		case t.is("library"):
			if !r.library(t.start) {
				return false
			}
		default:
			return false
		}
	}
}

// skipPast reads up to and including punctuation p.
func (r *outliner) skipPast(p string) bool {
	for {
		t := r.next()
		if t.kind == lexEOF || r.lx.bad {
			return false
		}
		if t.punct(p) {
			return true
		}
	}
}

func (r *outliner) library(start int) bool {
	name := r.next()
	if name.kind != lexIdent || !r.next().punct("{") {
		return false
	}
	c := ContractDef{Name: name.text, Kind: "library", Start: start, NameStart: name.start, NameEnd: name.end, CtorStart: -1, CtorEnd: -1}
	for {
		t := r.next()
		switch {
		case t.punct("}"):
			c.End = t.end
			r.out.Contracts = append(r.out.Contracts, c)
			return true
		case t.is("function"):
			if !r.function(c.Name, t.start) {
				return false
			}
		case t.kind == lexEOF, t.is("modifier"), t.is("constructor"), t.is("fallback"), t.is("receive"):
			return false
		default:
			if !r.declaration(t) {
				return false
			}
		}
	}
}

// declaration reads a member without code up to its ";" or, for a struct
// or enum, its closing brace.
func (r *outliner) declaration(t lexToken) bool {
	depth := 0
	for ; ; t = r.next() {
		switch {
		case t.kind == lexEOF || r.lx.bad || !allowedInLibrary(t):
			return false
		case t.punct("(") || t.punct("["):
			depth++
		case t.punct(")") || t.punct("]"):
			depth--
		case t.punct("{") && depth == 0:
			_, ok := r.block()
			return ok
		case t.punct("{"):
			depth++
		case t.punct("}"):
			if depth--; depth < 0 {
				return false
			}
		case t.punct(";") && depth == 0:
			return true
		}
	}
}

// allowedInLibrary refuses the words whose code the engine reads from
// the AST beyond the outline: a contract created (the factory table), an
// assert (assert ranges), an unchecked block (the arithmetic it judges).
func allowedInLibrary(t lexToken) bool {
	return !t.is("new") && !t.is("assert") && !t.is("unchecked")
}

func (r *outliner) function(contract string, start int) bool {
	name := r.next()
	if name.kind != lexIdent || !r.next().punct("(") || !r.balanced(")") {
		return false
	}
	f := Function{Contract: contract, Name: name.text, Kind: "function", Mutability: "nonpayable", Start: start, NameStart: name.start, Implemented: true}
	for {
		t := r.next()
		switch {
		case (t.is("internal") || t.is("private")) && f.Visibility == "":
			f.Visibility = t.text
		case (t.is("pure") || t.is("view")) && f.Mutability == "nonpayable":
			f.Mutability = t.text
		case t.is("returns"):
			if !r.next().punct("(") || !r.balanced(")") {
				return false
			}
		case t.punct("{") && f.Visibility != "":
			end, ok := r.block()
			if !ok {
				return false
			}
			f.End = end
			r.out.Functions = append(r.out.Functions, f)
			return true
		default:
			return false
		}
	}
}

// balanced reads up to the closing punctuation close of an opened
// bracket, nested brackets of any kind included.
func (r *outliner) balanced(close string) bool {
	depth := 0
	for {
		t := r.next()
		switch {
		case t.kind == lexEOF || r.lx.bad || !allowedInLibrary(t):
			return false
		case t.punct("(") || t.punct("[") || t.punct("{"):
			depth++
		case t.punct(")") || t.punct("]") || t.punct("}"):
			if depth == 0 {
				return t.punct(close)
			}
			depth--
		}
	}
}

// block reads a code block after its "{" and returns the end of its
// closing brace; inline assembly is read quietly (its literals are
// Yul's, not Literal nodes).
func (r *outliner) block() (int, bool) {
	depth := 0
	for {
		t := r.next()
		switch {
		case t.kind == lexEOF || r.lx.bad || !allowedInLibrary(t):
			return 0, false
		case t.is("assembly"):
			r.quiet = true
			ok := r.skipPast("{") && r.balanced("}")
			r.quiet = false
			if !ok {
				return 0, false
			}
		case t.punct("{"):
			depth++
		case t.punct("}"):
			if depth == 0 {
				return t.end, true
			}
			depth--
		}
	}
}
