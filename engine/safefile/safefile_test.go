package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFileInDangling: a dangling symlink in a root, pointing out of
// it, is left alone and its target never created; Confine sees where it
// leads.
func TestWriteFileInDangling(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(root, "real"), filepath.Join(root, ".foresight")); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(outside, "created")
	if err := os.Symlink(target, filepath.Join(root, "real", ".gitignore")); err != nil {
		t.Fatal(err)
	}
	if wrote, err := WriteFileIn(root, filepath.Join(root, ".foresight"), ".gitignore", []byte("*\n")); wrote || err != nil {
		t.Errorf("wrote %v, %v; want the existing symlink left alone", wrote, err)
	}
	if _, err := os.Lstat(target); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the dangling symlink's target was created: %v", err)
	}
	if err := Confine(root, filepath.Join(root, "real", ".gitignore")); !errors.Is(err, ErrOutsideRoot) {
		t.Errorf("Confine(dangling symlink out of the root) = %v", err)
	}
	if wrote, err := WriteFileIn(root, filepath.Join(root, "real"), "new", []byte("x")); !wrote || err != nil {
		t.Errorf("a new file inside the root: wrote %v, %v", wrote, err)
	}
}

// TestReplaceFile: the file holds the whole new data, no temporary file
// is left beside it, a device is written in place, and a folder that
// does not exist is an error that creates nothing.
func TestReplaceFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.json")
	for _, data := range []string{"first", "second, longer than the first"} {
		if err := ReplaceFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != data {
			t.Fatalf("%s holds %q (%v), want %q", path, got, err, data)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 1 {
		t.Errorf("the folder holds %v (%v), want the report alone", entries, err)
	}
	if err := ReplaceFile(os.DevNull, []byte("x"), 0o644); err != nil {
		t.Errorf("writing %s: %v", os.DevNull, err)
	}
	if fi, err := os.Lstat(os.DevNull); err != nil || fi.Mode().IsRegular() {
		t.Errorf("%s was replaced: %v, %v", os.DevNull, fi, err)
	}
	missing := filepath.Join(dir, "no", "such", "lcov.info")
	if err := ReplaceFile(missing, []byte("x"), 0o644); err == nil {
		t.Errorf("wrote %s into a folder that does not exist", missing)
	}
}
