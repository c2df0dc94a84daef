package cheatcode

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
)

// The file cheatcodes (vm.projectRoot, vm.readFile, vm.readFileBinary,
// vm.exists, vm.isFile, vm.isDir) only read, and only inside the project
// root, symlinks resolved, and where foundry.toml's fs_permissions grant
// reading, as forge does. Nothing is ever written.

// MaxFileBytes bounds one file vm.readFile reads: copying more into the
// EVM's memory would cost more gas than a set-up has.
const MaxFileBytes = 8 << 20

// ErrNoProjectRoot is wrapped by a file cheatcode's error when the test
// contract is not in a project Foresight knows the root of (a lone file).
var ErrNoProjectRoot = errors.New("no project root")

// Files is what the file cheatcodes may read: a project root and its
// fs_permissions.
type Files struct {
	// Root is the project's root, absolute ("" when unknown: the file
	// cheatcodes revert).
	Root string
	// Permissions are foundry.toml's fs_permissions, paths relative to
	// Root; none grants nothing.
	Permissions []solc.FsPermission
}

// filesOf returns the project root and permissions of the test contract's
// build: none for a lone folder of sources.
func filesOf(tc *program.Contract) *Files {
	if tc.Build == nil || tc.Build.Project == nil {
		return &Files{}
	}
	p := tc.Build.Project
	if p.Kind == "plain" || p.Root == "" {
		return &Files{}
	}
	return &Files{Root: p.Root, Permissions: p.FsPermissions}
}

func (c *Cheats) projectRoot([]any) ([]any, error) {
	c.outside = true
	if c.Files == nil || c.Files.Root == "" {
		return nil, errNoRoot()
	}
	return []any{c.Files.Root}, nil
}

func errNoRoot() error {
	return fmt.Errorf("%w: the test contract is not in a project (no foundry.toml), so Foresight reads no file", ErrNoProjectRoot)
}

func (c *Cheats) readFile(a []any) ([]any, error) {
	data, err := c.read(a[0].(string))
	if err != nil {
		return nil, err
	}
	return []any{string(data)}, nil
}

func (c *Cheats) readFileBinary(a []any) ([]any, error) {
	data, err := c.read(a[0].(string))
	if err != nil {
		return nil, err
	}
	return []any{data}, nil
}

func (c *Cheats) exists(a []any) ([]any, error) {
	fi, err := c.stat(a[0].(string))
	return []any{fi != nil}, err
}

func (c *Cheats) isFile(a []any) ([]any, error) {
	fi, err := c.stat(a[0].(string))
	return []any{fi != nil && fi.Mode().IsRegular()}, err
}

func (c *Cheats) isDir(a []any) ([]any, error) {
	fi, err := c.stat(a[0].(string))
	return []any{fi != nil && fi.IsDir()}, err
}

// stat returns what path (checked as for a read) is, or nil when it does
// not exist.
func (c *Cheats) stat(path string) (fs.FileInfo, error) {
	c.outside = true
	real, err := c.Files.resolve(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(real)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return fi, err
}

// read reads a regular file the project grants reading, at most
// MaxFileBytes: a FIFO would block and a device never ends.
func (c *Cheats) read(path string) ([]byte, error) {
	c.outside = true
	real, err := c.Files.resolve(path)
	if err != nil {
		return nil, err
	}
	fi, err := os.Stat(real)
	if err != nil {
		return nil, fmt.Errorf("failed to read from %q: %w", path, err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("failed to read from %q: not a regular file", path)
	}
	if fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("failed to read from %q: %d bytes, over Foresight's %d", path, fi.Size(), MaxFileBytes)
	}
	f, err := os.Open(real)
	if err != nil {
		return nil, fmt.Errorf("failed to read from %q: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("failed to read from %q: %w", path, err)
	}
	if len(data) > MaxFileBytes {
		return nil, fmt.Errorf("failed to read from %q: over Foresight's %d bytes", path, MaxFileBytes)
	}
	return data, nil
}

// resolve returns the real path (symlinks resolved) of path, relative to
// the root unless absolute, if it is inside the root and fs_permissions
// grant reading it. The permission that names the longest path decides,
// as in forge.
func (f *Files) resolve(path string) (string, error) {
	if f == nil || f.Root == "" {
		return "", errNoRoot()
	}
	root, err := filepath.EvalSymlinks(f.Root)
	if err != nil {
		return "", fmt.Errorf("project root: %w", err)
	}
	p := path
	if !filepath.IsAbs(p) {
		p = filepath.Join(f.Root, p)
	}
	real, err := evalExisting(filepath.Clean(p))
	if err != nil {
		return "", fmt.Errorf("resolve %q: %w", path, err)
	}
	if !within(root, real) {
		return "", fmt.Errorf("the path %s is outside the project root %s (Foresight reads only inside it)", path, f.Root)
	}
	best, read := -1, false
	for _, perm := range f.Permissions {
		pp := perm.Path
		if !filepath.IsAbs(pp) {
			pp = filepath.Join(f.Root, pp)
		}
		pr, err := evalExisting(filepath.Clean(pp))
		if err != nil || !within(pr, real) {
			continue
		}
		n := len(strings.Split(pr, string(filepath.Separator)))
		switch {
		case n > best:
			best, read = n, perm.CanRead()
		case n == best:
			read = read || perm.CanRead()
		}
	}
	if !read {
		rel, _ := filepath.Rel(root, real)
		return "", fmt.Errorf("the path %s is not allowed to be accessed for read operations", filepath.ToSlash(rel))
	}
	return real, nil
}

// evalExisting resolves the symlinks of p's longest existing prefix and
// appends the rest, so a path that does not exist yet (vm.exists) is still
// judged where it would be.
func evalExisting(p string) (string, error) {
	real, err := filepath.EvalSymlinks(p)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return real, err
	}
	if _, err := os.Lstat(p); err == nil {
		// A link to nothing: where it points is not judged, so refuse it.
		return "", fmt.Errorf("%s is a symbolic link to nothing", p)
	}
	dir := filepath.Dir(p)
	if dir == p {
		return p, nil
	}
	d, err := evalExisting(dir)
	if err != nil {
		return "", err
	}
	return filepath.Join(d, filepath.Base(p)), nil
}

// within reports whether path is dir or inside it (both cleaned).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
