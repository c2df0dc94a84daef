package foresight

import (
	"bytes"
	"os"
	"os/exec"
	"path"
	"regexp"
	"strings"
	"testing"
)

// The repository must work from a plain clone: no tracked file may refer to
// a path outside it, and nothing tracked is a build product (an executable
// binary) or large enough to bloat every clone.

// maxTrackedSize is the largest file the repository may track.
const maxTrackedSize = 1 << 20

// hostRoots are absolute directories that exist on one machine only: a
// tracked file naming a path under them works nowhere else.
var hostRoots = []string{"/work/", "/home/", "/root/", "/Users/", "/mnt/", "/media/"}

// dotdotPath matches path-like text containing a ".." segment, e.g.
// "../sibling/x", "src/../../y", or the ".." of "$(dirname "$0")/..".
var dotdotPath = regexp.MustCompile(`[\w.\-@+~*/]*\.\.(?:/[\w.\-@+~*]*)*`)

// joinedPath matches quoted path elements passed one by one, as in
// filepath.Join("..", "..", "sibling").
var joinedPath = regexp.MustCompile(`"(?:\.\.|[\w.\-]+)"(?:\s*,\s*"(?:\.\.|[\w.\-]+)")+`)

// absPath matches absolute paths that start at a word boundary.
var absPath = regexp.MustCompile(`(?:^|[\s"'` + "`" + `(=:,\[])(/[\w.\-@+~]+(?:/[\w.\-@+~]*)*)`)

// trackedFile is one file of `git ls-files -s`.
type trackedFile struct {
	path string // slash-separated, relative to the root
	mode string // git mode, e.g. 100644 or 100755
}

// trackedFiles lists the files git tracks in the repository at root.
func trackedFiles(t *testing.T, root string) []trackedFile {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-s", "-z")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("git ls-files: %v (not a git checkout)", err)
	}
	var files []trackedFile
	for _, rec := range strings.Split(string(out), "\x00") {
		// "<mode> <object> <stage>\t<path>"
		meta, p, ok := strings.Cut(rec, "\t")
		if !ok {
			continue
		}
		mode, _, _ := strings.Cut(meta, " ")
		if mode == "160000" { // a submodule: not a file here
			continue
		}
		files = append(files, trackedFile{path: p, mode: mode})
	}
	if len(files) == 0 {
		t.Fatal("git ls-files listed no files")
	}
	return files
}

// allowMarker ends a line that names a path outside the repository on
// purpose, such as a test that an import climbing out of a project is
// refused; the reason follows the marker.
const allowMarker = "repo:outside-ok"

// dropAllowed blanks the lines that carry allowMarker.
func dropAllowed(text []byte) []byte {
	if !bytes.Contains(text, []byte(allowMarker)) {
		return text
	}
	lines := bytes.Split(text, []byte("\n"))
	for i, l := range lines {
		if bytes.Contains(l, []byte(allowMarker)) {
			lines[i] = nil
		}
	}
	return bytes.Join(lines, []byte("\n"))
}

// outsideRefs returns the paths text (the content of the file at rel)
// names outside the repository: relative paths that, resolved against the
// file's directory, climb above the root, and absolute paths under a
// machine-specific directory.
func outsideRefs(rel string, text []byte) []string {
	var bad []string
	dir := path.Dir(rel)
	text = dropAllowed(text)
	for _, loc := range dotdotPath.FindAllIndex(text, -1) {
		ref := string(text[loc[0]:loc[1]])
		if !hasDotDotSegment(ref) {
			continue // an ellipsis or a range such as 1..N
		}
		if loc[0] > 0 && text[loc[0]-1] == ':' {
			continue // part of a URL
		}
		base := dir
		if strings.HasPrefix(ref, "/") {
			if loc[0] == 0 || isSpaceOrQuote(text[loc[0]-1]) {
				continue // absolute: checked below
			}
			// Glued to an expression such as $(dirname "$0") or
			// ${dir}: relative to the file's own directory.
			ref = strings.TrimPrefix(ref, "/")
		}
		if escapes(path.Join(base, ref)) {
			bad = append(bad, ref)
		}
	}
	for _, m := range joinedPath.FindAll(text, -1) {
		var elems []string
		for _, e := range strings.Split(string(m), ",") {
			elems = append(elems, strings.Trim(strings.TrimSpace(e), `"`))
		}
		ref := strings.Join(elems, "/")
		if hasDotDotSegment(ref) && escapes(path.Join(dir, ref)) {
			bad = append(bad, ref)
		}
	}
	for _, m := range absPath.FindAllSubmatch(text, -1) {
		p := string(m[1])
		for _, r := range hostRoots {
			if strings.HasPrefix(p, r) || p == strings.TrimSuffix(r, "/") {
				bad = append(bad, p)
				break
			}
		}
	}
	return bad
}

