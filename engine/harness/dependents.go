package harness

import (
	"bytes"
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// MaxDependents bounds the files Dependents returns: each is compiled
// with the saved file and shares its campaign's budget.
const MaxDependents = 4

// Dependents returns the project files a campaign needs beside file when
// file's contracts cannot be fuzzed alone, or nil when they can.
//
// An abstract base (file declares abstract contracts and no concrete
// one) is fuzzed in the concrete contracts that derive from it: the
// project's files whose imports reach file and that declare a concrete
// contract whose bases, followed through the declarations those imports
// hold, name one of file's contracts, nearest by import distance first.
// An implementation that only works behind a proxy (its constructor
// calls _disableInitializers()) is fuzzed at a proxy of the project's:
// the files that declare a concrete contract deriving from a *Proxy
// base (not a beacon's), which the engine deploys pointing at it; those
// come first. Project files are the CLI's for a project folder
// (solc.SolidityFiles), less test and script code and dependencies;
// overlay's texts win over the disk; a file linked from outside the
// project is never read. At most MaxDependents are returned.
func Dependents(proj *solc.Project, file string, overlay solc.Overlay) []string {
	if proj.IsTestOrScript(file) || proj.InDependency(file) {
		return nil
	}
	text := readText(file, overlay)
	decls := solc.ScanContracts(text)
	hasKind := func(kind string) bool {
		return slices.ContainsFunc(decls, func(d solc.Declared) bool { return d.Kind == kind })
	}
	abstractOnly := hasKind("abstract") && !hasKind("contract")
	behindProxy := hasKind("contract") && bytes.Contains(text, []byte("_disableInitializers()"))
	if !abstractOnly && !behindProxy {
		return nil
	}
	root, err := filepath.EvalSymlinks(proj.Root)
	if err != nil {
		return nil
	}
	all, err := solc.SolidityFiles(proj.Root)
	if err != nil {
		return nil
	}
	var proxies, cands []string
	for _, f := range all {
		if f == file || proj.IsTestOrScript(f) || proj.InDependency(f) {
			continue
		}
		if real, err := filepath.EvalSymlinks(f); err != nil || !within(root, real) {
			continue // a link out of the project is never read
		}
		concrete := false
		for _, d := range solc.ScanContracts(readText(f, overlay)) {
			if d.Kind != "contract" {
				continue
			}
			concrete = true
			if behindProxy && slices.ContainsFunc(append([]string{d.Name}, d.Bases...), isProxyName) && !slices.Contains(proxies, f) {
				proxies = append(proxies, f)
			}
		}
		if concrete {
			cands = append(cands, f)
		}
	}
	out := proxies
	for _, f := range derived(proj, file, decls, cands, overlay) {
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out[:min(len(out), MaxDependents)]
}

// isProxyName reports whether a contract name is a proxy a campaign
// can deploy in front of an implementation.
func isProxyName(name string) bool {
	return strings.HasSuffix(name, "Proxy") && !strings.Contains(name, "Beacon")
}

// derived returns the candidates whose imports reach file and that declare
// a concrete contract deriving from one of decls, nearest first.
func derived(proj *solc.Project, file string, decls []solc.Declared, cands []string, overlay solc.Overlay) []string {
	if len(cands) == 0 {
		return nil
	}
	units, roots, err := proj.Sources(cands, overlay)
	if err != nil {
		return nil
	}
	target := ""
	bases := map[string][]string{} // every declaration of the closures, by name
	for name, u := range units {
		if u.Path == file {
			target = name
		}
		for _, d := range solc.ScanContracts(u.Content) {
			bases[d.Name] = append(bases[d.Name], d.Bases...)
		}
	}
	if target == "" {
		return nil // nothing imports it
	}
	saved := map[string]bool{}
	for _, d := range decls {
		saved[d.Name] = true
	}
	type hit struct {
		path string
		dist int
	}
	var hits []hit
	for i, r := range roots {
		dist := distance(units, r, target)
		if dist < 0 {
			continue
		}
		for _, d := range solc.ScanContracts(units[r].Content) {
			if d.Kind == "contract" && derives(bases, d.Bases, saved) {
				hits = append(hits, hit{cands[i], dist})
				break
			}
		}
	}
	slices.SortFunc(hits, func(a, b hit) int { return cmp.Or(cmp.Compare(a.dist, b.dist), strings.Compare(a.path, b.path)) })
	out := make([]string, len(hits))
	for i, h := range hits {
		out[i] = h.path
	}
	return out
}

// derives reports whether the bases named, followed through bases, reach
// one of want.
func derives(bases map[string][]string, direct []string, want map[string]bool) bool {
	seen := map[string]bool{}
	stack := slices.Clone(direct)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if want[b] {
			return true
		}
		if !seen[b] {
			seen[b] = true
			stack = append(stack, bases[b]...)
		}
	}
	return false
}

// distance is the fewest imports from unit root to unit target, or -1.
func distance(units map[string]*solc.Unit, root, target string) int {
	seen := map[string]bool{root: true}
	level := []string{root}
	for dist := 0; len(level) > 0; dist++ {
		var next []string
		for _, name := range level {
			if name == target {
				return dist
			}
			if u := units[name]; u != nil {
				for _, d := range u.Deps {
					if !seen[d] {
						seen[d] = true
						next = append(next, d)
					}
				}
			}
		}
		level = next
	}
	return -1
}

// readText is a file's open buffer, else its text on disk (ReadSmall).
func readText(path string, overlay solc.Overlay) []byte {
	if text, ok := overlay[path]; ok {
		return text
	}
	return ReadSmall(path)
}
