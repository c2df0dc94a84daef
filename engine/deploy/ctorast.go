package deploy

import (
	"encoding/json"
	"strings"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// Compilers before 0.5.11 write no internalType into the ABI, so a
// constructor parameter typed by a contract (`ERC20 _token`) is a plain
// address there. This file reads the parameter types from the AST
// instead: the constructor a contract runs is its own or the nearest
// base's (in linearization order), and a parameter's typeString reads
// "contract ERC20" like an internalType.

// astTypes maps "unit:name" of every contract of a build to the
// typeStrings of the constructor it runs ("" for none found).
type astTypes map[string][]string

// ctorASTTypes reads the constructor parameter types of the contracts of
// c's build from its ASTs.
func ctorASTTypes(c *program.Contract) astTypes {
	type def struct {
		unit, name string
		bases      []int64
		params     []string // nil: no constructor of its own
	}
	defs := map[int64]*def{}
	c.EachAST(func(unit string, ast solc.Node) {
		solc.Walk(ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "ContractDefinition" {
				return true
			}
			d := &def{unit: unit, name: n.String("name")}
			bases, _ := n["linearizedBaseContracts"].([]any)
			for _, x := range bases {
				if id, ok := nodeID(x); ok {
					d.bases = append(d.bases, id)
				}
			}
			d.params = ownCtorParams(n, d.name)
			if id, ok := nodeID(n["id"]); ok {
				defs[id] = d
			}
			return false
		})
	})
	out := astTypes{}
	for _, d := range defs {
		for _, id := range d.bases {
			if base := defs[id]; base != nil && base.params != nil {
				out[d.unit+":"+d.name] = base.params
				break
			}
		}
	}
	return out
}

// ownCtorParams returns the typeStrings of the parameters of contract n's
// own constructor (`constructor(...)`, or a function named like the
// contract before 0.5), or nil if it declares none.
func ownCtorParams(n solc.Node, name string) []string {
	nodes, _ := n["nodes"].([]any)
	for _, x := range nodes {
		f, ok := x.(map[string]any)
		if !ok || solc.Node(f).Type() != "FunctionDefinition" {
			continue
		}
		fn := solc.Node(f)
		if !(fn.String("kind") == "constructor" || fn.Bool("isConstructor") || fn.String("kind") == "" && fn.String("name") == name) {
			continue
		}
		out := []string{}
		ps, _ := fn["parameters"].(map[string]any)
		list, _ := ps["parameters"].([]any)
		for _, p := range list {
			pn, _ := p.(map[string]any)
			td, _ := pn["typeDescriptions"].(map[string]any)
			s, _ := td["typeString"].(string)
			out = append(out, strings.TrimSuffix(strings.TrimSuffix(s, " memory"), " storage ref"))
		}
		return out
	}
	return nil
}

func nodeID(x any) (int64, bool) {
	switch v := x.(type) {
	case json.Number:
		id, err := v.Int64()
		return id, err == nil
	case float64:
		return int64(v), true
	}
	return 0, false
}

// typesFor returns the AST's constructor parameter types of c when they
// match its ABI's constructor inputs in number, else nil.
func (t astTypes) typesFor(c *program.Contract) []string {
	ts := t[c.Artifact.Unit+":"+c.Name]
	if len(ts) != len(c.ABI.Constructor.Inputs) {
		return nil
	}
	return ts
}