func hasDotDotSegment(p string) bool {
	for _, s := range strings.Split(p, "/") {
		if s == ".." {
			return true
		}
	}
	return false
}

// escapes reports whether a cleaned root-relative path leaves the root.
func escapes(p string) bool {
	p = path.Clean(p)
	return p == ".." || strings.HasPrefix(p, "../")
}

func isSpaceOrQuote(b byte) bool {
	return strings.IndexByte(" \t\r\n\"'`(=[,", b) >= 0
}

// binaryKind names the executable format content starts with, or "".
func binaryKind(content []byte) string {
	magics := []struct {
		magic []byte
		kind  string
	}{
		{[]byte("\x7fELF"), "ELF executable"},
		{[]byte{0xcf, 0xfa, 0xed, 0xfe}, "Mach-O executable"},
		{[]byte{0xce, 0xfa, 0xed, 0xfe}, "Mach-O executable"},
		{[]byte{0xca, 0xfe, 0xba, 0xbe}, "Mach-O universal binary"},
		{[]byte("MZ"), "Windows executable"},
		{[]byte("\x00asm"), "WebAssembly module"},
	}
	for _, m := range magics {
		if bytes.HasPrefix(content, m.magic) {
			return m.kind
		}
	}
	return ""
}

// trackedProblem says why a tracked file does not belong in the
// repository, or returns "".
func trackedProblem(f trackedFile, content []byte) string {
	if len(content) > maxTrackedSize {
		return "larger than 1 MB"
	}
	if k := binaryKind(content); k != "" {
		return "a tracked " + k
	}
	if f.mode == "100755" && !bytes.HasPrefix(content, []byte("#!")) {
		return "executable but not a script with a #! line"
	}
	return ""
}

func TestNoPathOutsideRepository(t *testing.T) {
	for _, f := range trackedFiles(t, ".") {
		content, err := os.ReadFile(f.path)
		if os.IsNotExist(err) {
			continue // deleted in the working tree, not yet committed
		}
		if err != nil {
			t.Fatal(err)
		}
		if bytes.IndexByte(content, 0) >= 0 {
			continue // binary: TestTrackedFilesBelong rules on it
		}
		if f.path == "repo_test.go" {
			continue // its bad samples are the point of TestOutsideRefs
		}
		if isUpstream(f.path) {
			continue
		}
		for _, ref := range outsideRefs(f.path, content) {
			t.Errorf("%s refers to %q, outside the repository (a clone has no such path; copy what is needed into the tree)", f.path, ref)
		}
	}
}

func TestTrackedFilesBelong(t *testing.T) {
	for _, f := range trackedFiles(t, ".") {
		content, err := os.ReadFile(f.path)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if isUpstream(f.path) {
			continue
		}
		if p := trackedProblem(f, content); p != "" {
			t.Errorf("%s is %s: build products and large files stay out of git (.gitignore)", f.path, p)
		}
	}
}

// isUpstream reports whether a tracked file is third-party code kept as
// upstream has it (TestThirdPartyGeth checks it is), which the checks here
// do not judge: libsecp256k1's precomputed tables are over 1 MB.
func isUpstream(p string) bool {
	return strings.HasPrefix(p, gethDir+"/") && !gethOwn[strings.TrimPrefix(p, gethDir+"/")]
}

