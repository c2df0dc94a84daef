package mutant

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
)

// Generate returns the mutants of the changed lines of builds' files:
// changed maps an absolute path to its lines (All for every line); a file
// no build holds with an AST gives none. The edits are found on the
// compiler's AST (byte ranges of its "src"), so each replaces exactly an
// operator, a literal, a statement or a modifier; the result is sorted
// by file and place and each mutant numbered on its line (ID).
func Generate(builds []*solc.Build, changed map[string]Lines) ([]Mutant, error) {
	var out []Mutant
	seen := map[string]bool{}
	for _, b := range builds {
		if b.Output == nil {
			continue
		}
		state, err := stateVariables(b)
		if err != nil {
			return nil, err
		}
		for unit, src := range b.Output.Sources {
			u := b.Units[unit]
			if u == nil || seen[u.Path] || len(src.AST) == 0 {
				continue
			}
			lines, ok := changed[u.Path]
			if !ok {
				continue
			}
			seen[u.Path] = true
			ast, err := solc.ParseAST(src.AST)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", unit, err)
			}
			g := &gen{unit: unit, path: u.Path, content: u.Content, lines: lines, mapper: position.NewMapper(u.Content), state: state}
			g.checked = b.Compiler != nil && !b.Compiler.Version().Less(solc.Version{Minor: 8})
			solc.Walk(ast, g.visit)
			out = append(out, g.out...)
		}
	}
	return sortMutants(out), nil
}

// stateVariables are the ids of the state variables of every unit of b
// (a write may name one a base contract in another file declares).
func stateVariables(b *solc.Build) (map[string]bool, error) {
	out := map[string]bool{}
	for unit, src := range b.Output.Sources {
		if len(src.AST) == 0 {
			continue
		}
		ast, err := solc.ParseAST(src.AST)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", unit, err)
		}
		solc.Walk(ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() == "VariableDeclaration" && n.Bool("stateVariable") && !n.Bool("constant") && n.String("mutability") != "immutable" {
				out[idOf(n, "id")] = true
			}
			return true
		})
	}
	return out, nil
}

// gen is the walk over one unit's AST.
type gen struct {
	unit, path string
	content    []byte
	lines      Lines
	mapper     *position.Mapper
	state      map[string]bool
	checked    bool // solc >= 0.8: arithmetic is checked, unchecked exists
	out        []Mutant
}

// visit makes the mutants of one node; operators.go has one function
// per operator.
func (g *gen) visit(n solc.Node, parents []solc.Node) bool {
	switch n.Type() {
	case "PragmaDirective", "ImportDirective", "ArrayTypeName", "UserDefinedTypeName", "ElementaryTypeName":
		return false // no code, or a type: nothing to mutate inside
	case "BinaryOperation":
		g.binary(n, parents)
	case "Assignment":
		g.assignment(n, parents)
	case "UnaryOperation":
		g.unary(n, parents)
	case "Literal":
		g.literal(n, parents)
	case "ExpressionStatement":
		g.statement(n, parents)
	case "IfStatement":
		g.ifRevert(n, parents)
	case "EmitStatement":
		g.remove(n, parents, Emit, "`"+g.short(n)+"` removed")
	case "FunctionCall":
		g.arguments(n, parents)
	case "MemberAccess":
		g.sender(n, parents)
	case "UncheckedBlock":
		g.uncheckedRemoved(n, parents)
	case "FunctionDefinition":
		g.modifiers(n, parents)
	}
	return true
}

// add records the edit of [start, end) to replace when its line changed.
func (g *gen) add(start, end int, replace string, op Operator, desc string, parents []solc.Node) {
	g.addAt(start, end, replace, op, desc, parents, false)
}

// addAt is add, on any line when force (a modifier of a changed header).
func (g *gen) addAt(start, end int, replace string, op Operator, desc string, parents []solc.Node, force bool) {
	line, col, err := g.mapper.LineCol(start)
	if err != nil || !force && !g.lines.Has(line+1) {
		return
	}
	m := Mutant{Path: g.path, Unit: g.unit, Line: line + 1, Column: col + 1, Start: start, End: end,
		Original: string(g.content[start:end]), Replace: replace, Operator: op, Description: desc, Function: function(parents), Probe: []int{line + 1}}
	if op == Guard || op == StateWrite || op == Emit {
		m.Removes, m.Probe = true, g.probe(line+1, start, end, parents)
	}
	g.out = append(g.out, m)
}

// probe lists the lines, in the mutant's text, whose reach stands for a
// removal's on line: that line, those after it to the end of the
// enclosing function, then those before it back to its start.
func (g *gen) probe(line, start, end int, parents []solc.Node) []int {
	out := []int{line}
	for i := len(parents) - 1; i >= 0; i-- {
		p := parents[i]
		if p.Type() != "FunctionDefinition" && p.Type() != "ModifierDefinition" {
			continue
		}
		fs, fe, ok := g.src(p)
		if !ok {
			break
		}
		first, _, err0 := g.mapper.LineCol(fs)
		last, _, err1 := g.mapper.LineCol(fe)
		if err0 != nil || err1 != nil {
			break
		}
		gone := strings.Count(string(g.content[start:end]), "\n") // lines the removal joins
		for l := line + 1; l <= last+1-gone; l++ {
			out = append(out, l)
		}
		for l := line - 1; l >= first+1; l-- {
			out = append(out, l)
		}
		break
	}
	return out
}

// function is the "Contract.function" of the innermost external or
// public function among parents ("" in another).
func function(parents []solc.Node) string {
	var fn, contract string
	for _, p := range parents {
		switch p.Type() {
		case "ContractDefinition":
			contract = p.String("name")
		case "FunctionDefinition":
			if v := p.String("visibility"); p.String("kind") == "function" && (v == "public" || v == "external") {
				fn = p.String("name")
			}
		}
	}
	if fn == "" || contract == "" {
		return ""
	}
	return contract + "." + fn
}

// src is a node's byte range, checked against the content.
func (g *gen) src(n solc.Node) (int, int, bool) {
	s, e, _, ok := n.Src()
	if !ok || e > len(g.content) {
		return 0, 0, false
	}
	return s, e, true
}

// text is a node's source text ("" when it has no range).
func (g *gen) text(n solc.Node) string {
	s, e, ok := g.src(n)
	if !ok {
		return ""
	}
	return string(g.content[s:e])
}

// short is a node's text on one line, cut to a length a message holds.
func (g *gen) short(n solc.Node) string {
	t := strings.Join(strings.Fields(g.text(n)), " ")
	if len(t) > 48 {
		t = t[:45] + "..."
	}
	return t
}

// child is the node under key ("" type when absent).
func child(n solc.Node, key string) solc.Node {
	m, _ := n[key].(map[string]any)
	return solc.Node(m)
}

// children are the nodes of the list under key.
func children(n solc.Node, key string) []solc.Node {
	list, _ := n[key].([]any)
	var out []solc.Node
	for _, v := range list {
		if m, ok := v.(map[string]any); ok {
			out = append(out, solc.Node(m))
		}
	}
	return out
}

// idOf is a numeric field (an id or a reference) as text.
func idOf(n solc.Node, key string) string {
	switch v := n[key].(type) {
	case json.Number:
		return v.String()
	case float64:
		return fmt.Sprint(int64(v))
	}
	return ""
}

// typeString is the node's type as the compiler prints it.
func typeString(n solc.Node) string {
	td, _ := n["typeDescriptions"].(map[string]any)
	s, _ := td["typeString"].(string)
	return s
}
