package mutant

import (
	"bytes"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// The operators' replacements: a comparison's boundary moved and its
// negation; arithmetic swapped with its inverse.
var (
	comparisons = map[string][]string{
		"<": {"<=", ">="}, "<=": {"<", ">"}, ">": {">=", "<="}, ">=": {">", "<"},
		"==": {"!="}, "!=": {"=="},
	}
	arithmetic = map[string][]string{
		"+": {"-"}, "-": {"+"}, "*": {"/"}, "/": {"*"}, "%": {"*"}, "**": {"*"},
	}
	assignments = map[string][]string{
		"+=": {"-="}, "-=": {"+="}, "*=": {"/="}, "/=": {"*="}, "%=": {"*="},
	}
)

// binary swaps a comparison or arithmetic operator.
func (g *gen) binary(n solc.Node, parents []solc.Node) {
	op := n.String("operator")
	alts, op2 := comparisons[op], Comparison
	if alts == nil && isInteger(typeString(n)) {
		alts, op2 = arithmetic[op], Arithmetic
	}
	g.operator(n, child(n, "leftExpression"), child(n, "rightExpression"), op, alts, op2, parents)
}

// assignment swaps a compound assignment's operator (`-=` for `+=`).
func (g *gen) assignment(n solc.Node, parents []solc.Node) {
	op := n.String("operator")
	g.operator(n, child(n, "leftHandSide"), child(n, "rightHandSide"), op, assignments[op], Arithmetic, parents)
}

// operator replaces op, found between the operands' ranges with only
// white space beside it, by each of alts.
func (g *gen) operator(n, left, right solc.Node, op string, alts []string, kind Operator, parents []solc.Node) {
	if len(alts) == 0 {
		return
	}
	_, le, ok1 := g.src(left)
	rs, _, ok2 := g.src(right)
	if !ok1 || !ok2 || rs < le {
		return
	}
	gap := g.content[le:rs]
	i := bytes.Index(gap, []byte(op))
	if i < 0 || len(bytes.TrimSpace(gap[:i])) > 0 || len(bytes.TrimSpace(gap[i+len(op):])) > 0 {
		return // a comment or parenthesis beside it: not edited blind
	}
	for _, alt := range alts {
		g.add(le+i, le+i+len(op), alt, kind, "`"+op+"` becomes `"+alt+"`", parents)
	}
}

// unary swaps ++ and --.
func (g *gen) unary(n solc.Node, parents []solc.Node) {
	op := n.String("operator")
	alt := map[string]string{"++": "--", "--": "++"}[op]
	s, e, ok := g.src(n)
	if alt == "" || !ok {
		return
	}
	at := e - len(op)
	if n.Bool("prefix") {
		at = s
	}
	if at < s || string(g.content[at:at+len(op)]) != op {
		return
	}
	g.add(at, at+len(op), alt, Arithmetic, "`"+op+"` becomes `"+alt+"`", parents)
}

// sender swaps msg.sender and tx.origin.
func (g *gen) sender(n solc.Node, parents []solc.Node) {
	base := child(n, "expression")
	if base.Type() != "Identifier" {
		return
	}
	var from, to string
	switch {
	case base.String("name") == "msg" && n.String("memberName") == "sender":
		from, to = "msg.sender", "tx.origin"
	case base.String("name") == "tx" && n.String("memberName") == "origin":
		from, to = "tx.origin", "msg.sender"
	default:
		return
	}
	if s, e, ok := g.src(n); ok && string(g.content[s:e]) == from {
		g.add(s, e, to, Sender, "`"+from+"` becomes `"+to+"`", parents)
	}
}

// arguments swaps each two neighbouring arguments of a call that have
// one type and differ.
func (g *gen) arguments(n solc.Node, parents []solc.Node) {
	if names, _ := n["names"].([]any); n.String("kind") != "functionCall" || len(names) > 0 {
		return
	}
	callee := child(n, "expression")
	if callee.Type() == "Identifier" {
		switch callee.String("name") {
		case "require", "assert", "revert":
			return
		}
	}
	args := children(n, "arguments")
	for i := 0; i+1 < len(args); i++ {
		a, b := args[i], args[i+1]
		as, ae, ok1 := g.src(a)
		bs, be, ok2 := g.src(b)
		ta, tb := string(g.content[as:ae]), string(g.content[bs:be])
		if !ok1 || !ok2 || ae > bs || typeString(a) != typeString(b) || typeString(a) == "" || ta == tb {
			continue
		}
		g.add(as, be, tb+string(g.content[ae:bs])+ta, Arguments, "arguments `"+g.short(a)+"` and `"+g.short(b)+"` swapped", parents)
	}
}

// modifiers removes each modifier of a function whose header (up to its
// body) has a changed line; a base constructor's arguments are no
// modifier.
func (g *gen) modifiers(n solc.Node, parents []solc.Node) {
	s, e, ok := g.src(n)
	if !ok {
		return
	}
	if bs, _, ok := g.src(child(n, "body")); ok && bs > s {
		e = bs
	}
	l0, _, err0 := g.mapper.LineCol(s)
	l1, _, err1 := g.mapper.LineCol(e)
	if err0 != nil || err1 != nil || !g.anyChanged(l0+1, l1+1) {
		return
	}
	parents = append(parents, n)
	for _, m := range children(n, "modifiers") {
		kind := m.String("kind")
		if kind == "baseConstructorSpecifier" || kind == "" && n.String("kind") == "constructor" {
			continue
		}
		ms, me, ok := g.src(m)
		if !ok {
			continue
		}
		if ms > 0 && g.content[ms-1] == ' ' {
			ms-- // the space before it goes too
		}
		name := child(m, "modifierName")
		g.addAt(ms, me, "", Modifier, "modifier `"+g.short(name)+"` removed", parents, true)
	}
}

// anyChanged reports whether a line from..to (one-based) changed.
func (g *gen) anyChanged(from, to int) bool {
	for l := from; l <= to; l++ {
		if g.lines.Has(l) {
			return true
		}
	}
	return false
}

// isInteger reports whether a type string is an integer's.
func isInteger(t string) bool {
	return strings.HasPrefix(t, "uint") || strings.HasPrefix(t, "int") || strings.HasPrefix(t, "rational_const")
}
