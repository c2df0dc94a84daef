package notices

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/internal/notices/gen"
)

var update = flag.Bool("update", false, "rewrite THIRD_PARTY_NOTICES (the root's and the embedded copy)")

// rootFile is the notices file the archives and the .vsix ship.
func rootFile() string { return filepath.Join(fixtures.RepoRoot(), "THIRD_PARTY_NOTICES") }

// TestNoticesUpToDate regenerates the notices from the modules the binary
// links for every release target and their licence files, and fails when
// the committed files say otherwise (a module added, removed or upgraded,
// or a licence changed): run scripts/notices.
func TestNoticesUpToDate(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list for every release target")
	}
	want, err := gen.Generate(context.Background(), fixtures.RepoRoot())
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		for _, p := range []string{rootFile(), "THIRD_PARTY_NOTICES"} {
			if err := os.WriteFile(p, want, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	got, err := os.ReadFile(rootFile())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("THIRD_PARTY_NOTICES is out of date with the modules cmd/foresight links: run scripts/notices\n%s", firstDiff(string(got), string(want)))
	}
}

// TestEmbeddedCopyAgrees: the binary prints the root's file, byte for byte.
func TestEmbeddedCopyAgrees(t *testing.T) {
	root, err := os.ReadFile(rootFile())
	if err != nil {
		t.Fatal(err)
	}
	if Text() != string(root) {
		t.Errorf("internal/notices/THIRD_PARTY_NOTICES differs from the root's: run scripts/notices\n%s", firstDiff(Text(), string(root)))
	}
	if len(root) >= 1<<20 {
		t.Errorf("THIRD_PARTY_NOTICES is %d bytes, over the repository's 1 MB limit", len(root))
	}
}

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n  have: %s\n  want: %s", i+1, gl, wl)
		}
	}
	return ""
}
