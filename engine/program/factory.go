package program

import (
	"fmt"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// A factory that creates a contract and calls it in the same function
// (`p = new Proxy(...); p.initialize(impl, data);`) makes every such
// contract in one transaction: nobody else ever calls those functions on
// a fresh one first. The oracles read this to tell deployment from an
// attack on a contract the fuzzer deployed on its own.

// FactoryCalled returns the names of the functions of c that some
// function of c's build calls on a contract it has just created with
// `new` (c.Name), so each c is created and those functions called in
// one transaction. The map is shared: callers must not modify it.
func (c *Contract) FactoryCalled() map[string]bool {
	return c.shared().factoryCalls()[c.Name]
}

// factoryCalls maps each contract name to the functions called on a new
// instance of it in the function that created it, read once per build.
func (a *buildAST) factoryCalls() map[string]map[string]bool {
	a.factoryOnce.Do(func() {
		a.factory = map[string]map[string]bool{}
		for _, u := range a.units {
			solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
				if n.Type() != "FunctionDefinition" {
					return true
				}
				a.factoryIn(n)
				return false
			})
		}
	})
	return a.factory
}

// factoryIn records the calls function fn makes on contracts it creates.
func (a *buildAST) factoryIn(fn solc.Node) {
	created := map[string]string{} // declaration id -> contract created into it
	solc.Walk(fn, func(n solc.Node, _ []solc.Node) bool {
		switch n.Type() {
		case "VariableDeclarationStatement":
			decls, _ := n["declarations"].([]any)
			if name := createdBy(child(n, "initialValue")); name != "" && len(decls) == 1 {
				if d, ok := decls[0].(map[string]any); ok {
					created[fmt.Sprint(d["id"])] = name
				}
			}
		case "Assignment":
			if lhs := child(n, "leftHandSide"); lhs.Type() == "Identifier" {
				if name := createdBy(child(n, "rightHandSide")); name != "" {
					created[fmt.Sprint(lhs["referencedDeclaration"])] = name
				}
			}
		}
		return true
	})
	solc.Walk(fn, func(n solc.Node, _ []solc.Node) bool {
		if n.Type() != "FunctionCall" {
			return true
		}
		member := child(n, "expression")
		if member.Type() != "MemberAccess" {
			return true
		}
		base := child(member, "expression")
		name := createdBy(base)
		if base.Type() == "Identifier" {
			name = created[fmt.Sprint(base["referencedDeclaration"])]
		}
		if name == "" {
			return true
		}
		if a.factory[name] == nil {
			a.factory[name] = map[string]bool{}
		}
		a.factory[name][member.String("memberName")] = true
		return true
	})
}

// createdBy returns the name of the contract a `new C(...)` call n
// creates, or "".
func createdBy(n solc.Node) string {
	if n.Type() != "FunctionCall" || child(n, "expression").Type() != "NewExpression" {
		return ""
	}
	td := child(n, "typeDescriptions")
	name, ok := strings.CutPrefix(td.String("typeString"), "contract ")
	if !ok {
		return ""
	}
	return name
}
