package main

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"github.com/foresight-sol/foresight/internal/gitrepo"
)

// This file gets the tree of a git revision for diff: git runs under the
// command's context with the repository's hooks and file-system monitor
// off, and the revision's files are written, regular files and folders
// only, into a temporary folder that diff removes.

// maxBaseBytes bounds what a revision's tree may write to disk.
const maxBaseBytes = 1 << 30

// extractTree writes the files under sub (a folder relative to top, ""
// for all) of commit into dst, streamed from git archive.
func extractTree(ctx context.Context, top, commit, sub, dst string) error {
	args := []string{"-c", "core.hooksPath=" + os.DevNull, "-c", "core.fsmonitor=false", "archive", "--format=tar", commit}
	if sub != "" && sub != "." {
		args = append(args, "--", filepath.ToSlash(sub))
	}
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = top
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git archive: %w", err)
	}
	uerr := untar(out, dst)
	if uerr != nil {
		_ = cmd.Process.Kill() // stop writing: the tree is refused
	}
	_, _ = io.Copy(io.Discard, out)
	werr := cmd.Wait()
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case uerr != nil:
		return uerr
	case werr != nil:
		line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return fmt.Errorf("git archive: %w: %s", werr, line)
	}
	return nil
}

// untar writes a tar stream's folders and regular files under dst;
// links and names that leave dst are refused.
func untar(r io.Reader, dst string) error {
	tr := tar.NewReader(r)
	var total int64
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read the revision's files: %w", err)
		}
		name := path.Clean(h.Name)
		if path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") {
			return fmt.Errorf("the revision's file %q leaves the tree", h.Name)
		}
		to := filepath.Join(dst, filepath.FromSlash(name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(to, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if total += h.Size; total > maxBaseBytes {
				return fmt.Errorf("the revision's files exceed %d MiB", maxBaseBytes>>20)
			}
			if err := writeFrom(to, tr); err != nil {
				return err
			}
		}
		// Links, submodules (not in an archive) and the rest: not written.
	}
}

func writeFrom(to string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = io.Copy(f, r)
	return errors.Join(err, f.Close())
}

// submodules lists the paths (relative to top) of commit's submodules.
func submodules(ctx context.Context, top, commit string) ([]string, error) {
	out, err := gitrepo.Run(ctx, top, "ls-tree", "-r", "-z", commit)
	if err != nil {
		return nil, err
	}
	var subs []string
	for _, e := range strings.Split(string(out), "\x00") {
		meta, p, ok := strings.Cut(e, "\t")
		if ok && strings.HasPrefix(meta, "160000 ") {
			subs = append(subs, p)
		}
	}
	return subs, nil
}

// copyTree copies the regular files under from to to (a submodule as the
// work tree has it checked out: an archive holds none).
func copyTree(from, to string) error {
	return filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		return writeFrom(filepath.Join(to, rel), in)
	})
}
