package program

import (
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// This file locates declarations in the contract's source: the contract
// itself and its assert calls.

// Location returns the range of the contract's name in its definition.
func (c *Contract) Location() (solc.Location, bool) {
	var loc solc.Location
	found := false
	c.eachAST(func(unit string, ast solc.Node) {
		if found || unit != c.Artifact.Unit {
			return
		}
		solc.Walk(ast, func(n solc.Node, _ []solc.Node) bool {
			if found || n.Type() != "ContractDefinition" || n.String("name") != c.Name {
				return !found
			}
			start, end, _, ok := n.Src()
			if !ok {
				return false
			}
			u := c.Build.Units[unit]
			if u == nil {
				return false
			}
			loc = solc.Location{Unit: unit, Path: u.Path, Start: start, End: end}
			if i := strings.Index(string(u.Content[start:min(end, len(u.Content))]), c.Name); i >= 0 {
				loc.Start, loc.End = start+i, start+i+len(c.Name)
			}
			found = true
			return false
		})
	})
	return loc, found
}

// AssertRanges returns the source ranges of the assert(...) calls in the
// contract's build.
func (c *Contract) AssertRanges() []solc.Location {
	var out []solc.Location
	c.eachAST(func(unit string, ast solc.Node) {
		u := c.Build.Units[unit]
		if u == nil {
			return
		}
		solc.Walk(ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "FunctionCall" {
				return true
			}
			if e, ok := n["expression"].(map[string]any); ok && solc.Node(e).Type() == "Identifier" && solc.Node(e).String("name") == "assert" {
				if start, end, _, ok := n.Src(); ok {
					out = append(out, solc.Location{Unit: unit, Path: u.Path, Start: start, End: end})
				}
			}
			return true
		})
	})
	return out
}
