package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrNotRegular is wrapped by errors about a path that is not a
// regular file (a symlink, a FIFO, a device): it is never opened, so a
// symlink to /dev/zero or a FIFO without a writer cannot hang or flood us.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by errors about a file over its size limit.
var ErrTooLarge = errors.New("file too large")

// ErrOutsideRoot is wrapped by errors about a path that resolves
// (symlinks included) outside the directory it must stay in.
var ErrOutsideRoot = errors.New("outside the workspace")

// Read reads a regular file of at most max bytes. The path is not
// followed if it is a symlink, and opened non-blocking, so what it names
// is checked before a read can block.
func Read(path string, max int64) ([]byte, error) {
	return readGuarded(path, max, os.Lstat, openNoFollow)
}

// ReadFollow reads a regular file of at most max bytes that the user
// named: a symlink to one is followed, and a device, FIFO or directory is
// refused before it is opened for reading.
func ReadFollow(path string, max int64) ([]byte, error) {
	return readGuarded(path, max, os.Stat, openNonBlock)
}

// readGuarded reads the regular file at path, of at most max bytes: what
// stat says of it is checked before it is opened with flags (non-blocking,
// so a FIFO cannot block), and what was opened is checked again, in case
// the path was swapped between the two.
func readGuarded(path string, max int64, stat func(string) (os.FileInfo, error), flags int) ([]byte, error) {
	fi, err := stat(path)
	if err != nil {
		return nil, err
	}
	if err := regularSized(path, fi, max); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|flags, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err = f.Stat(); err != nil {
		return nil, err
	}
	if err := regularSized(path, fi, max); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s: %w (limit %d bytes)", path, ErrTooLarge, max)
	}
	return data, nil
}

// regularSized refuses anything but a regular file of at most max bytes.
func regularSized(path string, fi fs.FileInfo, max int64) error {
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: %w (%s)", path, ErrNotRegular, Kind(fi.Mode()))
	}
	if fi.Size() > max {
		return fmt.Errorf("%s: %w (%d bytes, limit %d)", path, ErrTooLarge, fi.Size(), max)
	}
	return nil
}

// Kind names what a non-regular file is, for messages.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

// Resolve returns path with every symlink resolved, also a dangling one
// and those of a parent (filepath.EvalSymlinks on its deepest existing
// ancestor); components that do not exist yet are kept as they are.
// Confine compares paths so resolved.
func Resolve(path string) (string, error) { return resolve(path) }

// resolve is Resolve.
func resolve(path string) (string, error) {
	return resolveDepth(filepath.Clean(path), 0)
}

func resolveDepth(p string, depth int) (string, error) {
	if depth > 40 {
		return "", fmt.Errorf("%s: too many levels of symbolic links", p)
	}
	var tail []string
	for {
		if r, err := filepath.EvalSymlinks(p); err == nil {
			return filepath.Join(append([]string{r}, tail...)...), nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			// A dangling symlink: where it points is where a write would go.
			target, err := os.Readlink(p)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(p), target)
			}
			return resolveDepth(filepath.Join(append([]string{target}, tail...)...), depth+1)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return filepath.Join(append([]string{p}, tail...)...), nil
		}
		tail = append([]string{filepath.Base(p)}, tail...)
		p = parent
	}
}

// Confine returns an error wrapping ErrOutsideRoot unless path, resolved,
// lies inside root (resolved too). An empty root confines nothing.
func Confine(root, path string) error {
	if root == "" {
		return nil
	}
	r, err := resolve(root)
	if err != nil {
		return err
	}
	p, err := resolve(path)
	if err != nil {
		return err
	}
	rel, err := filepath.Rel(r, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return fmt.Errorf("%s resolves to %s: %w %s", path, p, ErrOutsideRoot, root)
	}
	return nil
}

// MkdirIn creates dir and its missing parents, checking before each
// that it resolves inside root: a symlinked component pointing out of the
// root fails instead of creating directories there.
func MkdirIn(root, dir string) error {
	if err := Confine(root, dir); err != nil {
		return err
	}
	if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
		return nil
	}
	if parent := filepath.Dir(dir); parent != dir {
		if err := MkdirIn(root, parent); err != nil {
			return err
		}
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	return Confine(root, dir)
}

// tmpPrefix starts the names of files being written; readers skip them.
const tmpPrefix = ".tmp-"

// WriteNew writes data to dir/name unless that name exists: a temporary
// file in dir, then a hard link to the final name, which fails if another
// writer got there first. Readers never see a partial file, concurrent
// writers never overwrite each other, and a writer killed mid-write leaves
// only a temporary file. It reports whether it created the file.
func WriteNew(root, dir, name string, data []byte) (bool, error) {
	final := filepath.Join(dir, name)
	if _, err := os.Lstat(final); err == nil {
		return false, nil
	}
	if err := Confine(root, dir); err != nil {
		return false, err
	}
	tmp, err := os.CreateTemp(dir, tmpPrefix+"*")
	if err != nil {
		return false, err
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	defer os.Remove(tmp.Name())
	if werr != nil {
		return false, werr
	}
	err = os.Link(tmp.Name(), final)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrExist):
		return false, nil
	}
	// A file system without hard links: rename, which may replace an
	// equal file written meanwhile (names are content hashes or keys).
	if _, serr := os.Lstat(final); serr == nil {
		return false, nil
	}
	if err := os.Rename(tmp.Name(), final); err != nil {
		return false, err
	}
	return true, nil
}

// RemoveStaleTemps deletes temporary files of writers that died: those
// older than an hour (a live writer renames within milliseconds).
func RemoveStaleTemps(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), tmpPrefix) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > time.Hour {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// WriteFileIn creates dir/name with data unless a file (or a symlink,
// even a dangling one) of that name exists, creating dir if needed; with a
// root, dir must resolve inside it. It reports whether it wrote the file.
func WriteFileIn(root, dir, name string, data []byte) (bool, error) {
	if err := MkdirIn(root, dir); err != nil {
		return false, err
	}
	return WriteNew(root, dir, name, data)
}

// ReplaceFile writes data to path so that path holds either all of data
// or, when writing fails (a full disk), what it held before, never a
// partial file: a temporary file in path's folder, renamed over it. A
// path that exists and is not a regular file (a terminal, /dev/stdout, a
// pipe) is written in place, since renaming over it would replace the
// device's name instead of writing to it.
func ReplaceFile(path string, data []byte, perm fs.FileMode) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return os.WriteFile(path, data, perm)
	}
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, tmpPrefix+name+"-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename, nothing to remove
	_, werr := tmp.Write(data)
	if werr == nil {
		werr = tmp.Sync()
	}
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("writing %s: %w", path, werr)
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
