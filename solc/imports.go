package solc

import (
	"fmt"
)

// An OutsideImport is an import that resolves to a file outside the project
// root (after remappings, "..", and symlinks). Foresight does not read it,
// so a source cannot pull arbitrary files of the machine into compiler
// output.
type OutsideImport struct {
	Import     string // the path as written
	Name       string // the source unit name it resolves to
	Path       string // where on disk it would be read from
	Start, End int    // byte range of the path literal in the importer
}

// location says what locate found.
type location int

const (
	missing location = iota // nowhere inside the project; solc will say so
	found                   // a file inside the project
	outside                 // a path outside the project
)

// locate finds the file for a source unit name, inside the project root
// (symlinks resolved; library folders and node_modules count when they are
// inside it) or in an ancestor's node_modules up to NodeModulesUpTo:
//   - an absolute name is its own path when that is inside the root, else
//     it is taken from the root, as solc does with --base-path (Foundry);
//   - any other name is looked up in the root, then in root/node_modules
//     (Hardhat), then in the library folders, then in each ancestor's
//     node_modules, nearest first (Node's rule: npm hoists dependencies).
//
// A name whose path leaves the root (or, for an ancestor's node_modules,
// the bound), by "..", an absolute path or a symlink, is reported as
// outside with the path it would have read.
func (p *Project) locate(name string) (string, location) {
	escape := ""
	for i, c := range p.candidates(name) {
		bound := p.Root
		if c.hoisted {
			bound = p.NodeModulesUpTo
		}
		if !within(bound, c.path) {
			// The name's own path leaving the root is an escape; a library
			// folder leaving it is one only if it holds the file.
			if escape == "" && (i == 0 || fileExists(c.path)) {
				escape = c.path
			}
			continue
		}
		if fileExists(c.path) {
			return c.path, found
		}
	}
	if escape != "" {
		return escape, outside
	}
	return "", missing
}

// outsideDiagnostic is the error at an import that leaves the project.
func outsideDiagnostic(u *Unit, o OutsideImport, root string) Diagnostic {
	return Diagnostic{
		Path: u.Path, Unit: u.Name, Start: o.Start, End: o.End, Severity: SeverityError, Code: "foresight-import",
		Message: fmt.Sprintf("import %q resolves to %s, outside the project root %s; Foresight only reads files inside the project (its library folders and node_modules included)", o.Import, o.Path, root),
	}
}

// outsideStub is the content solc gets for an import Foresight refused, so
// that no compiler's own import callback goes looking for the file.
const outsideStub = "// SPDX-License-Identifier: UNLICENSED\n// not read: outside the project\n"

// outsideImports returns the diagnostics for the refused imports of units,
// in a stable order, and the unit names that were refused.
func outsideImports(units map[string]*Unit, root string) ([]Diagnostic, map[string]bool) {
	var ds []Diagnostic
	names := map[string]bool{}
	for _, name := range sortedNames(units) {
		u := units[name]
		for _, o := range u.Outside {
			ds = append(ds, outsideDiagnostic(u, o, root))
			names[o.Name] = true
		}
	}
	return ds, names
}

// Resolves reports whether an import path written in the file at unit
// name importer (which need not exist) reaches a file inside the project,
// through the project's remappings and library folders as a compile
// would. The Foundry test export asks it which test library a project has.
func (p *Project) Resolves(importer, imp string) bool {
	_, loc := p.locate(p.resolveImport(importer, imp))
	return loc == found
}
