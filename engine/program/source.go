package program

import (
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// This file locates declarations in the contract's source: the contract
// itself and its assert calls.

// Location returns the range of the contract's name in its definition.
func (c *Contract) Location() (solc.Location, bool) {
	a := c.shared()
	a.defsOnce.Do(func() { a.defs = a.definitions(c.Build) })
	loc, ok := a.defs[c.Artifact.Unit+":"+c.Name]
	return loc, ok
}

// definitions locates the name of every contract definition of the build,
// keyed by "unit:name"; the first definition of a name in a unit wins.
func (a *buildAST) definitions(b *solc.Build) map[string]solc.Location {
	out := map[string]solc.Location{}
	for _, u := range a.units {
		src := b.Units[u.name]
		if src == nil {
			continue
		}
		def := func(name string, start, end int) {
			key := u.name + ":" + name
			if _, seen := out[key]; seen {
				return
			}
			loc := solc.Location{Unit: u.name, Path: src.Path, Start: start, End: end}
			if i := strings.Index(string(src.Content[start:min(end, len(src.Content))]), name); i >= 0 {
				loc.Start, loc.End = start+i, start+i+len(name)
			}
			out[key] = loc
		}
		if u.outline != nil {
			for _, d := range u.outline.Contracts {
				def(d.Name, d.Start, d.End)
			}
		}
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "ContractDefinition" {
				return true
			}
			if start, end, _, ok := n.Src(); ok {
				def(n.String("name"), start, end)
			}
			return false
		})
	}
	return out
}

// AssertRanges returns the source ranges of the assert(...) calls in the
// contract's build. The slice is shared by the build's contracts: callers
// must not modify it.
func (c *Contract) AssertRanges() []solc.Location {
	a := c.shared()
	a.assertsOnce.Do(func() { a.asserts = a.assertRanges(c.Build) })
	return a.asserts
}

func (a *buildAST) assertRanges(b *solc.Build) []solc.Location {
	var out []solc.Location
	for _, u := range a.units {
		src := b.Units[u.name]
		if src == nil {
			continue
		}
		unit := u.name
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "FunctionCall" {
				return true
			}
			if e, ok := n["expression"].(map[string]any); ok && solc.Node(e).Type() == "Identifier" && solc.Node(e).String("name") == "assert" {
				if start, end, _, ok := n.Src(); ok {
					out = append(out, solc.Location{Unit: unit, Path: src.Path, Start: start, End: end})
				}
			}
			return true
		})
	}
	return out
}
