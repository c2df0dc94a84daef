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

// ChainLimits are the gas and code-size limits of a project's test chain.
type ChainLimits struct {
	// GasLimit is the per-transaction gas a campaign uses; 0 for the
	// test chain's default. ProjectGasLimit is foundry.toml's gas_limit,
	// which applies only when the user asks (a project's huge gas_limit
	// lets a view function loop for seconds): the caller copies it.
	GasLimit        uint64
	ProjectGasLimit uint64
	BlockGasLimit   uint64 // block_gas_limit
	CodeSizeLimit   uint64 // bytes of deployed code (code_size_limit)
	NoCodeSizeLimit bool   // disable_code_size_limit
}

// A Project is a directory of Solidity sources with its configuration.
type Project struct {
	Root       string // absolute
	Kind       string // "foundry", "hardhat", "truffle", "remappings" or "plain"
	Remappings []Remapping
	Libs       []string // library folders, relative to Root
	// NodeModulesUpTo is the outermost folder whose node_modules an import
	// may come from, by Node's rule (each ancestor of Root, nearest
	// first): npm hoists a package's dependencies to the parent's
	// node_modules. "" reads Root's own node_modules only. The CLI sets
	// the filesystem root, the server the workspace folder (nothing outside
	// it is read); see docs/security.md "Read".
	NodeModulesUpTo string
	Settings        Settings
	// Limits are the test chain's limits the project configures
	// (foundry.toml); zero values mean Foresight's defaults.
	Limits ChainLimits
	// FsPermissions are foundry.toml's fs_permissions (forge's default,
	// read access to out/, when it names none): the files a set-up's
	// file cheatcodes may read. Nil outside Foundry projects.
	FsPermissions []FsPermission
	// Fuzz is what foundry.toml's [fuzz] and [invariant] (the profile's),
	// and FOUNDRY_FUZZ_*/FOUNDRY_INVARIANT_*, say that Foresight applies.
	Fuzz FuzzConfig
	Solc string // compiler version or absolute path pinned by the project, if any
	// Src, Test and Script are Foundry's folders (relative to Root);
	// Test and Script are "test" and "script" in other projects.
	Src, Test, Script string
	// Compilers a Hardhat config lists (solidity, when literal): each file
	// gets the highest that its pragmas allow, with its settings.
	Compilers []ProjectCompiler
	// Overrides are Hardhat's solidity.overrides: the compiler and
	// settings of single files, by unit name.
	Overrides map[string]ProjectCompiler
	// NamedVersions are the solc versions the project's package.json (its
	// solc dependency) or Hardhat's cache and build-info name, highest
	// first: a compiler chosen by pragmas is the highest of them that
	// satisfies the unit, when one does (readNamedVersions).
	NamedVersions []Version
	// SettingsStated: the configuration (or the user) names the optimizer
	// or via-IR, so a "Stack too deep" build is reported, not retried with
	// other settings.
	SettingsStated bool
	// ConfigNotes say what of the configuration could not be read (a
	// computed Hardhat solidity entry) or is read differently from the
	// project's own tool (a foundry.toml key forge compiles with and
	// Foresight does not apply), one line each; every compile says
	// each once (CLI stderr, the editor's message).
	ConfigNotes []string
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
// config, remappings.txt); without one, the nearest holding package.json
// (a Hardhat project whose config Foresight does not read, Waffle: its
// node_modules resolve from there); without that, path's own directory,
// unless path's relative imports ("../X.sol") leave it: then the
// repository (the nearest ancestor holding .git), so those imports stay
// inside the project.
func FindRoot(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		abs = p
	}
	start := abs
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		start = filepath.Dir(abs)
	}
	var files []string
	for _, m := range rootMarkers {
		files = append(files, m.file)
	}
	if dir, ok := findUp(start, files); ok {
		return dir
	}
	if dir, ok := findUp(start, []string{"package.json"}); ok {
		return dir // node_modules resolves from there
	}
	if dir, ok := findUp(start, []string{".git"}); ok && dir != start && leavesDir(abs, start) {
		return dir
	}
	return start
}

