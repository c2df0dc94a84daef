package solc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
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

// pathSolc finds solc on PATH as a shell would, except that relative PATH
// entries ("", ".", "./bin") never count (as exec.LookPath's ErrDot rule),
// and, when untrusted, neither do entries inside p's root. Its version is
// probed once per path.
func (t *Toolchain) pathSolc(ctx context.Context, p *Project) *Native {
	if t.cfg.NoNative {
		return nil
	}
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		cand := filepath.Join(dir, "solc")
		if !isExecutable(cand) {
			continue
		}
		if !filepath.IsAbs(dir) {
			t.say(fmt.Sprintf("ignoring %s: found through the relative PATH entry %q", cand, dir), zap.String("path", cand))
			continue
		}
		if t.cfg.Untrusted && p != nil && within(p.Root, cand) {
			t.say(fmt.Sprintf("ignoring solc on PATH at %s: it is inside the untrusted workspace %s", cand, p.Root), zap.String("path", cand))
			continue
		}
		r := t.probe(ctx, cand)
		if ctx.Err() != nil {
			return nil
		}
		if r.err != nil {
			return nil
		}
		return &Native{Path: cand, Ver: r.ver, Timeout: t.cfg.Timeout, life: t.life}
	}
	return nil
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
