package lsp

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"

	"github.com/foresight-sol/foresight/solc"
)

// maxHarnesses bounds the test files with a setUp() a run looks at.
const maxHarnesses = 64

// setUpHarness returns the Foundry test file a run compiles beside its
// files so that its campaign starts from that test's setUp() (as forge's
// invariant runner does) even when the test is not open: a file of the
// project's test folder with a setUp() whose imports reach one of files
// outside test code, those with invariant functions first, then by path.
// It returns "" when an open test file has a setUp() (the engine picks
// it), when none fits, or when the folder cannot be read.
func setUpHarness(proj *solc.Project, files []string, overlay solc.Overlay) string {
	want := map[string]bool{}
	for _, f := range files {
		if proj.IsTestOrScript(f) {
			if hasSetUp(overlay[f]) || overlay[f] == nil && hasSetUp(readSmall(f)) {
				return ""
			}
			continue
		}
		want[proj.UnitName(f)] = true
	}
	if len(want) == 0 || proj.Test == "" {
		return ""
	}
	root, err := filepath.EvalSymlinks(proj.Root)
	if err != nil {
		return ""
	}
	all, err := solc.SolidityFiles(filepath.Join(proj.Root, proj.Test))
	if err != nil {
		return ""
	}
	var invariant, plain []string
	for _, f := range all {
		if real, err := filepath.EvalSymlinks(f); err != nil || !within(root, real) {
			continue // a link out of the project is never read
		}
		text, open := overlay[f]
		if !open {
			text = readSmall(f)
		}
		switch {
		case !hasSetUp(text):
		case bytes.Contains(text, []byte("function invariant")):
			invariant = append(invariant, f)
		default:
			plain = append(plain, f)
		}
	}
	slices.Sort(invariant)
	slices.Sort(plain)
	cands := append(invariant, plain...)
	if len(cands) > maxHarnesses {
		cands = cands[:maxHarnesses]
	}
	if len(cands) == 0 {
		return ""
	}
	units, roots, err := proj.Sources(cands, overlay)
	if err != nil {
		return ""
	}
	for i, r := range roots {
		if reaches(units, r, want) {
			return cands[i]
		}
	}
	return ""
}

// hasSetUp reports whether Solidity text defines a setUp() function.
func hasSetUp(text []byte) bool {
	return bytes.Contains(text, []byte("function setUp("))
}

// readSmall reads a file up to maxDocument bytes; a larger or unreadable
// one reads as nothing.
func readSmall(path string) []byte {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxDocument {
		return nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	return data
}

// reaches reports whether the imports of unit root, followed
// transitively, reach one of want.
func reaches(units map[string]*solc.Unit, root string, want map[string]bool) bool {
	seen := map[string]bool{root: true}
	stack := []string{root}
	for len(stack) > 0 {
		u := units[stack[len(stack)-1]]
		stack = stack[:len(stack)-1]
		if u == nil {
			continue
		}
		for _, d := range u.Deps {
			if want[d] {
				return true
			}
			if !seen[d] {
				seen[d] = true
				stack = append(stack, d)
			}
		}
	}
	return false
}

// setUpFiles lists the root files of builds that are test code with a
// setUp(): a change to one changes what a set-up campaign does.
func setUpFiles(proj *solc.Project, builds []*solc.Build) map[string]bool {
	out := map[string]bool{}
	for _, b := range builds {
		for _, unit := range b.Roots {
			if u := b.Units[unit]; u != nil && proj.IsTestOrScript(u.Path) && hasSetUp(u.Content) {
				out[u.Path] = true
			}
		}
	}
	return out
}
