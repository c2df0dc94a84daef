package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var viaAnnotation = regexp.MustCompile(`//@via\(([^)]+)\)`)

// vias reads the //@via(KIND) annotations of the .sol files under root as
// KIND -> "relative/path:line".
func vias(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".sol") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range viaAnnotation.FindAllStringSubmatch(line, -1) {
				out[m[1]] = fmt.Sprintf("%s:%d", filepath.ToSlash(rel), i+1)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFindingsInDependencies fuzzes the user contracts of testdata/deps,
// whose failures happen inside a dependency (a lib/ library's call, a
// node_modules library's assert) or a library of the project's own: each
// finding must be reported at the user's call (its //@finding line), with
// the failing line in the library (its //@via line) as related location.
func TestFindingsInDependencies(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("testdata", "deps"))
	if err != nil {
		t.Fatal(err)
	}
	via := vias(t, root)
	for _, name := range []string{"Vault.sol", "Halver.sol", "Jar.sol"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(root, "src", name)
			rep, err := Fuzz(context.Background(), compile(t, path), Options{Settings: Settings{Seed: 1, Execs: vulnExecs}})
			if err != nil {
				t.Fatal(err)
			}
			want, got := expected(t, path), found(rep)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("findings %v, want %v", got, want)
			}
			for _, f := range rep.Findings {
				if f.Path != path {
					t.Errorf("%s reported in %s, want %s", f.Kind, f.Path, path)
				}
				var rel []string
				for _, r := range f.Related {
					p, _ := filepath.Rel(root, r.Path)
					rel = append(rel, fmt.Sprintf("%s:%d", filepath.ToSlash(p), r.Line))
				}
				sort.Strings(rel)
				if w := []string{via[f.Kind]}; !reflect.DeepEqual(rel, w) {
					t.Errorf("%s@%d related %v, want %v", f.Kind, f.Line, rel, w)
				}
				if len(f.Related) > 0 && f.Related[0].Function == "" {
					t.Errorf("%s: related location names no function", f.Kind)
				}
			}
		})
	}
}
