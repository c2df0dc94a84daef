package solc

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// Settings are the compiler settings a project asks for.
type Settings struct {
	Optimizer     bool
	OptimizerRuns int
	ViaIR         bool
	EVMVersion    string
}

// A Project is a directory of Solidity sources with its configuration.
type Project struct {
	Root       string // absolute
	Kind       string // "foundry", "hardhat", "truffle", "remappings" or "plain"
	Remappings []Remapping
	Libs       []string // library folders, relative to Root
	Settings   Settings
	Solc       string // compiler version or absolute path pinned by the project, if any
}

var rootMarkers = []struct{ file, kind string }{
	{"foundry.toml", "foundry"},
	{"hardhat.config.ts", "hardhat"},
	{"hardhat.config.js", "hardhat"},
	{"hardhat.config.cjs", "hardhat"},
	{"truffle-config.js", "truffle"},
	{"remappings.txt", "remappings"},
}

// FindRoot returns the nearest ancestor directory of path (a file or
// directory) that holds a project marker (foundry.toml, a Hardhat or Truffle
// config, remappings.txt), or path's own directory if none does.
func FindRoot(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	start := abs
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		start = filepath.Dir(abs)
	}
	for dir := start; ; {
		for _, m := range rootMarkers {
			if _, err := os.Stat(filepath.Join(dir, m.file)); err == nil {
				return dir
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return start
		}
		dir = parent
	}
}

// LoadProject reads the configuration of the project rooted at root:
// foundry.toml (the profile in FOUNDRY_PROFILE, else default), remappings.txt
// and Foundry-style library auto-detection.
func LoadProject(root string) (*Project, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("project root: %w", err)
	}
	p := &Project{Root: root, Kind: "plain", Settings: Settings{OptimizerRuns: 200}}
	for _, m := range rootMarkers {
		if _, err := os.Stat(filepath.Join(root, m.file)); err == nil {
			p.Kind = m.kind
			break
		}
	}
	autoDetect := true
	if p.Kind == "foundry" {
		p.Libs = []string{"lib"}
		cfg, err := readFoundryConfig(filepath.Join(root, "foundry.toml"), os.Getenv("FOUNDRY_PROFILE"))
		if err != nil {
			return nil, fmt.Errorf("read foundry.toml: %w", err)
		}
		if cfg.Libs != nil {
			p.Libs = cfg.Libs
		}
		for _, s := range cfg.Remappings {
			r, err := ParseRemapping(s)
			if err != nil {
				return nil, fmt.Errorf("foundry.toml: %w", err)
			}
			p.Remappings = append(p.Remappings, r)
		}
		p.Solc = cfg.Solc
		if _, err := ParseVersion(cfg.Solc); cfg.Solc != "" && err != nil && !filepath.IsAbs(cfg.Solc) {
			// Foundry resolves a compiler path against the project, not
			// against wherever Foresight happens to run.
			p.Solc = filepath.Join(root, cfg.Solc)
		}
		if cfg.Optimizer != nil {
			p.Settings.Optimizer = *cfg.Optimizer
		}
		if cfg.OptimizerRuns != nil {
			p.Settings.OptimizerRuns = *cfg.OptimizerRuns
		}
		if cfg.ViaIR != nil {
			p.Settings.ViaIR = *cfg.ViaIR
		}
		p.Settings.EVMVersion = cfg.EVMVersion
		if cfg.AutoDetectRemappings != nil {
			autoDetect = *cfg.AutoDetectRemappings
		}
	}
	rs, err := readRemappingsFile(filepath.Join(root, "remappings.txt"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("read remappings.txt: %w", err)
	}
	p.Remappings = append(p.Remappings, rs...)
	if autoDetect && len(p.Libs) > 0 {
		// Explicit remappings win over detected ones with the same prefix.
		have := map[string]bool{}
		for _, r := range p.Remappings {
			have[r.Context+":"+r.Prefix] = true
		}
		for _, r := range autoRemappings(root, p.Libs) {
			if !have[":"+r.Prefix] {
				p.Remappings = append(p.Remappings, r)
			}
		}
	}
	return p, nil
}

