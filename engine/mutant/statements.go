package mutant

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// This file holds the edits of statements (a require, an if-revert, a
// state write or an emit removed; unchecked removed or added) and of
// integer literals.

// statement removes a require, a write to a state variable, and wraps
// checked arithmetic in unchecked.
func (g *gen) statement(n solc.Node, parents []solc.Node) {
	e := child(n, "expression")
	switch {
	case isCallTo(e, "require"):
		args := children(e, "arguments")
		if len(args) > 0 {
			g.remove(n, parents, Guard, "`require("+g.short(args[0])+")` removed")
		}
	case e.Type() == "Assignment" || e.Type() == "UnaryOperation":
		target := child(e, "leftHandSide")
		if e.Type() == "UnaryOperation" {
			target = child(e, "subExpression")
		}
		if g.state[rootDeclaration(target)] {
			g.remove(n, parents, StateWrite, "`"+g.short(e)+"` removed")
		}
	}
	g.uncheckedAdded(n, parents)
}

// ifRevert removes an if whose only branch reverts.
func (g *gen) ifRevert(n solc.Node, parents []solc.Node) {
	if child(n, "falseBody").Type() != "" || !reverts(child(n, "trueBody")) {
		return
	}
	g.remove(n, parents, Guard, "`if ("+g.short(child(n, "condition"))+") revert` removed")
}

// reverts reports whether a statement is a revert or a block of one.
func reverts(n solc.Node) bool {
	switch n.Type() {
	case "RevertStatement":
		return true
	case "ExpressionStatement":
		return isCallTo(child(n, "expression"), "revert")
	case "Block":
		st := children(n, "statements")
		return len(st) == 1 && reverts(st[0])
	}
	return false
}

// isCallTo reports whether n calls the global function name.
func isCallTo(n solc.Node, name string) bool {
	c := child(n, "expression")
	return n.Type() == "FunctionCall" && c.Type() == "Identifier" && c.String("name") == name
}

// rootDeclaration is the declaration a written expression's base names
// (`balances` of `balances[a].b`).
func rootDeclaration(n solc.Node) string {
	for {
		switch n.Type() {
		case "Identifier":
			return idOf(n, "referencedDeclaration")
		case "IndexAccess":
			n = child(n, "baseExpression")
		case "MemberAccess":
			n = child(n, "expression")
		default:
			return ""
		}
	}
}

// remove deletes a statement with its semicolon; where a statement must
// stand (the branch of an if, a loop's body) it leaves an empty block.
func (g *gen) remove(n solc.Node, parents []solc.Node, op Operator, desc string) {
	s, e, ok := g.src(n)
	if !ok {
		return
	}
	e = g.semicolon(e)
	replace := ""
	if len(parents) == 0 || (parents[len(parents)-1].Type() != "Block" && parents[len(parents)-1].Type() != "UncheckedBlock") {
		replace = "{}"
	}
	g.addAt(s, e, replace, op, desc, parents, false)
}

// semicolon is the end of a statement that ends at e, past the
// semicolon that follows it (after white space only).
func (g *gen) semicolon(e int) int {
	i := e
	for i < len(g.content) && (g.content[i] == ' ' || g.content[i] == '\t' || g.content[i] == '\r' || g.content[i] == '\n') {
		i++
	}
	if i < len(g.content) && g.content[i] == ';' {
		return i + 1
	}
	return e
}

// uncheckedRemoved drops the unchecked of an unchecked block, which
// stays a block.
func (g *gen) uncheckedRemoved(n solc.Node, parents []solc.Node) {
	s, _, ok := g.src(n)
	if !ok || !bytes.HasPrefix(g.content[s:], []byte("unchecked")) {
		return
	}
	g.add(s, s+len("unchecked"), "", Unchecked, "`unchecked` removed", parents)
}

// uncheckedAdded wraps a statement of checked arithmetic (solc >= 0.8)
// in an unchecked block.
func (g *gen) uncheckedAdded(n solc.Node, parents []solc.Node) {
	if !g.checked || len(parents) == 0 || parents[len(parents)-1].Type() != "Block" || !hasArithmetic(n) {
		return
	}
	for _, p := range parents {
		if p.Type() == "UncheckedBlock" {
			return
		}
	}
	s, e, ok := g.src(n)
	if !ok {
		return
	}
	end := g.semicolon(e)
	if end == e {
		return
	}
	g.add(s, end, "unchecked { "+string(g.content[s:end])+" }", Unchecked, "`"+g.short(n)+"` made unchecked", parents)
}

// hasArithmetic reports whether n holds integer arithmetic that wraps
// when unchecked (+, -, *, their assignments, ++, --).
func hasArithmetic(n solc.Node) bool {
	found := false
	solc.Walk(n, func(c solc.Node, _ []solc.Node) bool {
		switch c.Type() {
		case "BinaryOperation", "Assignment", "UnaryOperation":
			switch c.String("operator") {
			case "+", "-", "*", "+=", "-=", "*=", "++", "--", "**":
				if isInteger(typeString(c)) && !strings.HasPrefix(typeString(c), "rational_const") {
					found = true
				}
			}
		case "FunctionCall":
			return false // arithmetic in a callee is not this block's
		}
		return !found
	})
	return found
}

// literal makes an integer literal one more and one less.
func (g *gen) literal(n solc.Node, parents []solc.Node) {
	if n.String("kind") != "number" || strings.HasPrefix(typeString(n), "address") {
		return
	}
	s, e, ok := g.src(n)
	if !ok {
		return
	}
	text := string(g.content[s:e])
	v, base := parseInt(text)
	for _, d := range []int64{1, -1} {
		var to string
		switch {
		case v == nil: // a unit, an exponent, a fraction: arithmetic around it
			to = fmt.Sprintf("(%s %s 1)", text, map[int64]string{1: "+", -1: "-"}[d])
		case d < 0 && v.Sign() == 0:
			continue
		case base == 16:
			to = "0x" + new(big.Int).Add(v, big.NewInt(d)).Text(16)
		default:
			to = new(big.Int).Add(v, big.NewInt(d)).String()
		}
		g.add(s, e, to, Constant, "`"+text+"` becomes `"+strings.Trim(to, "()")+"`", parents)
	}
}

// parseInt reads a plain decimal or hexadecimal integer literal (nil for
// another: units, exponents, fractions).
func parseInt(text string) (*big.Int, int) {
	t := strings.ReplaceAll(text, "_", "")
	base := 10
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		t, base = t[2:], 16
	}
	v, ok := new(big.Int).SetString(t, base)
	if !ok || t == "" {
		return nil, 0
	}
	return v, base
}
