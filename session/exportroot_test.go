package session

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// tree makes the files (slash paths; a name ending in "/" a folder)
// under a scratch folder and returns it, symbolic links resolved.
func tree(t *testing.T, files ...string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		p := filepath.Join(root, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if f[len(f)-1] == '/' {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestExportRoot: an export goes into the project named with --root,
// else the working directory's when it is in one, else the report's
// folder's, and never into a package inside node_modules, however the
// root was found.
func TestExportRoot(t *testing.T) {
	top := tree(t,
		"app/package.json", "app/src/", "app/reports/r.json",
		"app/node_modules/pkg/package.json", "app/node_modules/pkg/foundry.toml", "app/node_modules/pkg/r.json",
		"app/node_modules/a/node_modules/b/package.json",
		"other/foundry.toml", "loose/r.json")
	app := filepath.Join(top, "app")
	for _, tt := range []struct{ name, dir, wd, report, want string }{
		{"--root", "other", "app", "loose/r.json", "other"},
		{"the working directory's project", "", "app/src", "loose/r.json", "app"},
		{"the report's project", "", "loose", "app/reports/r.json", "app"},
		{"a package's report", "", "loose", "app/node_modules/pkg/r.json", "app"},
		{"inside a package", "", "app/node_modules/pkg", "loose/r.json", "app"},
		{"a nested package", "", "app/node_modules/a/node_modules/b", "loose/r.json", "app"},
		{"--root a package", "app/node_modules/pkg", "loose", "loose/r.json", "app"},
	} {
		abs := func(p string) string {
			if p == "" {
				return ""
			}
			return filepath.Join(top, filepath.FromSlash(p))
		}
		got, err := ExportRoot(abs(tt.dir), abs(tt.wd), abs(tt.report))
		if err != nil || got != abs(tt.want) {
			t.Errorf("%s: ExportRoot = %s, %v; want %s", tt.name, got, err, abs(tt.want))
		}
	}
	if got := OutOfNodeModules(app); got != app {
		t.Errorf("OutOfNodeModules(%s) = %s", app, got)
	}
}

// TestConfineExport: a path inside the project, existing or not, is
// admitted; one outside, or one whose folder is a link (even a dangling
// one) leading outside, is refused with ErrOutsideProject naming it.
func TestConfineExport(t *testing.T) {
	root := tree(t, "foundry.toml", "src/A.sol")
	outside := tree(t, "B.sol")
	for _, link := range []struct{ name, to string }{
		{"test", outside},
		{"dangling", filepath.Join(outside, "gone")},
		{"inner", filepath.Join(root, "src")},
	} {
		if err := os.Symlink(link.to, filepath.Join(root, link.name)); err != nil {
			t.Fatal(err)
		}
	}
	for _, tt := range []struct {
		path string
		ok   bool
	}{
		{filepath.Join(root, "src", "A.sol"), true},
		{filepath.Join(root, "new", "X.t.sol"), true},
		{filepath.Join(root, "inner", "A.sol"), true},
		{root, true},
		{filepath.Join(outside, "B.sol"), false},
		{filepath.Join(root, "..", filepath.Base(outside), "B.sol"), false},
		{filepath.Join(root, "test"), false},
		{filepath.Join(root, "test", "X.t.sol"), false},
		{filepath.Join(root, "dangling", "X.t.sol"), false},
	} {
		err := ConfineExport(root, tt.path)
		if tt.ok != (err == nil) || !tt.ok && !errors.Is(err, ErrOutsideProject) {
			t.Errorf("ConfineExport(%s) = %v, want ok %v", tt.path, err, tt.ok)
		}
	}
	if _, err := WriteExportIn(root, "test/X.t.sol", []byte("x")); !errors.Is(err, ErrOutsideProject) {
		t.Errorf("WriteExportIn through test/ leading outside: %v", err)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 1 {
		t.Errorf("the link's target holds %d entries, want its one file", len(entries))
	}
	if p, err := WriteExportIn(root, "tests/X.t.sol", []byte("x")); err != nil || p != filepath.Join(root, "tests", "X.t.sol") {
		t.Errorf("WriteExportIn inside: %s, %v", p, err)
	}
}

// TestExportDest: a test goes into its builds' project, or, for a
// dependency's package in node_modules, the project holding it, with
// the builds' root as the prefix of its imports; never outside the
// command's project.
func TestExportDest(t *testing.T) {
	app := tree(t, "package.json", "node_modules/pkg/package.json", "packages/c/foundry.toml")
	outside := tree(t, "foundry.toml")
	for _, tt := range []struct {
		src, dest, prefix string
		ok                bool
	}{
		{app, app, "", true},
		{filepath.Join(app, "node_modules", "pkg"), app, "node_modules/pkg", true},
		{filepath.Join(app, "packages", "c"), filepath.Join(app, "packages", "c"), "", true},
		{outside, "", "", false},
	} {
		dest, prefix, err := ExportDest(app, tt.src)
		if dest != tt.dest || prefix != tt.prefix || tt.ok != (err == nil) || !tt.ok && !errors.Is(err, ErrOutsideProject) {
			t.Errorf("ExportDest(%s) = %s, %q, %v; want %s, %q", tt.src, dest, prefix, err, tt.dest, tt.prefix)
		}
	}
}
