package solc

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// maxLibDepth bounds how deep libraries of libraries are followed
// (lib/a/lib/b/lib/c ...); real trees stop at two or three.
const maxLibDepth = 6

// foundryRemappings assembles a Foundry project's remappings as forge
// does (foundry-config's RemappingsProvider):
//   - the user's: remappings.txt first, then foundry.toml's; the first of a
//     context and prefix wins;
//   - then, with auto-detection on, the libraries': every library folder
//     (libs, and each library's own libs, nested) maps "<name>/" to its
//     src/ if it has one, else to itself; a library's own remappings
//     (its remappings.txt and foundry.toml, targets taken relative to it)
//     apply everywhere and, with the library's folder as context, to the
//     library's own files, so its imports keep meaning what they meant in
//     its repository. Of two libraries giving a prefix, the one nearer the
//     root wins; declared remappings beat detected ones;
//   - a library remapping whose prefix overlaps a user one in the same
//     context (one a prefix of the other), or remaps the project's src,
//     test or script folder, is dropped.
func foundryRemappings(root string, user []Remapping, libs []string, projectDirs []string, autoDetect bool) []Remapping {
	var set remappingSet
	for _, d := range projectDirs {
		set.reserved = append(set.reserved, strings.TrimSuffix(d, "/")+"/")
	}
	for _, r := range user {
		set.add(r, true)
	}
	if !autoDetect {
		return set.list
	}
	declared := map[string]map[string]string{} // context -> prefix -> target
	detected := map[string]map[string]string{}
	seen := map[string]bool{realPath(root): true}
	var walk func(dir string, libs []string, depth int)
	walk = func(dir string, libs []string, depth int) {
		if depth > maxLibDepth {
			return
		}
		for _, lib := range libs {
			libDir := path.Join(dir, filepath.ToSlash(lib))
			entries, err := os.ReadDir(filepath.Join(root, filepath.FromSlash(libDir)))
			if err != nil {
				continue
			}
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".") || !isDirEntry(root, libDir, e) {
					continue
				}
				rel := path.Join(libDir, e.Name())
				real := realPath(filepath.Join(root, filepath.FromSlash(rel)))
				if seen[real] {
					continue
				}
				seen[real] = true
				nested := libraryRemappings(root, rel, e.Name(), declared, detected)
				walk(rel, nested, depth+1)
			}
		}
	}
	walk("", libs, 0)
	for ctx, byPrefix := range detected {
		for prefix, target := range byPrefix {
			if _, ok := declared[ctx][prefix]; !ok {
				insertClosest(declared, ctx, prefix, target)
			}
		}
	}
	contexts := make([]string, 0, len(declared))
	for ctx := range declared {
		contexts = append(contexts, ctx)
	}
	sort.Strings(contexts)
	for _, ctx := range contexts {
		prefixes := make([]string, 0, len(declared[ctx]))
		for p := range declared[ctx] {
			prefixes = append(prefixes, p)
		}
		sort.Strings(prefixes)
		for _, p := range prefixes {
			set.add(Remapping{Context: ctx, Prefix: p, Target: declared[ctx][p]}, false)
		}
	}
	return set.list
}

// libraryRemappings records the remappings of the library in folder rel
// (relative to root, named name) and returns its own library folders.
func libraryRemappings(root, rel, name string, declared, detected map[string]map[string]string) []string {
	abs := filepath.Join(root, filepath.FromSlash(rel))
	libs := []string{"lib"}
	src := ""
	var own []Remapping
	if cfg, err := readFoundryConfig(filepath.Join(abs, "foundry.toml"), ""); err == nil {
		if cfg.Libs != nil {
			libs = cfg.Libs
		}
		// forge synthesizes "<name>/=<lib>/<src>/" for a library with a
		// foundry.toml, even before its src folder exists.
		src = cfg.Src
		if src == "" {
			src = "src"
		}
		for _, s := range cfg.Remappings {
			if r, err := ParseRemapping(s); err == nil {
				own = append(own, r)
			}
		}
	}
	if rs, err := readRemappingsFile(filepath.Join(abs, "remappings.txt")); err == nil {
		own = append(rs, own...)
	}
	for _, r := range own {
		if path.IsAbs(r.Target) || filepath.IsAbs(r.Target) {
			continue // a path on its author's machine
		}
		target := path.Join(rel, r.Target)
		if strings.HasSuffix(r.Target, "/") || r.Target == "" {
			target += "/"
		}
		if r.Context == "" {
			insertClosest(declared, "", r.Prefix, target)
		}
		insertClosest(declared, path.Join(rel, r.Context)+"/", r.Prefix, target)
	}
	switch prefix := name + "/"; {
	case prefix == "lib/" || prefix == "src/" || prefix == "contracts/":
	case src != "":
		insertClosest(declared, "", prefix, path.Join(rel, src)+"/")
	case isDir(filepath.Join(abs, "src")):
		insertClosest(detected, "", prefix, rel+"/src/")
	default:
		insertClosest(detected, "", prefix, rel+"/")
	}
	return libs
}

// insertClosest keeps, per context and prefix, the target with the fewest
// path components: the library nearest the root.
func insertClosest(m map[string]map[string]string, ctx, prefix, target string) {
	if m[ctx] == nil {
		m[ctx] = map[string]string{}
	}
	old, ok := m[ctx][prefix]
	if !ok || strings.Count(strings.TrimSuffix(target, "/"), "/") < strings.Count(strings.TrimSuffix(old, "/"), "/") {
		m[ctx][prefix] = target
	}
}

// remappingSet appends remappings, keeping the first of each context and
// prefix and, for library ones, refusing overlaps (see foundryRemappings).
type remappingSet struct {
	list     []Remapping
	reserved []string // project folders libraries may not remap
}

func (s *remappingSet) add(r Remapping, user bool) {
	for _, e := range s.list {
		if e.Context != r.Context {
			continue
		}
		if e.Prefix == r.Prefix {
			return
		}
		if !user && (strings.HasPrefix(r.Prefix, strings.TrimSuffix(e.Prefix, "/")+"/") || strings.HasPrefix(e.Prefix, r.Prefix)) {
			return
		}
	}
	if !user {
		for _, d := range s.reserved {
			if strings.EqualFold(r.Prefix, d) {
				return
			}
		}
	}
	s.list = append(s.list, r)
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// isDirEntry reports whether e (in folder dir, relative to root) is a
// directory, following a symlink.
func isDirEntry(root, dir string, e fs.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	if e.Type()&fs.ModeSymlink == 0 {
		return false
	}
	st, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), e.Name()))
	return err == nil && st.IsDir()
}
