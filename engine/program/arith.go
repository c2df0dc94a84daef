package program

import (
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/solc"
)

// An ArithSite is an ADD, SUB or MUL of the runtime (or creation) code that computes a
// Solidity arithmetic expression of an integer type.
type ArithSite struct {
	PC     uint64
	Bits   int // 8..256
	Signed bool
}

// ArithSites finds, for code compiled without checked arithmetic (solc
// before 0.8), every ADD, SUB and MUL whose source range is exactly an
// arithmetic expression (a + b, x -= y, i++) of integer type, with that
// type: a wrap in a uint8 is a wrap at 256, not at 2^256. Compiler-made
// arithmetic (offsets, lengths, hashing helpers) maps to other ranges and
// is left out. Nil for 0.8 and later, where arithmetic is checked.
func (c *Contract) ArithSites() []ArithSite { return c.arithSites(&c.Artifact.Runtime) }

// CreationArithSites is ArithSites for the creation code: the
// constructor's arithmetic (and that of the functions it calls).
func (c *Contract) CreationArithSites() []ArithSite { return c.arithSites(&c.Artifact.Creation) }

func (c *Contract) arithSites(bc *solc.Code) []ArithSite {
	if !c.Legacy() {
		return nil
	}
	a := c.shared()
	a.arithOnce.Do(func() { a.arith = a.arithTypes(true) })
	return sitesOf(bc, a.arith)
}

// sitesOf finds the ADD, SUB and MUL of bc whose source range is one of
// types'.
func sitesOf(bc *solc.Code, types map[srcKey]ArithSite) []ArithSite {
	if len(types) == 0 {
		return nil
	}
	var out []ArithSite
	code := bc.Bytes
	for pc := 0; pc < len(code); pc++ {
		op := vm.OpCode(code[pc])
		if op == vm.ADD || op == vm.SUB || op == vm.MUL {
			if e, ok := bc.Map.Entry(uint64(pc)); ok && e.HasSource() {
				if s, ok := types[srcKey{e.Start, e.Length, e.File}]; ok {
					s.PC = uint64(pc)
					out = append(out, s)
				}
			}
		}
		if op >= vm.PUSH1 && op <= vm.PUSH32 {
			pc += int(op - vm.PUSH1 + 1)
		}
	}
	return out
}

// arithTypes maps the source ranges of the build's integer arithmetic
// expressions to their types; with checked arithmetic (not legacy), those
// of unchecked blocks that uncheckedArith keeps.
func (a *buildAST) arithTypes(legacy bool) map[srcKey]ArithSite {
	types := map[srcKey]ArithSite{}
	for _, u := range a.units {
		var modular map[string]bool
		if !legacy {
			modular = modularFuncs(u.ast)
		}
		solc.Walk(u.ast, func(n solc.Node, parents []solc.Node) bool {
			var op, typ string
			switch n.Type() {
			case "BinaryOperation":
				op = n.String("operator")
				if ct, ok := n["commonType"].(map[string]any); ok {
					typ, _ = ct["typeString"].(string)
				}
			case "Assignment":
				op = strings.TrimSuffix(n.String("operator"), "=")
				typ = typeString(n)
			case "UnaryOperation":
				op = n.String("operator")
				typ = typeString(n)
				if sub, ok := n["subExpression"].(map[string]any); ok && solc.Node(sub).Type() == "MemberAccess" && solc.Node(sub).String("memberName") == "length" {
					// arr.length-- on an empty array: what it enables is
					// reported, as the arbitrary storage write (SWC-124).
					return true
				}
			default:
				return true
			}
			if op != "+" && op != "-" && op != "*" && op != "++" && op != "--" {
				return true
			}
			bits, signed, ok := intType(typ)
			if !ok || !legacy && !uncheckedArith(n, parents, modular) {
				return true
			}
			start, end, file, ok := n.Src()
			if ok {
				types[srcKey{start, end - start, file}] = ArithSite{Bits: bits, Signed: signed}
			}
			return true
		})
	}
	return types
}

// Legacy reports code compiled before 0.8: unchecked arithmetic, and
// dynamic array lengths that can underflow.
func (c *Contract) Legacy() bool {
	return c.Build.Compiler != nil && c.Build.Compiler.Version().Less(solc.Version{Major: 0, Minor: 8})
}

func typeString(n solc.Node) string {
	td, _ := n["typeDescriptions"].(map[string]any)
	s, _ := td["typeString"].(string)
	return s
}

// intType parses "uint8", "int256", "uint" into a width and signedness.
func intType(s string) (bits int, signed bool, ok bool) {
	switch {
	case strings.HasPrefix(s, "uint"):
		s = s[4:]
	case strings.HasPrefix(s, "int"):
		s, signed = s[3:], true
	default:
		return 0, false, false
	}
	if s == "" {
		return 256, signed, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 8 || n > 256 || n%8 != 0 {
		return 0, false, false
	}
	return n, signed, true
}
