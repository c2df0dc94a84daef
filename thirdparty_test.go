package foresight

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// third_party/go-ethereum is upstream go-ethereum with one documented patch
// (third_party/go-ethereum/FORESIGHT.md); these pin what upstream is.
const (
	gethDir     = "third_party/go-ethereum"
	gethModule  = "github.com/ethereum/go-ethereum"
	gethVersion = "v1.17.10"
	gethSum     = "h1:b3WO+xux3pItpm13kqT5Xddv01zOxBFZxQgk/Ate4/M="
)

// gethOwn are the copy's files that are not go-ethereum's.
var gethOwn = map[string]bool{"FORESIGHT.md": true, "FORESIGHT.patch": true}

// TestThirdPartyGeth checks that the go-ethereum copy is upstream: every
// file equals the release's from the module cache, except the files
// FORESIGHT.patch changes, which equal upstream with the patch applied.
func TestThirdPartyGeth(t *testing.T) {
	up := gethUpstream(t)
	patch, err := os.ReadFile(filepath.Join(gethDir, "FORESIGHT.patch"))
	if err != nil {
		t.Fatal(err)
	}
	patched := patchedFiles(patch)
	if len(patched) == 0 {
		t.Fatal("FORESIGHT.patch changes no file")
	}
	want := applyPatch(t, up, patched, patch)
	files := 0
	err = filepath.WalkDir(gethDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, gethDir+string(filepath.Separator)))
		if gethOwn[rel] {
			return nil
		}
		files++
		got, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		w, ok := want[rel]
		if !ok {
			if w, err = os.ReadFile(filepath.Join(up, filepath.FromSlash(rel))); err != nil {
				t.Errorf("%s: not in upstream %s: %v", p, gethVersion, err)
				return nil
			}
		}
		if !bytes.Equal(got, w) {
			t.Errorf("%s differs from upstream %s (plus FORESIGHT.patch): restore it, or change the patch and FORESIGHT.md", p, gethVersion)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for rel := range patched {
		if _, err := os.Stat(filepath.Join(gethDir, filepath.FromSlash(rel))); err != nil {
			t.Errorf("patched file %s missing from the copy: %v", rel, err)
		}
	}
	if files < 100 {
		t.Errorf("only %d upstream files in %s", files, gethDir)
	}
}

// gethUpstream returns the module cache's directory of the pinned release,
// downloading it (through the Go proxy, checked against the checksum
// database) if needed; the replace in go.mod does not stop that.
func gethUpstream(t *testing.T) string {
	t.Helper()
	out, err := exec.Command("go", "mod", "download", "-json", gethModule+"@"+gethVersion).Output()
	if err != nil {
		t.Fatalf("go mod download %s@%s: %v\n%s", gethModule, gethVersion, err, out)
	}
	var m struct{ Dir, Sum, Error string }
	if err := json.Unmarshal(out, &m); err != nil {
		t.Fatalf("go mod download: %v\n%s", err, out)
	}
	if m.Error != "" || m.Sum != gethSum {
		t.Fatalf("go mod download %s@%s: error %q, sum %q, want %q", gethModule, gethVersion, m.Error, m.Sum, gethSum)
	}
	return m.Dir
}

// patchedFiles lists the files a unified diff changes ("+++ b/path").
func patchedFiles(patch []byte) map[string]bool {
	files := map[string]bool{}
	for _, l := range strings.Split(string(patch), "\n") {
		if p, ok := strings.CutPrefix(l, "+++ b/"); ok {
			files[strings.TrimSpace(p)] = true
		}
	}
	return files
}

// applyPatch copies the patched files from upstream into a scratch
// repository, applies patch there with git, and returns their contents.
func applyPatch(t *testing.T, up string, files map[string]bool, patch []byte) map[string][]byte {
	t.Helper()
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Stdin = bytes.NewReader(patch)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	git("init", "-q") // so that git apply's paths are relative to dir
	for rel := range files {
		src, err := os.ReadFile(filepath.Join(up, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatalf("FORESIGHT.patch changes %s, not in upstream: %v", rel, err)
		}
		if err := mkdirWrite(filepath.Join(dir, filepath.FromSlash(rel)), string(src)); err != nil {
			t.Fatal(err)
		}
	}
	git("apply", "-")
	out := map[string][]byte{}
	for rel := range files {
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		out[rel] = b
	}
	return out
}
