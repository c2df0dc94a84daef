package solc

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompilationUnits compiles each folder of testdata/versions (every
// .sol file a root) and checks the compiler each root got against the
// folder's want.txt: "FILE VERSION", or "FILE error: TEXT" for a root that
// no version serves, whose diagnostic must contain TEXT.
func TestCompilationUnits(t *testing.T) {
	tc := testToolchain(t)
	dirs, err := filepath.Glob(filepath.Join("testdata", "versions", "*"))
	if err != nil || len(dirs) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			want := readWant(t, filepath.Join(dir, "want.txt"))
			files, err := filepath.Glob(filepath.Join(dir, "*.sol"))
			if err != nil {
				t.Fatal(err)
			}
			p, err := LoadProject(dir)
			if err != nil {
				t.Fatal(err)
			}
			bs, err := tc.Compile(context.Background(), p, Request{Files: files, Mode: Full})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for _, b := range bs {
				for _, r := range b.Roots {
					got[r] = rootOutcome(b)
				}
			}
			units := map[string]bool{}
			for _, b := range bs {
				units[b.Label()] = true
			}
			for file, w := range want {
				g, ok := got[file]
				switch {
				case !ok:
					t.Errorf("%s: in no build", file)
				case strings.HasPrefix(w, "error: "):
					if !strings.Contains(g, strings.TrimPrefix(w, "error: ")) {
						t.Errorf("%s: got %q, want an error containing %q", file, g, strings.TrimPrefix(w, "error: "))
					}
				case g != w:
					t.Errorf("%s: got %s, want %s", file, g, w)
				}
			}
			if len(got) != len(want) {
				t.Errorf("roots %v, want %d", got, len(want))
			}
			t.Logf("units: %v", units)
		})
	}
}

// rootOutcome is the version a build compiled with, or its errors.
func rootOutcome(b *Build) string {
	if !b.HasErrors() {
		return b.Compiler.Version().String()
	}
	var msgs []string
	for _, d := range b.Diagnostics {
		if d.Severity == SeverityError {
			msgs = append(msgs, d.Message)
		}
	}
	return "error: " + strings.Join(msgs, "; ")
}

func readWant(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		file, rest, ok := strings.Cut(line, " ")
		if !ok {
			t.Fatalf("%s: bad line %q", path, line)
		}
		want[file] = rest
	}
	return want
}

// TestFewestVersions: roots no one version serves get the versions that
// serve the most of them, not one version per root.
func TestFewestVersions(t *testing.T) {
	v := MustVersion
	cons := func(ss ...string) rootPragmas {
		var rp rootPragmas
		for _, s := range ss {
			c, err := ParseConstraint(s)
			if err != nil {
				t.Fatal(err)
			}
			rp.cons = append(rp.cons, c)
		}
		return rp
	}
	pr := map[string]rootPragmas{
		"a": cons("=0.6.12"), "b": cons(">=0.6.0"), "c": cons("^0.8.0"), "d": cons(">=0.5.0"), "e": cons("^0.6.0", ">=0.6.10"),
	}
	own := map[string]choice{"a": {js: v("0.6.12")}, "b": {js: v("0.8.37")}, "c": {js: v("0.8.37")}, "d": {js: v("0.8.37")}, "e": {js: v("0.6.12")}}
	got := fewestVersions([]string{"a", "b", "c", "d", "e"}, own, pr)
	if len(got) != 2 {
		t.Fatalf("got %d groups %+v, want 2", len(got), got)
	}
	// 0.6.12 serves a, b, d, e (4); 0.8.37 serves b, c, d (3): 0.6.12 first.
	if got[0].ch.version() != v("0.6.12") || strings.Join(got[0].roots, ",") != "a,b,d,e" {
		t.Errorf("first group %v %v, want 0.6.12 a,b,d,e", got[0].ch.version(), got[0].roots)
	}
	if got[1].ch.version() != v("0.8.37") || strings.Join(got[1].roots, ",") != "c" {
		t.Errorf("second group %v %v, want 0.8.37 c", got[1].ch.version(), got[1].roots)
	}
}

func TestComponents(t *testing.T) {
	pr := map[string]rootPragmas{
		"A": {files: []string{"A", "L"}}, "B": {files: []string{"B", "M"}}, "C": {files: []string{"C", "L"}},
		"D": {files: []string{"D", "M", "N"}}, "E": {files: []string{"E"}},
	}
	got := fmtSlices(components([]string{"A", "B", "C", "D", "E"}, pr))
	if want := "[[A C] [B D] [E]]"; got != want {
		t.Errorf("components %s, want %s", got, want)
	}
}

func fmtSlices(ss [][]string) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = "[" + strings.Join(s, " ") + "]"
	}
	return "[" + strings.Join(parts, " ") + "]"
}
