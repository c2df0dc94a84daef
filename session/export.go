package session

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// MaxExportNames bounds the names tried for one exported test: base,
// then base with -2, -3, ... before its extensions.
const MaxExportNames = 100

// ErrExportNamesTaken is an export whose name and every suffixed one
// are taken.
var ErrExportNamesTaken = errors.New("export names taken")

// ExportName is the n-th name (from 1) an exported test named base is
// given: base itself, then "Vault-2.t.sol", "Vault-3.t.sol", ..., the
// suffix before the first dot so that ".t.sol" stays. The command line
// and the editor name exports alike through it.
func ExportName(base string, n int) string {
	if n <= 1 {
		return base
	}
	stem, ext := base, ""
	if i := strings.Index(base, "."); i > 0 {
		stem, ext = base[:i], base[i:]
	}
	return fmt.Sprintf("%s-%d%s", stem, n, ext)
}

// FreeExportName is the first ExportName of base that nothing in dir
// has (a file, a link, a dangling link): for an editor that creates the
// file itself.
func FreeExportName(dir, base string) (string, error) {
	for n := 1; n <= MaxExportNames; n++ {
		name := ExportName(base, n)
		if _, err := os.Lstat(filepath.Join(dir, name)); errors.Is(err, os.ErrNotExist) {
			return name, nil
		}
	}
	return "", fmt.Errorf("%s and %d other names: %w", filepath.Join(dir, base), MaxExportNames-1, ErrExportNamesTaken)
}

// WriteExport creates dir/base, or the first free ExportName of it, with
// O_EXCL so that nothing existing is replaced nor a link followed, and
// returns the name it wrote.
func WriteExport(dir, base string, data []byte) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("write foundry test: %w", err)
	}
	for n := 1; n <= MaxExportNames; n++ {
		name := ExportName(base, n)
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", fmt.Errorf("write foundry test: %w", err)
		}
		_, werr := f.Write(data)
		if err := errors.Join(werr, f.Close()); err != nil {
			return "", fmt.Errorf("write foundry test: %w", err)
		}
		return name, nil
	}
	return "", fmt.Errorf("write foundry test: %s and %d other names: %w", filepath.Join(dir, base), MaxExportNames-1, ErrExportNamesTaken)
}
