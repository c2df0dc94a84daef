package program

import (
	"fmt"
	"sort"
	"sync"

	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// A build's ASTs are parsed once, in New, and shared by all its contracts,
// as are the facts about the whole build read from them (literals,
// function definitions, library ranges): computed per contract, they made
// a file of N contracts cost N parses and walks of the whole file.

// buildAST holds the parsed source units of one build and what is derived
// from them, each part computed on first use. It is safe for concurrent
// use; what it returns is shared and must not be modified.
type buildAST struct {
	units []unitAST // sorted by unit name

	litsOnce sync.Once
	lits     []uint256.Int
	strsOnce sync.Once
	strs     [][]byte

	funcsOnce sync.Once
	funcs     []Func
	byName    map[string][]int // function name -> indices into funcs

	libsOnce sync.Once
	libs     map[string][]span

	defsOnce sync.Once
	defs     map[string]solc.Location // contract definitions (source.go)

	assertsOnce sync.Once
	asserts     []solc.Location

	callerOnce    sync.Once
	callerAsserts []srcKey // asserts of the caller's identity (assertcall.go)

	invalidOnce sync.Once
	invalid     map[srcKey]uint64 // legacy code's INVALID checks (invalid.go)

	arithOnce sync.Once
	arith     map[srcKey]ArithSite // legacy code's arithmetic (arith.go)

	uncheckedOnce sync.Once
	unchecked     map[srcKey]ArithSite // unchecked blocks' arithmetic (unchecked.go)

	factoryOnce sync.Once
	factory     map[string]map[string]bool // functions called on a new contract (factory.go)
}

// srcKey is a source range as the source map gives it.
type srcKey struct{ start, length, file int }

// unitAST is one source unit of a build: its parsed AST or, for a unit
// whose AST the compile did not ask for (solc's astOmitted: a
// dependency's library file), the outline read from its text. Every
// table below reads both; what an outline has not (asserts, arithmetic,
// factories, bases, constructors) such a file cannot contain.
type unitAST struct {
	name    string
	ast     solc.Node
	outline *solc.TextOutline
}

// testHookParse, when set, is called for every AST parse.
var testHookParse func(unit string)

// parseBuild parses every source unit's AST of b.
func parseBuild(b *solc.Build) (*buildAST, error) {
	names := make([]string, 0, len(b.Output.Sources))
	for u := range b.Output.Sources {
		names = append(names, u)
	}
	sort.Strings(names)
	out := &buildAST{units: make([]unitAST, 0, len(names))}
	for _, unit := range names {
		if o, ok := b.Outline(unit); ok {
			out.units = append(out.units, unitAST{name: unit, outline: o})
			continue
		}
		if testHookParse != nil {
			testHookParse(unit)
		}
		ast, err := solc.ParseAST(b.Output.Sources[unit].AST)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", unit, err)
		}
		out.units = append(out.units, unitAST{name: unit, ast: ast})
	}
	return out, nil
}

// EachAST calls fn with every source unit's AST of the contract's build, in
// unit-name order. The ASTs are shared: fn must not modify them.
func (c *Contract) EachAST(fn func(unit string, ast solc.Node)) {
	if c.asts == nil {
		return
	}
	for _, u := range c.asts.units {
		fn(u.name, u.ast)
	}
}

// shared returns the contract's build's shared facts; a Contract made
// outside New has none, and gets an empty set.
func (c *Contract) shared() *buildAST {
	if c.asts == nil {
		return &buildAST{}
	}
	return c.asts
}

// functions returns the build's function definitions and their index by
// name, read once per build.
func (a *buildAST) functions(b *solc.Build) ([]Func, map[string][]int) {
	a.funcsOnce.Do(func() {
		a.byName = map[string][]int{}
		for _, u := range a.units {
			src := b.Units[u.name]
			if src == nil {
				continue
			}
			fns := solc.Functions(u.ast)
			if u.outline != nil {
				fns = b.Functions(u.name) // with the unit's file id
			}
			for _, fn := range fns {
				loc := solc.Location{Unit: u.name, Path: src.Path, Start: fn.Start, End: fn.End}
				if fn.NameStart >= 0 && fn.Name != "" {
					loc.Start, loc.End = fn.NameStart, fn.NameStart+len(fn.Name)
				}
				a.byName[fn.Name] = append(a.byName[fn.Name], len(a.funcs))
				a.funcs = append(a.funcs, Func{Function: fn, Location: loc})
			}
		}
	})
	return a.funcs, a.byName
}