// FindRootIn is FindRoot for a file found by walking dir, a folder the
// user named: the root is never a folder strictly inside dir, since a
// named folder without markers is one project (a bare contracts/ folder
// whose test/ and libraries/ files import each other with "../"), not one
// project per subfolder that compiles its libraries twice. A project with
// its own marker or package.json inside dir keeps its root. Nor is it the
// repository above dir when the file's relative imports stay inside dir:
// only a marker above dir, or an import that leaves it, makes a wider
// root.
func FindRootIn(p, dir string) string {
	root := FindRoot(p)
	outer := FindRoot(dir)
	if root == outer || hasRootMarker(root) {
		return root
	}
	if within(outer, root) {
		return outer
	}
	if abs, err := filepath.Abs(p); err == nil && within(root, outer) && !leavesDir(abs, outer) {
		return outer
	}
	return root
}

// IsProjectRoot reports whether dir holds a project marker or
// package.json: a project's configuration, not only a folder FindRoot
// fell back to.
func IsProjectRoot(dir string) bool { return hasRootMarker(dir) }

// hasRootMarker reports whether dir holds a project marker or package.json.
func hasRootMarker(dir string) bool {
	for _, m := range rootMarkers {
		if fileExists(filepath.Join(dir, m.file)) {
			return true
		}
	}
	return fileExists(filepath.Join(dir, "package.json"))
}

// maxRootScan bounds the files leavesDir reads.
const maxRootScan = 500

// leavesDir reports whether file (when it is a file), through relative
// imports, reaches a file outside dir: then dir alone cannot be the root.
func leavesDir(file, dir string) bool {
	if !fileExists(file) {
		return false
	}
	seen := map[string]bool{file: true}
	queue := []string{file}
	for len(queue) > 0 && len(seen) < maxRootScan {
		f := queue[0]
		queue = queue[1:]
		data, err := readSource(f)
		if err != nil {
			continue
		}
		for _, imp := range ScanDirectives(data).Imports {
			if !strings.HasPrefix(imp, "./") && !strings.HasPrefix(imp, "../") {
				continue
			}
			next := filepath.Join(filepath.Dir(f), filepath.FromSlash(imp))
			if !within(dir, next) {
				return true
			}
			if !seen[next] && fileExists(next) {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	return false
}

// findUp returns the nearest ancestor of dir (dir included) holding one of
// names.
func findUp(dir string, names []string) (string, bool) {
	for {
		for _, n := range names {
			if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
				return dir, true
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// LoadProject reads the configuration of the project rooted at root:
// foundry.toml (the profile in FOUNDRY_PROFILE, else default) with Foundry's
// remapping rules (see foundryRemappings), remappings.txt, the literal
// solidity settings of a Hardhat config (never run), and the solc versions
// package.json or a Hardhat cache names (readNamedVersions).
func LoadProject(root string) (*Project, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return nil, fmt.Errorf("project root: %w", err)
	}
	p := &Project{Root: root, Kind: "plain", Settings: Settings{OptimizerRuns: 200}, Test: "test", Script: "script", NamedVersions: readNamedVersions(root)}
	for _, m := range rootMarkers {
		if _, err := os.Stat(filepath.Join(root, m.file)); err == nil {
			p.Kind = m.kind
			break
		}
	}
	rs, err := readRemappingsFile(filepath.Join(root, "remappings.txt"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("read remappings.txt: %w", err)
	}
	switch p.Kind {
	case "foundry":
		if err := p.loadFoundry(rs); err != nil {
			return nil, err
		}
		return p, nil
	case "hardhat":
		p.loadHardhat()
	}
	p.Remappings = rs
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
	Missing []MissingImport // imports found nowhere Foresight looked
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
			data, err := readSource(abs)
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
				u.Missing = append(u.Missing, MissingImport{Import: imp, Name: name, Searched: p.searched(name), Start: u.ImportSpans[i][0], End: u.ImportSpans[i][1]})
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
