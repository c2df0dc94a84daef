package solc

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"go.uber.org/zap"
)

// Config says where compilers come from. The zero Config is a usable
// default: native binaries from svm, solc-select and PATH, and solc-js
// packages installed on first use into the user cache directory.
type Config struct {
	SolcPath    string        // an explicit compiler binary; overrides everything
	SolcVersion string        // an explicit version, e.g. "0.8.19"
	CacheDir    string        // default: $FORESIGHT_CACHE_DIR, else <user cache>/foresight
	Home        string        // where to look for ~/.svm and ~/.solc-select; default the user's home
	Node, NPM   string        // default "node" and "npm" from PATH
	Timeout     time.Duration // per compile; default DefaultTimeout
	NoInstall   bool          // never run npm; only use what is installed
	NoNative    bool          // ignore native binaries (tests)
	Untrusted   bool          // ignore workspace-named executables
	Log         *zap.Logger
	// Notify receives user-facing progress messages, such as a compiler
	// being installed; nil discards them.
	Notify func(msg string)
}

// A Toolchain finds and caches compilers. It is safe for concurrent use.
type Toolchain struct {
	cfg    Config
	worker *NodeWorker

	nativeOnce sync.Once
	natives    []*Native // sorted, highest version first

	mu      sync.Mutex
	jsByVer map[Version]*SolcJS
	install map[Version]*sync.Mutex
}

// NewToolchain returns a Toolchain for cfg.
func NewToolchain(cfg Config) *Toolchain {
	if cfg.Log == nil {
		cfg.Log = zap.NewNop()
	}
	if cfg.CacheDir == "" {
		cfg.CacheDir = DefaultCacheDir()
	}
	if cfg.Home == "" {
		cfg.Home, _ = os.UserHomeDir()
	}
	return &Toolchain{
		cfg:     cfg,
		worker:  NewNodeWorker(cfg.Node, cfg.Log.Named("solcjs")),
		jsByVer: map[Version]*SolcJS{},
		install: map[Version]*sync.Mutex{},
	}
}

// DefaultCacheDir is $FORESIGHT_CACHE_DIR, else <user cache dir>/foresight.
func DefaultCacheDir() string {
	if d := os.Getenv("FORESIGHT_CACHE_DIR"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "foresight")
	}
	return filepath.Join(os.TempDir(), "foresight-cache")
}

// Close stops the solc-js worker.
func (t *Toolchain) Close() error { return t.worker.Close() }

// NoCompilerError reports that no compiler satisfies a file's pragmas.
type NoCompilerError struct {
	Pragmas   []string
	Available []Version
}

func (e *NoCompilerError) Error() string {
	vs := make([]string, len(e.Available))
	for i, v := range e.Available {
		vs[i] = v.String()
	}
	avail := "none"
	if len(vs) > 0 {
		lo, hi := vs[0], vs[len(vs)-1]
		avail = fmt.Sprintf("%d versions, %s to %s", len(vs), lo, hi)
		if len(vs) <= 8 {
			avail = strings.Join(vs, ", ")
		}
	}
	return fmt.Sprintf("no solc version satisfies every pragma (%s); available: %s", strings.Join(quoteAll(e.Pragmas), ", "), avail)
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("pragma solidity %s", s)
	}
	return out
}

// KnownVersions are the solc releases published as npm `solc` packages.
func KnownVersions() []Version {
	last := []int{26, 17, 12, 6, 37} // last patch of 0.4 .. 0.8
	var out []Version
	for i, n := range last {
		for p := 0; p <= n; p++ {
			out = append(out, Version{0, 4 + i, p})
		}
	}
	return out
}

// Select returns the compiler for sources with the given pragma constraints.
// pinned is a version or path the project pins (foundry.toml), or "". The
// order: Config.SolcPath, Config.SolcVersion, pinned, the highest native
// binary that satisfies every pragma, then the highest solc-js release that
// does (installed on first use).
func (t *Toolchain) Select(ctx context.Context, pragmas []Constraint, pinned string) (Compiler, error) {
	if t.cfg.SolcPath != "" {
		return t.nativeAt(ctx, t.cfg.SolcPath)
	}
	if t.cfg.SolcVersion != "" {
		return t.exact(ctx, t.cfg.SolcVersion)
	}
	if pinned != "" {
		if _, err := ParseVersion(pinned); err == nil {
			return t.exact(ctx, pinned)
		}
		return t.nativeAt(ctx, pinned)
	}
	allows := func(v Version) bool {
		for _, c := range pragmas {
			if !c.Allows(v) {
				return false
			}
		}
		return true
	}
	for _, n := range t.nativeBinaries(ctx) {
		if allows(n.Ver) {
			return n, nil
		}
	}
	candidates := KnownVersions()
	if t.cfg.NoInstall {
		candidates = installedJS(t.cfg.CacheDir)
	}
	for i := len(candidates) - 1; i >= 0; i-- {
		if allows(candidates[i]) {
			return t.solcJS(ctx, candidates[i])
		}
	}
	e := &NoCompilerError{}
	for _, c := range pragmas {
		e.Pragmas = append(e.Pragmas, c.String())
	}
	seen := map[Version]bool{}
	for _, n := range t.nativeBinaries(ctx) {
		seen[n.Ver] = true
	}
	for _, v := range candidates {
		seen[v] = true
	}
	for v := range seen {
		e.Available = append(e.Available, v)
	}
	sort.Slice(e.Available, func(i, j int) bool { return e.Available[i].Less(e.Available[j]) })
	return nil, e
}

