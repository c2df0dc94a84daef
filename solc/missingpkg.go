package solc

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// A package installed without its own development dependencies (one
// installed from npm, whose devDependencies npm leaves out) fails on every
// import of them: dozens of "not found" errors, none saying what to
// install. missingPackagesDiagnostic says it once per build: the npm
// packages the missing imports name, and the npm command that installs
// them at the ranges the project's package.json gives.

// A missingPackage is an npm package that missing imports name.
type missingPackage struct {
	name    string
	imports int
	dep     npmDep // zero when package.json does not list it
}

// npmName matches one part of an npm package name (the scope or the
// name): lowercase, URL-safe, not starting with a dot or an underscore.
var npmName = regexp.MustCompile(`^[a-z0-9~-][a-z0-9._~-]*$`)

// npmPackage returns the npm package that an import names, if it names
// one: "@scope/name/..." or "name/...", as written or as a remapping into
// node_modules leaves it (m.Name), a file inside the package. An import
// remapped anywhere else names a library of the remapping's, not a
// package. An unscoped name counts only in a project with a package.json
// (listed there, or not in a Foundry project, whose unscoped names are
// forge libraries) and only when the project has no folder of that name
// (then the import is a missing file of the project's own).
func npmPackage(m MissingImport, p *Project, deps map[string]npmDep) (string, bool) {
	name := m.Name
	if rest, ok := strings.CutPrefix(name, "node_modules/"); ok {
		name = rest
	} else if name != m.Import {
		return "", false
	}
	if strings.HasPrefix(m.Import, ".") || strings.HasPrefix(name, "/") || filepath.IsAbs(name) {
		return "", false
	}
	parts := strings.Split(name, "/")
	if strings.HasPrefix(parts[0], "@") {
		if len(parts) < 3 || !npmName.MatchString(parts[0][1:]) || !npmName.MatchString(parts[1]) {
			return "", false
		}
		return parts[0] + "/" + parts[1], true
	}
	pkg := parts[0]
	if len(parts) < 2 || !npmName.MatchString(pkg) {
		return "", false
	}
	if _, listed := deps[pkg]; !listed && (deps == nil || p.Kind == "foundry") {
		return "", false
	}
	if st, err := os.Stat(filepath.Join(p.Root, pkg)); err == nil && st.IsDir() {
		return "", false
	}
	return pkg, true
}

// missingPackagesDiagnostic is the one error for the npm packages that
// the missing imports of units name, placed at the first such import; ok
// is false when they name none.
func missingPackagesDiagnostic(units map[string]*Unit, p *Project) (Diagnostic, bool) {
	var deps map[string]npmDep
	depsRead := false
	var pkgs []*missingPackage
	byName := map[string]*missingPackage{}
	var first Diagnostic
	for _, name := range sortedNames(units) {
		u := units[name]
		for _, m := range u.Missing {
			if !depsRead {
				deps, depsRead = packageDeps(p.Root), true
			}
			pkg, ok := npmPackage(m, p, deps)
			if !ok {
				continue
			}
			mp := byName[pkg]
			if mp == nil {
				mp = &missingPackage{name: pkg, dep: deps[pkg]}
				byName[pkg] = mp
				pkgs = append(pkgs, mp)
			}
			mp.imports++
			if len(pkgs) == 1 && mp.imports == 1 {
				first = Diagnostic{Path: u.Path, Unit: u.Name, Start: m.Start, End: m.End, Severity: SeverityError, Code: "foresight-import"}
			}
		}
	}
	if len(pkgs) == 0 {
		return Diagnostic{}, false
	}
	var named []string
	for _, mp := range pkgs {
		named = append(named, fmt.Sprintf("%s (%d %s)", mp.name, mp.imports, plural(mp.imports, "import", "imports")))
	}
	first.Message = fmt.Sprintf("npm %s not installed: %s; in %s run: %s",
		plural(len(pkgs), "package", "packages"), strings.Join(named, ", "), installRoot(p.Root), npmInstallLine(pkgs))
	return first, true
}

// installRoot is where the user installs what a project at root misses:
// root itself, or, for a package fuzzed where npm installed it (inside a
// node_modules folder), the project that holds that folder. An install
// inside the package would fetch all of its own development tools (git
// dependencies among them) into a folder the next npm install replaces;
// installed beside it, the package finds what it imports as Node does.
func installRoot(root string) string {
	parts := strings.Split(filepath.ToSlash(root), "/")
	for i, part := range parts {
		if part == "node_modules" && i > 0 {
			return filepath.FromSlash(strings.Join(parts[:i], "/"))
		}
	}
	return root
}

// npmInstallLine is the command that installs pkgs: those package.json
// lists as dependencies as dependencies, the rest (development or peer
// dependencies, or not listed) as development dependencies, each at the
// range package.json gives.
func npmInstallLine(pkgs []*missingPackage) string {
	var prod, dev []string
	for _, mp := range pkgs {
		spec := npmSpec(mp.name, mp.dep.Range)
		if mp.dep.List == "dependencies" {
			prod = append(prod, spec)
		} else {
			dev = append(dev, spec)
		}
	}
	var cmds []string
	if len(prod) > 0 {
		cmds = append(cmds, "npm install "+strings.Join(prod, " "))
	}
	if len(dev) > 0 {
		cmds = append(cmds, "npm install --save-dev "+strings.Join(dev, " "))
	}
	return strings.Join(cmds, " && ")
}

// semverRange matches a version range npm takes after "name@": versions,
// x-ranges, operators, hyphen ranges, || and dist-tags. A URL, a path, a
// git or workspace spec does not: those are left out, and npm installs
// the package's latest release.
var semverRange = regexp.MustCompile(`^[0-9A-Za-z.*^~<>=|+ -]+$`)

// npmSpec is name@range for the command line, quoted when the range holds
// what a shell would read (a space, < or >, |, *).
func npmSpec(name, r string) string {
	r = strings.TrimSpace(r)
	if r == "" || !semverRange.MatchString(r) {
		return name
	}
	spec := name + "@" + r
	if strings.ContainsAny(r, " <>|*") {
		return "'" + spec + "'"
	}
	return spec
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