// A Unit is one source file in a compilation, under its source unit name.
type Unit struct {
	Name    string // source unit name given to solc
	Path    string // absolute path on disk
	Content []byte
	Directives
	Deps    []string        // unit names of resolved imports
	Outside []OutsideImport // imports refused because they leave the project
}

// Overlay holds unsaved editor buffers by absolute path; they replace the
// files on disk.
type Overlay map[string][]byte

// UnitName returns the source unit name for an absolute file path: relative
// to the project root with forward slashes, or the absolute path for files
// outside the root.
func (p *Project) UnitName(abs string) string {
	rel, err := filepath.Rel(p.Root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// resolveImport turns an import path written in unit importer into a source
// unit name, as solc's virtual file system does: relative paths are joined to
// the importer's directory, then remappings apply.
func (p *Project) resolveImport(importer, imp string) string {
	name := imp
	if strings.HasPrefix(imp, "./") || strings.HasPrefix(imp, "../") {
		dir := ""
		if i := strings.LastIndex(importer, "/"); i >= 0 {
			dir = importer[:i+1]
		}
		name = path.Clean(dir + imp)
		if strings.HasPrefix(importer, "/") && !strings.HasPrefix(name, "/") {
			name = "/" + name
		}
	}
	return applyRemappings(p.Remappings, importer, name)
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// Sources reads the given files and their transitive imports. Imports that
// cannot be found are left out; solc reports them at the import statement.
// Imports that resolve outside the project are never read: they are listed
// in the importing Unit's Outside. The result is keyed by unit name.
func (p *Project) Sources(files []string, overlay Overlay) (map[string]*Unit, []string, error) {
	units := map[string]*Unit{}
	var roots []string
	var queue []string
	add := func(name, abs string) error {
		if _, ok := units[name]; ok {
			return nil
		}
		content, ok := overlay[abs]
		if !ok {
			data, err := os.ReadFile(abs)
			if err != nil {
				return fmt.Errorf("read %s: %w", abs, err)
			}
			content = data
		}
		units[name] = &Unit{Name: name, Path: abs, Content: content, Directives: ScanDirectives(content)}
		queue = append(queue, name)
		return nil
	}
	for _, f := range files {
		abs, err := filepath.Abs(f)
		if err != nil {
			return nil, nil, err
		}
		name := p.UnitName(abs)
		if err := add(name, abs); err != nil {
			return nil, nil, err
		}
		roots = append(roots, name)
	}
	for len(queue) > 0 {
		u := units[queue[0]]
		queue = queue[1:]
		for i, imp := range u.Imports {
			name := p.resolveImport(u.Name, imp)
			abs, where := p.locate(name)
			if where == outside {
				u.Outside = append(u.Outside, OutsideImport{Import: imp, Name: name, Path: abs, Start: u.ImportSpans[i][0], End: u.ImportSpans[i][1]})
				continue
			}
			if where == missing {
				continue
			}
			if err := add(name, abs); err != nil {
				return nil, nil, err
			}
			u.Deps = append(u.Deps, name)
		}
	}
	return units, roots, nil
}

// closure returns the unit names reachable from root, root included, sorted.
func closure(units map[string]*Unit, root string) []string {
	seen := map[string]bool{root: true}
	stack := []string{root}
	for len(stack) > 0 {
		u := units[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		if u == nil {
			continue
		}
		for _, d := range u.Deps {
			if !seen[d] {
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// SolidityFiles lists the .sol files under dir, skipping dependency and
// build folders (node_modules, lib, out, cache, artifacts, hidden folders).
func SolidityFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != dir {
			switch name := d.Name(); {
			case strings.HasPrefix(name, "."), name == "node_modules", name == "lib", name == "out", name == "cache", name == "artifacts":
				return filepath.SkipDir
			}
		}
		if !d.IsDir() && strings.HasSuffix(p, ".sol") {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}
