// Package gitrepo runs git for the commands that read a repository
// (`foresight diff`'s base tree, `foresight mutants --base`'s changed
// lines): under the caller's context, with the repository's hooks,
// file-system monitor and pager off, so that nothing of its
// configuration runs. It imports nothing of Foresight, so session and
// cmd share it.
package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Errors about the repository, for callers that branch on them.
var (
	ErrNotGit     = errors.New("not in a git repository")
	ErrUnknownRev = errors.New("unknown revision")
)

// Run runs git in dir and returns its stdout; stderr's first line
// explains a failure.
func Run(ctx context.Context, dir string, args ...string) ([]byte, error) {
	// Nothing of the repository's configuration runs: no hooks, no
	// file-system monitor, no pager.
	full := append([]string{"-c", "core.hooksPath=" + os.DevNull, "-c", "core.fsmonitor=false", "--no-pager"}, args...)
	cmd := exec.CommandContext(ctx, "git", full...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return nil, fmt.Errorf("git %s: %w: %s", args[0], err, line)
	}
	return stdout.Bytes(), nil
}

// Top is the top folder of the work tree holding path (a folder, or a
// file: its folder), symbolic links resolved.
func Top(ctx context.Context, path string) (string, error) {
	dir := path
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		dir = filepath.Dir(dir)
	}
	out, err := Run(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		if ctx.Err() != nil {
			return "", err
		}
		return "", fmt.Errorf("%s: %w (%w)", dir, ErrNotGit, err)
	}
	top := strings.TrimSpace(string(out))
	if real, err := filepath.EvalSymlinks(top); err == nil {
		top = real
	}
	return top, nil
}

// Commit resolves rev to a commit id; a revision that looks like an
// option is unknown, never passed on.
func Commit(ctx context.Context, top, rev string) (string, error) {
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("%w %q", ErrUnknownRev, rev)
	}
	out, err := Run(ctx, top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		if ctx.Err() != nil {
			return "", err
		}
		return "", fmt.Errorf("%w %q", ErrUnknownRev, rev)
	}
	return strings.TrimSpace(string(out)), nil
}
