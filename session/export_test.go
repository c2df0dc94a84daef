package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestExportNames: the command line's writer and the editor's chooser
// give an export the same name: the test's own, else the first free
// suffixed one, never replacing a file or following a dangling link;
// with every name taken, both say so.
func TestExportNames(t *testing.T) {
	for _, tt := range []struct{ base, want string }{
		{"Vault.t.sol", "Vault-3.t.sol"},
		{"Vault", "Vault-3"},
		{".hidden", ".hidden-3"},
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, tt.base), []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.Join(dir, "nowhere"), filepath.Join(dir, ExportName(tt.base, 2))); err != nil {
			t.Fatal(err)
		}
		free, err := FreeExportName(dir, tt.base)
		if err != nil || free != tt.want {
			t.Errorf("FreeExportName(%q) = %q, %v; want %q", tt.base, free, err, tt.want)
		}
		wrote, err := WriteExport(dir, tt.base, []byte("new"))
		if err != nil || wrote != free {
			t.Errorf("WriteExport(%q) = %q, %v; want %q, as FreeExportName", tt.base, wrote, err, free)
		}
		if data, _ := os.ReadFile(filepath.Join(dir, tt.base)); string(data) != "old" {
			t.Errorf("%s replaced", tt.base)
		}
		if _, err := os.Stat(filepath.Join(dir, "nowhere")); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("a dangling link was followed: %v", err)
		}
	}
	dir := t.TempDir()
	for n := 1; n <= MaxExportNames; n++ {
		if err := os.WriteFile(filepath.Join(dir, ExportName("A.t.sol", n)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := FreeExportName(dir, "A.t.sol"); !errors.Is(err, ErrExportNamesTaken) {
		t.Errorf("FreeExportName with every name taken: %v", err)
	}
	if _, err := WriteExport(dir, "A.t.sol", nil); !errors.Is(err, ErrExportNamesTaken) {
		t.Errorf("WriteExport with every name taken: %v", err)
	}
}
