package solc

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// relParts returns path's components relative to p.Root, or nil when path
// is not inside it.
func (p *Project) relParts(path string) []string {
	rel, err := filepath.Rel(p.Root, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return nil
	}
	return strings.Split(filepath.ToSlash(rel), "/")
}

// hasDirPrefix reports whether parts starts with the folder dir ("a/b").
func hasDirPrefix(parts []string, dir string) bool {
	if dir == "" || dir == "." {
		return false
	}
	d := strings.Split(strings.Trim(filepath.ToSlash(dir), "/"), "/")
	return len(parts) > len(d) && slices.Equal(parts[:len(d)], d)
}

// IsTestOrScript reports whether the file at path is test or script code,
// which Foresight does not fuzz unless asked to by name: a *.t.sol or
// *.s.sol file, a file under the project's test or script folder
// (foundry.toml's test and script, default "test" and "script"), or one
// under any folder named test (Hardhat's contracts/test mocks).
func (p *Project) IsTestOrScript(path string) bool {
	base := filepath.Base(path)
	if strings.HasSuffix(base, ".t.sol") || strings.HasSuffix(base, ".s.sol") {
		return true
	}
	parts := p.relParts(path)
	if parts == nil {
		return false
	}
	if hasDirPrefix(parts, p.Test) || hasDirPrefix(parts, p.Script) {
		return true
	}
	return slices.Contains(parts[:len(parts)-1], "test")
}

// InDependency reports whether file belongs to a dependency:
// it lies in one of the project's library folders, in a node_modules
// folder, or in a folder a remapping points to (Soldeer's dependencies/,
// a vendored copy) that is not one of the project's own source folders.
func (p *Project) InDependency(file string) bool {
	parts := p.relParts(file)
	if parts == nil {
		// Outside the root only an ancestor's node_modules is read.
		return p.NodeModulesUpTo != "" && slices.Contains(strings.Split(filepath.ToSlash(filepath.Dir(file)), "/"), "node_modules")
	}
	for _, lib := range p.Libs {
		if hasDirPrefix(parts, lib) {
			return true
		}
	}
	if slices.Contains(parts[:len(parts)-1], "node_modules") {
		return true
	}
	for _, r := range p.Remappings {
		if dir := path.Clean(strings.TrimPrefix(r.Target, "./")); !p.ownSources(dir) && hasDirPrefix(parts, dir) {
			return true
		}
	}
	return false
}

// ownSources reports whether dir (relative to the root) is, or is inside,
// one of the project's own source folders: src, test and script, or
// Hardhat's contracts.
func (p *Project) ownSources(dir string) bool {
	if dir == "." || dir == "" || strings.HasPrefix(dir, "..") || path.IsAbs(dir) {
		return true // the root itself, or outside it: not a dependency folder
	}
	d := strings.Split(dir, "/")
	for _, own := range []string{p.Src, p.Test, p.Script, "contracts"} {
		if own == "" || own == "." {
			continue
		}
		o := strings.Split(strings.Trim(filepath.ToSlash(own), "/"), "/")
		if len(d) >= len(o) && slices.Equal(d[:len(o)], o) {
			return true
		}
	}
	return false
}

// markDependencies sets InDependency on the diagnostics located in
// dependencies.
func markDependencies(p *Project, ds []Diagnostic) {
	for i := range ds {
		ds[i].InDependency = ds[i].Path != "" && p.InDependency(ds[i].Path)
	}
}