func (t *Toolchain) exact(ctx context.Context, s string) (Compiler, error) {
	v, err := ParseVersion(s)
	if err != nil {
		return nil, fmt.Errorf("solc version: %w", err)
	}
	for _, n := range t.nativeBinaries(ctx) {
		if n.Ver == v {
			return n, nil
		}
	}
	return t.solcJS(ctx, v)
}

func (t *Toolchain) nativeAt(ctx context.Context, path string) (Compiler, error) {
	v, err := probeNative(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("solc at %s: %w", path, err)
	}
	return &Native{Path: path, Ver: v, Timeout: t.cfg.Timeout}, nil
}

// nativeBinaries discovers native compilers once: Foundry's svm
// (~/.svm/<v>/solc-<v>), solc-select (~/.solc-select/artifacts/solc-<v>/
// solc-<v>) and solc on PATH.
func (t *Toolchain) nativeBinaries(ctx context.Context) []*Native {
	t.nativeOnce.Do(func() {
		if t.cfg.NoNative {
			return
		}
		byVer := map[Version]*Native{}
		add := func(path string, v Version) {
			if _, ok := byVer[v]; ok {
				return
			}
			if st, err := os.Stat(path); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
				return
			}
			byVer[v] = &Native{Path: path, Ver: v, Timeout: t.cfg.Timeout}
		}
		if t.cfg.Home != "" {
			for _, pat := range []string{
				filepath.Join(t.cfg.Home, ".svm", "*", "solc-*"),
				filepath.Join(t.cfg.Home, ".solc-select", "artifacts", "solc-*", "solc-*"),
			} {
				matches, _ := filepath.Glob(pat)
				for _, m := range matches {
					if v, err := ParseVersion(strings.TrimPrefix(filepath.Base(m), "solc-")); err == nil {
						add(m, v)
					}
				}
			}
		}
		if p, err := exec.LookPath("solc"); err == nil {
			if v, err := probeNative(ctx, p); err == nil {
				add(p, v)
			} else {
				t.cfg.Log.Debug("ignoring solc on PATH", zap.String("path", p), zap.Error(err))
			}
		}
		for _, n := range byVer {
			t.natives = append(t.natives, n)
		}
		sort.Slice(t.natives, func(i, j int) bool { return t.natives[j].Ver.Less(t.natives[i].Ver) })
	})
	return t.natives
}

// solcJS returns the solc-js compiler for v, installing it first if needed.
func (t *Toolchain) solcJS(ctx context.Context, v Version) (Compiler, error) {
	t.mu.Lock()
	if c, ok := t.jsByVer[v]; ok {
		t.mu.Unlock()
		return c, nil
	}
	lock, ok := t.install[v]
	if !ok {
		lock = &sync.Mutex{}
		t.install[v] = lock
	}
	t.mu.Unlock()

	lock.Lock()
	defer lock.Unlock()
	dir := installDir(t.cfg.CacheDir, v)
	if !fileExists(filepath.Join(dir, "node_modules", "solc", "package.json")) {
		if t.cfg.NoInstall {
			return nil, fmt.Errorf("solc %s is not installed in %s and installing is disabled", v, dir)
		}
		msg := fmt.Sprintf("installing solc %s (npm package solc@%s) into %s", v, v, dir)
		t.cfg.Log.Info("installing compiler", zap.Stringer("version", v), zap.String("dir", dir))
		if t.cfg.Notify != nil {
			t.cfg.Notify(msg)
		}
		if _, err := installJS(ctx, t.cfg.NPM, t.cfg.CacheDir, v); err != nil {
			return nil, err
		}
	}
	c := &SolcJS{Ver: v, Dir: dir, Worker: t.worker, Timeout: t.cfg.Timeout}
	t.mu.Lock()
	t.jsByVer[v] = c
	t.mu.Unlock()
	return c, nil
}
