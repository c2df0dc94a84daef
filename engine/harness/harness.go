package harness

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/solc"
)

// Max bounds the test files with a setUp() that one selection looks at.
const Max = 64

// maxFile is the largest test file read; a larger one reads as nothing.
const maxFile = 4 << 20

// File is a test file a campaign may start from.
type File struct {
	Path string
	// Suite says the file is an invariant suite: its setUp() comes with
	// invariant functions or target selectors. Otherwise it only has a
	// setUp().
	Suite bool
}

// Find returns the test files of proj's test folder with a setUp() whose
// imports, followed transitively, reach one of files (absolute paths of
// code outside test code): invariant suites first, then the others, each
// by path, at most Max looked at. overlay's texts (open buffers) win over
// the disk; a file linked from outside the project is never read. Find
// returns nil when the folder cannot be read or nothing fits.
func Find(proj *solc.Project, files []string, overlay solc.Overlay) []File {
	want := map[string]bool{}
	for _, f := range files {
		if !proj.IsTestOrScript(f) {
			want[proj.UnitName(f)] = true
		}
	}
	if len(want) == 0 || proj.Test == "" {
		return nil
	}
	root, err := filepath.EvalSymlinks(proj.Root)
	if err != nil {
		return nil
	}
	all, err := solc.SolidityFiles(filepath.Join(proj.Root, proj.Test))
	if err != nil {
		return nil
	}
	var suites, plain []string
	for _, f := range all {
		if real, err := filepath.EvalSymlinks(f); err != nil || !within(root, real) {
			continue // a link out of the project is never read
		}
		text, open := overlay[f]
		if !open {
			text = ReadSmall(f)
		}
		switch {
		case !HasSetUp(text):
		case IsSuite(text):
			suites = append(suites, f)
		default:
			plain = append(plain, f)
		}
	}
	slices.Sort(suites)
	slices.Sort(plain)
	cands := append(suites, plain...)
	if len(cands) > Max {
		cands = cands[:Max]
	}
	if len(cands) == 0 {
		return nil
	}
	units, roots, err := proj.Sources(cands, overlay)
	if err != nil {
		return nil
	}
	var out []File
	for i, r := range roots {
		if i < len(cands) && reaches(units, r, want) {
			out = append(out, File{Path: cands[i], Suite: i < len(suites)})
		}
	}
	return out
}

// Suites returns the invariant suites among fs.
func Suites(fs []File) []string {
	var out []string
	for _, f := range fs {
		if f.Suite {
			out = append(out, f.Path)
		}
	}
	return out
}

// HasSetUp reports whether Solidity text defines a setUp() function.
func HasSetUp(text []byte) bool {
	return bytes.Contains(text, []byte("function setUp("))
}

// suiteMarks are what makes a test with a setUp() an invariant suite:
// invariant functions, or StdInvariant's choices of what to fuzz.
var suiteMarks = [][]byte{[]byte("function invariant"), []byte("targetContract("), []byte("targetSelector("),
	[]byte("targetSender("), []byte("targetArtifact("), []byte("targetArtifactSelector(")}

// IsSuite reports whether Solidity text with a setUp() is an invariant
// suite.
func IsSuite(text []byte) bool {
	if !HasSetUp(text) {
		return false
	}
	for _, m := range suiteMarks {
		if bytes.Contains(text, m) {
			return true
		}
	}
	return false
}

// ReadSmall reads a regular file of at most 4 MiB; a larger or
// unreadable one reads as nothing.
func ReadSmall(path string) []byte {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() || st.Size() > maxFile {
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

// within reports whether path is dir or inside it.
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
