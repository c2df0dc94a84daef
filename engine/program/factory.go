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
// A contract is created by `new C(...)`, `new C{salt: s}(...)`, or by
// CREATE or CREATE2 in inline assembly, or a call, given C's creation
// code (`type(C).creationCode`: the OpenZeppelin SDK's ProxyFactory and
// Create2.deploy). The value is followed through locals, conversions
// (`C(payable(addr))`, `address(p)`) and the internal functions that
// return it (a `_createProxy` helper), so that a factory whose helper
// creates and whose caller initializes is one as well: both run in the
// same transaction.
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
// function of c's build calls on a contract it has just created, or that
// carry or internally call such a function's declaration, so each c is
// created and those functions called in one transaction. The map is
// shared: callers must not modify it.
func (c *Contract) FactoryCalled() map[string]bool {
	return c.shared().factoryCalls()[c.Name]
}

// factoryCalls maps each contract name to its creation-time functions,
// read once per build.
func (a *buildAST) factoryCalls() map[string]map[string]bool {
	a.factoryOnce.Do(func() {
		a.factory = map[string]map[string]bool{}
		var fns []solc.Node
		for _, u := range a.units {
			solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
				if n.Type() != "FunctionDefinition" {
					return true
				}
				fns = append(fns, n)
				return false
			})
		}
		fns = creating(fns)
		makers := creators(fns)
		decls := map[string]bool{} // declaration ids called on a new contract
		for _, fn := range fns {
			a.factoryIn(fn, makers, decls)
		}
		if len(decls) > 0 {
			a.initializers(decls)
		}
	})
	return a.factory
}

// creating returns the functions of fns that may hold a contract they
// created: those that create one (`new`, a creation code) or call one
// that may, by name. The others cannot be factories, and are not read
// again.
func creating(fns []solc.Node) []solc.Node {
	in := make([]bool, len(fns))
	calls := make([][]string, len(fns))
	ids := map[string]int{}
	for i, fn := range fns {
		ids[fmt.Sprint(fn["id"])] = i
		solc.Walk(child(fn, "body"), func(n solc.Node, _ []solc.Node) bool {
			switch n.Type() {
			case "NewExpression":
				in[i] = true
			case "MemberAccess":
				in[i] = in[i] || n.String("memberName") == "creationCode"
			case "FunctionCall":
				if f := child(n, "expression"); f.Type() == "Identifier" {
					calls[i] = append(calls[i], fmt.Sprint(f["referencedDeclaration"]))
				}
			}
			return true
		})
	}
	// Grow to a fixed point: each pass adds a function or stops.
	for grew := true; grew; {
		grew = false
		for i := range fns {
			for _, c := range calls[i] {
				if j, ok := ids[c]; ok && in[j] && !in[i] {
					in[i], grew = true, true
				}
			}
		}
	}
	var out []solc.Node
	for i, fn := range fns {
		if in[i] {
			out = append(out, fn)
		}
	}
	return out
}

// creators maps the declaration id of every function of fns that returns
// a contract it created (directly or through another such function) to
// that contract's name.
func creators(fns []solc.Node) map[string]string {
	makers := map[string]string{}
	// Grow to a fixed point: each pass adds a function or stops.
	for grew := true; grew; {
		grew = false
		for _, fn := range fns {
			id := fmt.Sprint(fn["id"])
			if makers[id] != "" {
				continue
			}
			cr := newCreations(fn, makers)
			name := ""
			if ps, _ := child(fn, "returnParameters")["parameters"].([]any); len(ps) == 1 {
				name = cr.locals[fmt.Sprint(asMap(ps[0])["id"])]
			}
			solc.Walk(child(fn, "body"), func(n solc.Node, _ []solc.Node) bool {
				if n.Type() == "Return" && name == "" {
					name = cr.of(child(n, "expression"))
				}
				return name == ""
			})
			if name != "" {
				makers[id] = name
				grew = true
			}
		}
	}
	return makers
}

// creations are the values of one function that hold a contract it
// created.
type creations struct {
	locals map[string]string // declaration id -> name of the contract created into it
	makers map[string]string // creators
	code   map[string]string // declaration id -> name of the contract whose creation code it holds
}

// newCreations finds the locals (return variables included) of fn that
// hold a contract it created, given the functions that return one.
func newCreations(fn solc.Node, makers map[string]string) *creations {
	cr := &creations{locals: map[string]string{}, makers: makers, code: map[string]string{}}
	body := child(fn, "body")
	// A local assigned from another may come first in the walk's order:
	// a second pass sees what the first found.
	for range 2 {
		solc.Walk(body, func(n solc.Node, _ []solc.Node) bool {
			switch n.Type() {
			case "VariableDeclarationStatement":
				ds, _ := n["declarations"].([]any)
				if len(ds) == 1 {
					cr.assign(fmt.Sprint(asMap(ds[0])["id"]), child(n, "initialValue"))
				}
			case "Assignment":
				if lhs := child(n, "leftHandSide"); lhs.Type() == "Identifier" {
					cr.assign(fmt.Sprint(lhs["referencedDeclaration"]), child(n, "rightHandSide"))
				}
			case "InlineAssembly":
				cr.assembly(n, body)
			}
			return true
		})
	}
	return cr
}

