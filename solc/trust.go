package solc

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"go.uber.org/zap"
)

type probeResult struct {
	ver Version
	err error
}

// nativesFor returns the native compilers usable for project p (nil for
// none), highest version first: svm and solc-select binaries, and the first
// solc on PATH. When the workspace is untrusted, binaries inside p's root
// (symlinks resolved) are left out, so opening a folder never runs a
// compiler it ships.
func (t *Toolchain) nativesFor(ctx context.Context, p *Project) []*Native {
	all := t.nativeBinaries()
	var out []*Native
	for _, n := range all {
		if t.cfg.Untrusted && p != nil && within(p.Root, n.Path) {
			t.say(fmt.Sprintf("ignoring %s: it is inside the untrusted workspace %s", n.Path, p.Root), zap.String("path", n.Path))
			continue
		}
		out = append(out, n)
	}
	n := t.pathSolc(ctx, p)
	if n == nil {
		return out
	}
	for i, m := range out {
		if m.Ver == n.Ver {
			return out // svm and solc-select come first for the same version
		}
		if m.Ver.Less(n.Ver) {
			return append(out[:i:i], append([]*Native{n}, out[i:]...)...)
		}
	}
	return append(out, n)
}

// pathSolc finds solc on PATH with execPath (never through a relative
// PATH entry and, when untrusted, never inside p's root). Its version is
// probed once per path.
func (t *Toolchain) pathSolc(ctx context.Context, p *Project) *Native {
	if t.cfg.NoNative {
		return nil
	}
	path, err := t.execPath("solc")
	if err != nil {
		return nil
	}
	r := t.probe(ctx, path)
	if ctx.Err() != nil || r.err != nil {
		return nil
	}
	return &Native{Path: path, Ver: r.ver, Timeout: t.cfg.Timeout, life: t.life}
}

// probe runs `path --version` once per Toolchain and remembers the answer;
// a probe cut short by ctx is not remembered.
func (t *Toolchain) probe(ctx context.Context, path string) probeResult {
	t.mu.Lock()
	r, ok := t.probed[path]
	t.mu.Unlock()
	if ok {
		return r
	}
	r.ver, r.err = probeNative(ctx, path, t.life)
	if r.err == nil && r.ver.Less(MinStandardJSON) {
		r.err = &UnsupportedVersionError{Version: r.ver}
	}
	if ctx.Err() != nil {
		return r
	}
	t.mu.Lock()
	t.probed[path] = r
	t.mu.Unlock()
	if r.err != nil {
		t.cfg.Log.Debug("unusable solc", zap.String("path", path), zap.Error(r.err))
	}
	return r
}

// say gives msg to the log and, the first time, to Notify.
func (t *Toolchain) say(msg string, fields ...zap.Field) {
	t.mu.Lock()
	first := !t.said[msg]
	t.said[msg] = true
	t.mu.Unlock()
	if !first {
		return
	}
	t.cfg.Log.Warn(msg, fields...)
	if t.cfg.Notify != nil {
		t.cfg.Notify(msg)
	}
}

// within reports whether path lies inside dir, both with symlinks resolved
// (a link into the project counts as inside, a link out of it does not).
func within(dir, path string) bool {
	d, p := realPath(dir), realPath(path)
	rel, err := filepath.Rel(d, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// realPath is path made absolute with symlinks resolved; for a path that
// does not exist, its nearest existing ancestor is resolved instead.
func realPath(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.Clean(path)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	parent := filepath.Dir(abs)
	if parent == abs {
		return abs
	}
	return filepath.Join(realPath(parent), filepath.Base(abs))
}

// execPath finds the program name on PATH as Foresight may run it, with
// symbolic links resolved, so that the file checked is the file run:
// never through a relative PATH entry, and never inside the root of a
// project this Toolchain compiled when the workspace is untrusted. It
// says once why it skipped a candidate. A name with a slash is the user's
// explicit choice (Config.Node, Config.NPM) and is returned as it is.
func (t *Toolchain) execPath(name string) (string, error) {
	if strings.ContainsRune(name, filepath.Separator) {
		return name, nil
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		cand := filepath.Join(dir, name)
		if !isExecutable(cand) {
			continue
		}
		if !filepath.IsAbs(dir) {
			t.say(fmt.Sprintf("ignoring %s: found through the relative PATH entry %q", cand, dir), zap.String("path", cand))
			continue
		}
		real := realPath(cand)
		if root := t.untrustedRoot(real); root != "" {
			t.say(fmt.Sprintf("ignoring %s: it is inside the untrusted workspace %s", cand, root), zap.String("path", cand))
			continue
		}
		return real, nil
	}
	return "", fmt.Errorf("%s: %w", name, exec.ErrNotFound)
}

// untrustedRoot returns the root of a project compiled while untrusted
// that path lies in, or "".
func (t *Toolchain) untrustedRoot(path string) string {
	if !t.cfg.Untrusted {
		return ""
	}
	t.mu.Lock()
	roots := slices.Clone(t.roots)
	t.mu.Unlock()
	for _, r := range roots {
		if within(r, path) {
			return r
		}
	}
	return ""
}

// childEnv is the environment of a program Foresight starts: PATH keeps
// only the entries execPath accepts, after first (if any), so that what
// the program runs in turn (npm's `#!/usr/bin/env node`) is not the
// workspace's either.
func (t *Toolchain) childEnv(first string) []string {
	var keep []string
	if first != "" {
		keep = append(keep, first)
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if filepath.IsAbs(dir) {
			if t.untrustedRoot(realPath(dir)) == "" {
				keep = append(keep, dir)
			}
		}
	}
	env := slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, "PATH=") })
	return append(env, "PATH="+strings.Join(keep, string(filepath.ListSeparator)))
}

// noteRoot records p's root, for execPath; when the workspace is
// untrusted and the running solc-js worker's node lies inside it, the
// worker is stopped, so the next request starts one outside.
func (t *Toolchain) noteRoot(p *Project) {
	if p == nil || !t.cfg.Untrusted {
		return
	}
	t.mu.Lock()
	known := slices.Contains(t.roots, p.Root)
	if !known {
		t.roots = append(t.roots, p.Root)
	}
	bg := t.bg
	t.mu.Unlock()
	if !known {
		t.worker.stopIfWithin(p.Root)
		if bg != nil {
			bg.stopIfWithin(p.Root)
		}
	}
}

// nodeCommand is how the solc-js worker starts node: found by execPath,
// with childEnv.
func (t *Toolchain) nodeCommand() (string, []string, error) {
	node, err := t.execPath(cmp.Or(t.cfg.Node, "node"))
	if err != nil {
		return "", nil, err
	}
	return node, t.childEnv(""), nil
}

// npmCommand is how solc-js is installed: npm found by execPath, with the
// node the worker would use first on its PATH.
func (t *Toolchain) npmCommand() (string, []string, error) {
	npm, err := t.execPath(cmp.Or(t.cfg.NPM, "npm"))
	if err != nil {
		return "", nil, err
	}
	first := ""
	if node, err := t.execPath(cmp.Or(t.cfg.Node, "node")); err == nil {
		first = filepath.Dir(node)
	}
	return npm, t.childEnv(first), nil
}
