package solc

import (
	"fmt"
	"path/filepath"
	"strings"
)

// A MissingImport is an import found nowhere Foresight looked: its
// diagnostic names those places and the usual fix, where solc would say
// only `Source "X" not found: File import callback not supported`.
type MissingImport struct {
	Import     string   // the path as written
	Name       string   // the source unit name it resolves to
	Searched   []string // the paths looked at, in order
	Start, End int      // byte range of the path literal in the importer
}

// candidate is one place locate looks for a unit; hoisted marks an
// ancestor's node_modules, read only inside NodeModulesUpTo.
type candidate struct {
	path    string
	hoisted bool
}

// candidates lists where a unit name may be, in locate's order.
func (p *Project) candidates(name string) []candidate {
	if filepath.IsAbs(name) {
		return []candidate{{path: name}, {path: filepath.Join(p.Root, filepath.FromSlash(name))}}
	}
	rel := filepath.FromSlash(name)
	cands := []candidate{{path: filepath.Join(p.Root, rel)}, {path: filepath.Join(p.Root, "node_modules", rel)}}
	for _, lib := range p.Libs {
		cands = append(cands, candidate{path: filepath.Join(p.Root, lib, rel)})
	}
	for _, dir := range p.nodeModulesAncestors() {
		cands = append(cands, candidate{path: filepath.Join(dir, "node_modules", rel), hoisted: true})
	}
	return cands
}

// nodeModulesAncestors are the ancestors of Root whose node_modules Node
// would search, nearest first, up to NodeModulesUpTo (none when it is ""
// or not an ancestor). Like Node, a folder named node_modules gets no
// node_modules of its own.
func (p *Project) nodeModulesAncestors() []string {
	if p.NodeModulesUpTo == "" {
		return nil
	}
	var out []string
	for dir := filepath.Dir(p.Root); within(p.NodeModulesUpTo, dir); dir = filepath.Dir(dir) {
		if filepath.Base(dir) != "node_modules" {
			out = append(out, dir)
		}
		if filepath.Dir(dir) == dir {
			break
		}
	}
	return out
}

// searched lists the places a missing name was looked for, each inside
// what Foresight may read.
func (p *Project) searched(name string) []string {
	var out []string
	for _, c := range p.candidates(name) {
		bound := p.Root
		if c.hoisted {
			bound = p.NodeModulesUpTo
		}
		if within(bound, c.path) {
			out = append(out, c.path)
		}
	}
	return out
}

// missingDiagnostic is the error at an import found nowhere: where
// Foresight looked and what usually fixes it.
func missingDiagnostic(u *Unit, m MissingImport, p *Project) Diagnostic {
	var fix []string
	if !strings.HasPrefix(m.Import, ".") && !filepath.IsAbs(m.Name) {
		fix = append(fix, "`npm install` (a package.json dependency)")
		if p.Kind == "foundry" {
			fix = append(fix, "`forge install` of the library")
		}
	}
	fix = append(fix, "a remapping (remappings.txt or foundry.toml) to where it is")
	msg := fmt.Sprintf("import %q not found; looked in %s; fix: %s", m.Import, strings.Join(m.Searched, ", "), strings.Join(fix, ", or "))
	if bound := p.NodeModulesUpTo; bound == "" || filepath.Dir(bound) != bound {
		if bound == "" {
			bound = p.Root
		}
		msg += fmt.Sprintf("; node_modules above %s are not read", bound)
	}
	return Diagnostic{Path: u.Path, Unit: u.Name, Start: m.Start, End: m.End, Severity: SeverityError, Code: "foresight-import", Message: msg}
}

// missingImports returns the diagnostics for the missing imports of
// units, in a stable order, and the unit names that are missing, whose
// solc errors they replace.
func missingImports(units map[string]*Unit, p *Project) ([]Diagnostic, map[string]bool) {
	var ds []Diagnostic
	names := map[string]bool{}
	for _, name := range sortedNames(units) {
		u := units[name]
		for _, m := range u.Missing {
			ds = append(ds, missingDiagnostic(u, m, p))
			names[m.Name] = true
		}
	}
	return ds, names
}

// solcNotFound reports whether a solc error is its own "Source X not
// found" for one of the names Foresight already explained.
func solcNotFound(msg string, names map[string]bool) bool {
	rest, ok := strings.CutPrefix(msg, `Source "`)
	if !ok {
		return false
	}
	name, _, ok := strings.Cut(rest, `" not found`)
	return ok && names[name]
}
