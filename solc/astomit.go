package solc

// astOutlineSince is the first compiler whose ASTs give nameLocation, the
// positions OutlineText reads; and 0.8's checked arithmetic leaves the
// engine nothing else to read from a library's AST (legacy code's
// arithmetic and INVALID tables).
var astOutlineSince = Version{Major: 0, Minor: 8, Patch: 2}

// astOmitted chooses the units of a full compile whose AST the compiler
// is not asked for: a dependency's file (InDependency: a library folder,
// node_modules, a remapping's target outside the project's sources),
// not a root, that OutlineText reads (pragmas, imports and libraries of
// internal functions only: forge-std's console.sol and console2.sol,
// OpenZeppelin's Math or SafeCast), compiled by solc 0.8.2 or later. What
// the engine and the editor read from those ASTs, they read from the
// outline instead (Build.Functions, Build.Contracts, Build.Outlines), so
// nothing they report changes; the compile writes, and Foresight parses,
// megabytes less.
func astOmitted(p *Project, comp Compiler, units map[string]*Unit, roots []string, mode OutputMode) map[string]*TextOutline {
	if mode != Full || comp == nil || comp.Version().Less(astOutlineSince) || p == nil {
		return nil
	}
	isRoot := map[string]bool{}
	for _, r := range roots {
		isRoot[r] = true
	}
	var out map[string]*TextOutline
	for name, u := range units {
		if isRoot[name] || !p.InDependency(u.Path) {
			continue
		}
		if o, ok := OutlineText(u.Content); ok {
			if out == nil {
				out = map[string]*TextOutline{}
			}
			out[name] = o
		}
	}
	return out
}
