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