// assign notes that declaration id was given the value of e.
func (cr *creations) assign(id string, e solc.Node) {
	if e == nil {
		return
	}
	if name := cr.of(e); name != "" {
		cr.locals[id] = name
	}
	if name := cr.codeOf(e); name != "" {
		cr.code[id] = name
	}
}

// assembly notes the Solidity variables that inline assembly n assigns
// the result of create or create2, in a function (body) that takes one
// contract's creation code: that contract is what they hold.
func (cr *creations) assembly(n, body solc.Node) {
	name := onlyCode(body)
	if name == "" {
		return
	}
	refs := map[string]string{} // src of a Solidity variable in the assembly -> its declaration
	rs, _ := n["externalReferences"].([]any)
	for _, r := range rs {
		m := asMap(r)
		refs[fmt.Sprint(m["src"])] = fmt.Sprint(m["declaration"])
	}
	solc.Walk(n, func(y solc.Node, _ []solc.Node) bool {
		if y.Type() != "YulAssignment" {
			return true
		}
		f := child(child(y, "value"), "functionName").String("name")
		if f != "create" && f != "create2" {
			return true
		}
		vs, _ := y["variableNames"].([]any)
		for _, v := range vs {
			if id, ok := refs[fmt.Sprint(asMap(v)["src"])]; ok {
				cr.locals[id] = name
			}
		}
		return true
	})
}

// of returns the name of the contract the function created that
// expression e holds, or "".
func (cr *creations) of(e solc.Node) string {
	if name := createdBy(e); name != "" {
		return name
	}
	switch e.Type() {
	case "Identifier":
		return cr.locals[fmt.Sprint(e["referencedDeclaration"])]
	case "TupleExpression":
		if cs, _ := e["components"].([]any); len(cs) == 1 {
			return cr.of(asMap(cs[0]))
		}
	case "FunctionCall":
		args, _ := e["arguments"].([]any)
		switch f := child(e, "expression"); {
		case e.String("kind") == "typeConversion" && len(args) == 1:
			return cr.of(asMap(args[0]))
		case f.Type() == "Identifier" && cr.makers[fmt.Sprint(f["referencedDeclaration"])] != "":
			return cr.makers[fmt.Sprint(f["referencedDeclaration"])]
		case e.String("kind") == "functionCall":
			// A call given a contract's creation code deploys it
			// (Create2.deploy(0, salt, type(C).creationCode)).
			for _, x := range args {
				if name := cr.codeOf(asMap(x)); name != "" {
					return name
				}
			}
		}
	}
	return ""
}

// codeOf returns the name of the contract whose creation code expression
// e is or holds, or "".
func (cr *creations) codeOf(e solc.Node) string {
	switch e.Type() {
	case "MemberAccess":
		return creationCode(e)
	case "Identifier":
		return cr.code[fmt.Sprint(e["referencedDeclaration"])]
	case "FunctionCall":
		// The code with constructor arguments appended
		// (abi.encodePacked(type(C).creationCode, abi.encode(x))).
		if f := child(child(e, "expression"), "expression"); f.Type() == "Identifier" && f.String("name") == "abi" {
			args, _ := e["arguments"].([]any)
			if len(args) > 0 {
				return cr.codeOf(asMap(args[0]))
			}
		}
	}
	return ""
}

// creationCode returns C for the expression `type(C).creationCode`,
// else "".
func creationCode(e solc.Node) string {
	if e.Type() != "MemberAccess" || e.String("memberName") != "creationCode" {
		return ""
	}
	td := child(child(e, "expression"), "typeDescriptions").String("typeString")
	name, ok := strings.CutPrefix(td, "type(contract ")
	if !ok {
		return ""
	}
	return strings.TrimSuffix(name, ")")
}

// onlyCode returns the contract whose creation code body takes, or ""
// when it takes none or several's.
func onlyCode(body solc.Node) string {
	name, several := "", false
	solc.Walk(body, func(n solc.Node, _ []solc.Node) bool {
		if c := creationCode(n); c != "" {
			several = several || name != "" && name != c
			name = c
		}
		return true
	})
	if several {
		return ""
	}
	return name
}

// factoryIn records the calls function fn makes on contracts it creates,
// by contract name in a.factory and by declaration id in decls.
func (a *buildAST) factoryIn(fn solc.Node, makers map[string]string, decls map[string]bool) {
	cr := newCreations(fn, makers)
	solc.Walk(fn, func(n solc.Node, _ []solc.Node) bool {
		if n.Type() != "FunctionCall" {
			return true
		}
		member := child(n, "expression")
		if member.Type() != "MemberAccess" {
			return true
		}
		name := cr.of(child(member, "expression"))
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

// createdBy returns the name of the contract a `new C(...)` or
// `new C{salt: s}(...)` call n creates, or "".
func createdBy(n solc.Node) string {
	if n.Type() != "FunctionCall" {
		return ""
	}
	f := child(n, "expression")
	if f.Type() == "FunctionCallOptions" {
		f = child(f, "expression")
	}
	if f.Type() != "NewExpression" {
		return ""
	}
	td := child(n, "typeDescriptions")
	name, ok := strings.CutPrefix(td.String("typeString"), "contract ")
	if !ok {
		return ""
	}
	return name
}
