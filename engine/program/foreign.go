package program

import (
	"sort"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/sourcemap"
)

// This file tells the user's own code from code they use but do not
// write: a dependency's files (a library folder, node_modules) and the
// internal functions of Solidity libraries compiled into a contract
// (SafeTransferLib, Address). A finding in such code is reported where
// the user's code led there (engine/trace's call sites), since that is the
// line the user can change. A deployed library's own code (public
// functions, called by DELEGATECALL) is a contract of its own, foreign
// only when it is a dependency's.

// Foreign describes which runtime instructions of a contract run code the
// user does not own, and the jumps into and out of internal functions the
// tracer follows to find the user's call site.
type Foreign struct {
	// PC[pc] is true when the instruction at pc maps to a dependency's
	// file or, in a contract (not a library), into a library definition.
	PC []bool
	// In and Out are the PCs of the JUMPs marked as jumping into ("i")
	// and out of ("o") a function in the source map.
	In, Out []uint64
}

// Foreign returns the contract's foreign code, or ok false when every
// instruction is the user's own (nothing to follow).
func (c *Contract) Foreign() (Foreign, bool) {
	code := c.Artifact.Runtime
	if code.Map == nil {
		return Foreign{}, false
	}
	var libs map[string][]span
	if c.Kind != "library" {
		libs = c.libraryRanges()
	}
	deps := map[string]bool{}
	var out Foreign
	found := false
	for _, pc := range sourcemap.InstructionStarts(code.Bytes) {
		e, ok := code.Map.Entry(uint64(pc))
		if !ok {
			continue
		}
		switch vm.OpCode(code.Bytes[pc]) {
		case vm.JUMP:
			switch e.Jump {
			case sourcemap.JumpInto:
				out.In = append(out.In, uint64(pc))
			case sourcemap.JumpOut:
				out.Out = append(out.Out, uint64(pc))
			}
		}
		loc, ok := c.Build.Locate(e)
		if !ok {
			continue
		}
		dep, seen := deps[loc.Unit]
		if !seen {
			dep = c.Build.Project != nil && c.Build.Project.InDependency(loc.Path)
			deps[loc.Unit] = dep
		}
		if dep || inRanges(libs[loc.Unit], loc.Start) {
			if out.PC == nil {
				out.PC = make([]bool, len(code.Bytes))
			}
			out.PC[pc] = true
			found = true
		}
	}
	return out, found
}

// span is a byte range of a source unit.
type span struct{ start, end int }

// libraryRanges returns the byte ranges of the library definitions of the
// contract's build, by unit, sorted; shared by the build's contracts.
func (c *Contract) libraryRanges() map[string][]span {
	a := c.shared()
	a.libsOnce.Do(func() { a.libs = a.libraryRanges() })
	return a.libs
}

func (a *buildAST) libraryRanges() map[string][]span {
	out := map[string][]span{}
	for _, u := range a.units {
		unit := u.name
		if u.outline != nil {
			for _, d := range u.outline.Contracts {
				if d.Kind == "library" {
					out[unit] = append(out[unit], span{d.Start, d.End})
				}
			}
		}
		solc.Walk(u.ast, func(n solc.Node, _ []solc.Node) bool {
			if n.Type() != "ContractDefinition" {
				return true
			}
			if n.String("contractKind") == "library" {
				if start, end, _, ok := n.Src(); ok {
					out[unit] = append(out[unit], span{start, end})
				}
			}
			return false
		})
	}
	for _, s := range out {
		sort.Slice(s, func(i, j int) bool { return s[i].start < s[j].start })
	}
	return out
}

func inRanges(spans []span, off int) bool {
	i := sort.Search(len(spans), func(i int) bool { return spans[i].end > off })
	return i < len(spans) && spans[i].start <= off
}

// FunctionAt returns the innermost function (or modifier) of the build
// whose definition contains loc.
func (c *Contract) FunctionAt(loc solc.Location) (Func, bool) {
	var best Func
	found := false
	for _, f := range c.Functions() {
		if f.Location.Unit != loc.Unit || loc.Start < f.Start || loc.Start >= f.End {
			continue
		}
		if !found || f.End-f.Start < best.End-best.Start {
			best, found = f, true
		}
	}
	return best, found
}