// TestOutsideRefs checks the scanner itself on samples that must and must
// not be flagged, so the repository checks above can fail.
func TestOutsideRefs(t *testing.T) {
	tests := []struct {
		file, text string
		want       []string
	}{
		{"README.md", `cp ../sibling/contracts/*.sol examples/`, []string{"../sibling/contracts/*.sol"}},
		{"internal/fixtures/fixtures.go", `filepath.Join("..", "..", "..", "sibling")`, []string{"../../../sibling"}},
		{"internal/fixtures/fixtures.go", `filepath.Join("..", "..", "examples")`, nil},
		{"README.md", "see [the notes](../../notes/x.md)", []string{"../../notes/x.md"}},
		{"docs/a.md", "read /work/sibling/contracts/README.md first", []string{"/work/sibling/contracts/README.md"}},
		{"go.mod", "replace x => /home/me/x", []string{"/home/me/x"}},
		{"scripts/test", `cd "$(dirname "$0")/../.."`, []string{"../.."}},
		// A line that names an outside path on purpose says so.
		{"solc/x_test.go", "imp := \"../../../Secret.sol\" // " + allowMarker + ": must be refused\nother := \"../../../y\"", []string{"../../../y"}},
		// Inside the repository, or not a path at all.
		{"src/sub/B.sol", `import "../A.sol";`, nil},
		{"engine/testdata/x/y/C.sol", `import {A} from "../../A.sol";`, nil},
		{"editors/vscode/package.json", `"test:e2e": "bash ../../scripts/e2e-vscode"`, nil},
		{"scripts/test", `cd "$(dirname "$0")/.."`, nil},
		{"docs/a.md", "seeds 1..N, and so on...", nil},
		{"README.md", "https://example.com/a/../b and /usr/local/go/bin, /dev/null, ~/.cache", nil},
	}
	for _, tt := range tests {
		got := outsideRefs(tt.file, []byte(tt.text))
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("outsideRefs(%s, %q) = %q, want %q", tt.file, tt.text, got, tt.want)
		}
	}
}

func TestTrackedProblem(t *testing.T) {
	big := bytes.Repeat([]byte("x"), maxTrackedSize+1)
	tests := []struct {
		f       trackedFile
		content []byte
		bad     bool
	}{
		{trackedFile{"fuzz.test", "100755"}, []byte("\x7fELF\x02\x01\x01"), true},
		{trackedFile{"foresight", "100644"}, []byte("\x7fELF\x02\x01\x01"), true},
		{trackedFile{"tool.exe", "100644"}, []byte("MZ\x90\x00"), true},
		{trackedFile{"run", "100755"}, []byte("\x00\x01binary"), true},
		{trackedFile{"data.json", "100644"}, big, true},
		{trackedFile{"scripts/test", "100755"}, []byte("#!/usr/bin/env bash\n"), false},
		{trackedFile{"README.md", "100644"}, []byte("# Foresight\n"), false},
	}
	for _, tt := range tests {
		if got := trackedProblem(tt.f, tt.content); (got != "") != tt.bad {
			t.Errorf("trackedProblem(%s) = %q, want bad=%v", tt.f.path, got, tt.bad)
		}
	}
}

// FuzzOutsideRefs checks that whatever the scanner reports really is
// outside: a host-specific absolute path, or a relative path that climbs
// above the root from the file's directory.
func FuzzOutsideRefs(f *testing.F) {
	f.Add("scripts/test", `cd "$(dirname "$0")/../.." && cp ../x /work/y`)
	f.Add("a/b/c.sol", `import "../../../d.sol"; filepath.Join("..", "..", "e")`)
	f.Add("README.md", "1..N ... https://h/../x")
	f.Fuzz(func(t *testing.T, file, text string) {
		if file == "" || strings.HasPrefix(file, "/") || escapes(file) {
			return
		}
		for _, ref := range outsideRefs(file, []byte(text)) {
			abs := false
			for _, r := range hostRoots {
				abs = abs || strings.HasPrefix(ref, r) || ref == strings.TrimSuffix(r, "/")
			}
			if !abs && !escapes(path.Join(path.Dir(file), ref)) {
				t.Errorf("outsideRefs(%q, %q) reported %q, which stays inside", file, text, ref)
			}
		}
	})
}
