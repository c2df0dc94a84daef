package program

import (
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// This file chooses, for code compiled with checked arithmetic (solc 0.8
// and later), the arithmetic whose wraps SWC-101 judges: the expressions
// of unchecked { } blocks. Checked arithmetic reverts instead of wrapping,
// and inline assembly and the compiler's own helpers are not Solidity
// expressions, so they never appear here. Left out too is arithmetic
// whose wrap is the code's intent:
//
//   - hash mixing: a product with a constant (h * 31) and the sums and
//     differences built on one (h * 31 + v), modular by design;
//   - 512-bit and modular math: every expression of a function that calls
//     mulmod (FullMath's and FixedPointMathLib's mulDiv compute with
//     wrapping products and an inverse modulo 2^256 on purpose).

// UncheckedSites is ArithSites for runtime code compiled with checked
// arithmetic (solc 0.8 and later): the ADD, SUB and MUL of the unchecked
// blocks' arithmetic expressions, less those whose wraps are intended.
// Nil for legacy code (ArithSites covers all of its arithmetic).
func (c *Contract) UncheckedSites() []ArithSite {
	if c.Legacy() {
		return nil
	}
	a := c.shared()
	a.uncheckedOnce.Do(func() { a.unchecked = a.arithTypes(false) })
	return sitesOf(&c.Artifact.Runtime, a.unchecked)
}

// uncheckedArith reports whether the arithmetic expression n, of a build
// with checked arithmetic, is one whose wraps are judged.
func uncheckedArith(n solc.Node, parents []solc.Node, modular map[string]bool) bool {
	inBlock := false
	for i := len(parents) - 1; i >= 0; i-- {
		switch parents[i].Type() {
		case "UncheckedBlock":
			inBlock = true
		case "FunctionDefinition", "ModifierDefinition":
			if !inBlock || modular[parents[i].String("src")] {
				return false
			}
			return !mixing(n)
		}
	}
	return false
}

// mixing reports a hash-mixing expression: a product with a literal, or a
// sum or difference with one for an operand.
func mixing(n solc.Node) bool {
	switch n.Type() {
	case "BinaryOperation":
		l, r := child(n, "leftExpression"), child(n, "rightExpression")
		switch n.String("operator") {
		case "*":
			return constant(l) || constant(r)
		case "+", "-":
			return mixing(l) || mixing(r)
		}
	case "Assignment":
		r := child(n, "rightHandSide")
		switch n.String("operator") {
		case "*=":
			return constant(r)
		case "+=", "-=":
			return mixing(r)
		}
	case "TupleExpression":
		if cs, ok := n["components"].([]any); ok && len(cs) == 1 {
			if c, ok := cs[0].(map[string]any); ok {
				return mixing(c)
			}
		}
	}
	return false
}

// constant reports a literal or a constant variable.
func constant(n solc.Node) bool {
	if n.Type() == "Literal" {
		return true
	}
	td, _ := n["typeDescriptions"].(map[string]any)
	id, _ := td["typeIdentifier"].(string)
	return strings.HasPrefix(id, "t_rational_") || n.Bool("isConstant")
}

func child(n solc.Node, key string) solc.Node {
	c, _ := n[key].(map[string]any)
	return c
}

// modularFuncs returns the src of every function of unit that calls
// mulmod, in Solidity or in inline assembly.
func modularFuncs(unit solc.Node) map[string]bool {
	out := map[string]bool{}
	solc.Walk(unit, func(n solc.Node, parents []solc.Node) bool {
		var name string
		switch n.Type() {
		case "Identifier":
			name = n.String("name")
		case "YulIdentifier":
			name = n.String("name")
		default:
			return true
		}
		if name != "mulmod" {
			return true
		}
		for i := len(parents) - 1; i >= 0; i-- {
			if t := parents[i].Type(); t == "FunctionDefinition" || t == "ModifierDefinition" {
				out[parents[i].String("src")] = true
				break
			}
		}
		return true
	})
	return out
}
