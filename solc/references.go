package solc

import (
	"cmp"
	"encoding/json"
	"slices"
)

// A Reference is a use, in one unit of a build, of a declaration in
// another: what the first unit's bytecode may have taken from the second
// (an inlined constant, an internal function, a base contract) beyond
// its ABI.
type Reference struct {
	From string // the unit that refers
	To   string // the unit that declares
	// Kind is the declaration's nodeType (ContractDefinition,
	// FunctionDefinition, VariableDeclaration, ...), Name its name.
	Kind, Name string
	// ContractKind is a ContractDefinition's kind, or that of the
	// contract declaring the member ("" for file-level declarations).
	ContractKind string
	Visibility   string
	// Constant is a constant variable; State a state variable; Member
	// a struct's member.
	Constant, State, Member bool
	// Base says the refering unit derives a contract from the declaring
	// contract (directly or through other bases).
	Base bool
	// Text is the declaration's source text as the build compiled it
	// (a member's: its struct's).
	Text string
}

// declaration holds the node types References lists uses of.
var declaration = map[string]bool{
	"ContractDefinition": true, "FunctionDefinition": true, "ModifierDefinition": true, "VariableDeclaration": true,
	"EventDefinition": true, "ErrorDefinition": true, "StructDefinition": true, "EnumDefinition": true, "EnumValue": true,
	"UserDefinedValueTypeDefinition": true,
}

// References lists the uses, from units of b outside to, of declarations
// in units of to, sorted. complete is false when a unit outside to whose
// imports reach one of to has no AST (astOmitted), so its uses are
// unknown.
func (b *Build) References(to map[string]bool) (refs []Reference, complete bool) {
	if b == nil || b.Output == nil {
		return nil, false
	}
	complete = true
	decls := map[int64]Reference{}
	for unit := range to {
		n, ok := b.ast(unit)
		if !ok {
			continue
		}
		content := b.Units[unit].Content
		Walk(n, func(n Node, parents []Node) bool {
			id, ok := intField(n, "id")
			if !ok || !declaration[n.Type()] {
				return true
			}
			r := Reference{To: unit, Kind: n.Type(), Name: n.String("name"), Visibility: n.String("visibility"),
				Constant: n.Bool("constant"), State: n.Bool("stateVariable")}
			if r.Kind == "ContractDefinition" {
				r.ContractKind = n.String("contractKind")
			} else {
				for i := len(parents) - 1; i >= 0; i-- {
					if parents[i].Type() == "ContractDefinition" {
						r.ContractKind = parents[i].String("contractKind")
						break
					}
				}
			}
			text := n
			if len(parents) > 0 && parents[len(parents)-1].Type() == "StructDefinition" {
				r.Member, text = true, parents[len(parents)-1] // a member is its struct's
			}
			if s, e, _, ok := text.Src(); ok && e <= len(content) {
				r.Text = string(content[s:e])
			}
			decls[id] = r
			return true
		})
	}
	reaches := importsReaching(b.Units, to)
	for unit := range b.Units {
		if to[unit] || !reaches[unit] {
			continue // only a unit that imports one of to can name its declarations
		}
		n, ok := b.ast(unit)
		if !ok {
			complete = false // it may name them, through its imports' too
			continue
		}
		Walk(n, func(n Node, _ []Node) bool {
			if n.Type() == "ContractDefinition" {
				for _, id := range intList(n["linearizedBaseContracts"]) {
					if d, ok := decls[id]; ok {
						d.From, d.Base = unit, true
						refs = append(refs, d)
					}
				}
			}
			if id, ok := intField(n, "referencedDeclaration"); ok {
				if d, ok := decls[id]; ok {
					d.From = unit
					refs = append(refs, d)
				}
			}
			return true
		})
	}
	slices.SortFunc(refs, func(a, b Reference) int {
		return cmp.Or(cmp.Compare(a.From, b.From), cmp.Compare(a.To, b.To), cmp.Compare(a.Name, b.Name),
			cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Text, b.Text), compareBool(a.Base, b.Base))
	})
	return slices.Compact(refs), complete
}

// importsReaching returns the units whose imports, directly or not,
// reach one of to: a walk of the imports backwards from to.
func importsReaching(units map[string]*Unit, to map[string]bool) map[string]bool {
	importers := map[string][]string{}
	for name, u := range units {
		for _, d := range u.Deps {
			importers[d] = append(importers[d], name)
		}
	}
	out := map[string]bool{}
	var queue []string
	for name := range to {
		queue = append(queue, name)
	}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		for _, imp := range importers[name] {
			if !out[imp] {
				out[imp] = true
				queue = append(queue, imp)
			}
		}
	}
	return out
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// intField reads an integer field of a node decoded with UseNumber.
func intField(n Node, key string) (int64, bool) {
	num, ok := n[key].(json.Number)
	if !ok {
		return 0, false
	}
	v, err := num.Int64()
	return v, err == nil
}

// intList reads a list of integers decoded with UseNumber.
func intList(v any) []int64 {
	list, _ := v.([]any)
	out := make([]int64, 0, len(list))
	for _, x := range list {
		if num, ok := x.(json.Number); ok {
			if v, err := num.Int64(); err == nil {
				out = append(out, v)
			}
		}
	}
	return out
}
