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
//
// What the factory calls is a function declaration, and the declaration
// is what the build runs at creation: a concrete base that declares it,
// or a sibling that inherits it, deployed alone is as much a deployment
// mistake the build never makes (a lending protocol's factory initializes
// its immutable-admin proxies through their base's initialize; the base
// proxy is a concrete contract too). So is a function that runs such a
// declaration as an internal call (an initializer overload that also sets
// the admin and calls the base's).

// FactoryCalled returns the names of the functions of c that some
// function of c's build calls on a contract it has just created with
// `new`, or that carry or internally call such a function's declaration,
// so each c is created and those functions called in one transaction.
// The map is shared: callers must not modify it.
func (c *Contract) FactoryCalled() map[string]bool {
	return c.shared().factoryCalls()[c.Name]
}

// factoryCalls maps each contract name to its creation-time functions,
// read once per build.
func (a *buildAST) factoryCalls() map[string]map[string]bool {
	a.factoryOnce.Do(func() {
		a.factory = map[string]map[string]bool{}
		decls := map[string]bool{} // declaration ids called on a new contract
		for _, u := range a.units {
			solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
				if n.Type() != "FunctionDefinition" {
					return true
				}
				a.factoryIn(n, decls)
				return false
			})
		}
		if len(decls) > 0 {
			a.initializers(decls)
		}
	})
	return a.factory
}

// factoryIn records the calls function fn makes on contracts it creates,
// by contract name in a.factory and by declaration id in decls.
func (a *buildAST) factoryIn(fn solc.Node, decls map[string]bool) {
	created := map[string]string{} // declaration id -> contract created into it
	solc.Walk(fn, func(n solc.Node, _ []solc.Node) bool {
		switch n.Type() {
		case "VariableDeclarationStatement":
			ds, _ := n["declarations"].([]any)
			if name := createdBy(child(n, "initialValue")); name != "" && len(ds) == 1 {
				if d, ok := ds[0].(map[string]any); ok {
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
		if ref, ok := member["referencedDeclaration"]; ok && ref != nil {
			decls[fmt.Sprint(ref)] = true
		}
		return true
	})
}

// initializers adds to a.factory, for every contract of the build, the
// functions it carries (its own or inherited, not overridden) whose
// declaration is in decls, after growing decls by every public or
// external function that internally calls one of them.
func (a *buildAST) initializers(decls map[string]bool) {
	type fnDef struct {
		id, name, selector string
		public             bool
		node               solc.Node
	}
	defs := map[string][]fnDef{} // contract id -> its function definitions
	var contracts []solc.Node
	for _, u := range a.units {
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "ContractDefinition" {
				return true
			}
			contracts = append(contracts, n)
			cid := fmt.Sprint(n["id"])
			nodes, _ := n["nodes"].([]any)
			for _, x := range nodes {
				f := solc.Node(asMap(x))
				if f.Type() != "FunctionDefinition" || f.String("kind") != "function" {
					continue
				}
				vis := f.String("visibility")
				defs[cid] = append(defs[cid], fnDef{
					id: fmt.Sprint(f["id"]), name: f.String("name"),
					selector: f.String("functionSelector"),
					public:   vis == "public" || vis == "external", node: f,
				})
			}
			return false
		})
	}
	// A function that runs an initializer as an internal call is one:
	// grow decls to a fixed point (each pass adds at least one or stops).
	for grew := true; grew; {
		grew = false
		for _, fs := range defs {
			for _, f := range fs {
				if f.public && !decls[f.id] && callsInternally(f.node, decls) {
					decls[f.id] = true
					grew = true
				}
			}
		}
	}
	for _, c := range contracts {
		lin, _ := c["linearizedBaseContracts"].([]any)
		seen := map[string]bool{} // name+selector of the most derived definition
		for _, b := range lin {
			for _, f := range defs[fmt.Sprint(b)] {
				key := f.name + "/" + f.selector
				if seen[key] {
					continue // overridden by a more derived contract
				}
				seen[key] = true
				if f.public && decls[f.id] {
					name := c.String("name")
					if a.factory[name] == nil {
						a.factory[name] = map[string]bool{}
					}
					a.factory[name][f.name] = true
				}
			}
		}
	}
}

// callsInternally reports whether fn's body calls one of decls as an
// internal call: by name, or through a contract name or super
// (`Base.initialize(...)`), not on another contract's address.
func callsInternally(fn solc.Node, decls map[string]bool) bool {
	found := false
	solc.Walk(child(fn, "body"), func(n solc.Node, _ []solc.Node) bool {
		if found || n.Type() != "FunctionCall" {
			return !found
		}
		e := child(n, "expression")
		switch e.Type() {
		case "Identifier":
			found = decls[fmt.Sprint(e["referencedDeclaration"])]
		case "MemberAccess":
			on := child(e, "expression")
			td := child(on, "typeDescriptions").String("typeString")
			// A base's name or super: "type(contract A)", "type(contract super B)".
			if on.Type() == "Identifier" && strings.HasPrefix(td, "type(contract ") {
				found = decls[fmt.Sprint(e["referencedDeclaration"])]
			}
		}
		return true
	})
	return found
}

func asMap(x any) map[string]any {
	m, _ := x.(map[string]any)
	return m
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
