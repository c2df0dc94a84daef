package solc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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
	Node, NPM   string        // default "node" and "npm" from PATH, found by execPath's rules
	Timeout     time.Duration // CPU-time budget per compile; zero: it grows with the unit (compileBudget)
	NoInstall   bool          // never run npm; only use what is installed
	// InstallTimeout bounds one npm install of a solc-js release; default
	// DefaultInstallTimeout.
	InstallTimeout time.Duration
	NoNative       bool // ignore native binaries (tests)
	NoForge        bool // never run forge; Foundry's remapping rules by hand (tests)
	// Untrusted: ignore executables the workspace names. A compiler path in
	// foundry.toml, or a solc, node or npm found inside the project root
	// (symlinks resolved) is never run, nor is forge at all; the choice
	// falls back to svm, solc-select and solc-js, and Notify says why once.
	// (Nothing found through a relative PATH entry runs, trusted or not.)
	// SolcPath and SolcVersion come from the user, not the workspace, and
	// still apply.
	Untrusted bool
	// Override holds the compiler settings the user gives; they replace
	// the project's (see SettingsOverride).
	Override SettingsOverride
	// CompileCache keeps compiler outputs in CacheDir/compile, keyed by
	// the compiler and the exact standard-JSON input, shared by every
	// process (the CLI and the editor turn it on; FORESIGHT_COMPILE_CACHE=off
	// turns it off). CompileCacheSize bounds it (default
	// DefaultCompileCacheSize).
	CompileCache     bool
	CompileCacheSize int64
	Log              *zap.Logger
	// Notify receives user-facing progress messages, such as a compiler
	// being installed; nil discards them.
	Notify func(msg string)
}

// A Toolchain finds and caches compilers. It is safe for concurrent use.
type Toolchain struct {
	cfg    Config
	worker *NodeWorker
	// bg is the worker of background requests (Request.Background),
	// started on the first; its compilers by version in bgByVer.
	bg      *NodeWorker
	bgByVer map[Version]*SolcJS
	cache   *compileCache // nil when off
	life    *lifetime     // native runs, stopped by Close

	nativeOnce sync.Once
	natives    []*Native // svm and solc-select, sorted, highest version first

	mu       sync.Mutex
	jsByVer  map[Version]*SolcJS
	install  map[Version]*installCall // installs in flight, shared by every caller
	repaired map[Version]bool         // solc-js installs reinstalled because they did not load
	probed   map[string]probeResult   // `--version` answers by binary path
	said     map[string]bool          // messages already given to Notify
	forged   map[string][]Remapping   // `forge remappings` answers by root and configuration; nil: it failed
	roots    []string                 // project roots compiled while untrusted, where execPath looks for nothing
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
	t := &Toolchain{
		cfg:      cfg,
		worker:   NewNodeWorker("", cfg.Log.Named("solcjs")),
		life:     newLifetime(),
		jsByVer:  map[Version]*SolcJS{},
		install:  map[Version]*installCall{},
		repaired: map[Version]bool{},
		probed:   map[string]probeResult{},
		said:     map[string]bool{},
		forged:   map[string][]Remapping{},
	}
	t.worker.resolve = t.nodeCommand
	t.cache = newCompileCache(cfg)
	return t
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

// Close stops the solc-js worker and kills native compiler runs in flight.
// It returns within a few seconds even when a compile is stuck; compiles
// after Close fail.
func (t *Toolchain) Close() error {
	t.life.close(closeTimeout)
	t.mu.Lock()
	bg := t.bg
	t.mu.Unlock()
	if bg != nil {
		if err := bg.Close(); err != nil {
			t.worker.Close()
			return err
		}
	}
	return t.worker.Close()
}

// NoCompilerError reports that no compiler satisfies a file's pragmas.
type NoCompilerError struct {
	Pragmas   []string
	Available []Version
	TooOld    []Version // releases the pragmas allow that predate MinStandardJSON
	// Installable is the solc-js release that would be installed were
	// installing not turned off (Config.NoInstall); nil otherwise.
	Installable *Version
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
	return fmt.Sprintf("no solc version satisfies every pragma (%s); available: %s%s%s", strings.Join(quoteAll(e.Pragmas), ", "), avail, tooOldHint(e.TooOld), noInstallHint(e.Installable))
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

// Select returns the compiler for sources of project p (nil for none) with
// the given pragma constraints. The order: Config.SolcPath,
// Config.SolcVersion, the version or path p pins (foundry.toml), the highest
// of p's configured compilers (Hardhat) that satisfies every pragma, then
// choose's: the highest version p names that does, the highest
// native binary that satisfies every pragma, then the highest solc-js release
// that does (installed on first use).
func (t *Toolchain) Select(ctx context.Context, pragmas []Constraint, p *Project) (Compiler, error) {
	t.noteRoot(p)
	if t.cfg.SolcPath != "" {
		return t.nativeAt(ctx, t.cfg.SolcPath)
	}
	if t.cfg.SolcVersion != "" {
		return t.exact(ctx, t.cfg.SolcVersion, p)
	}
	if p != nil && p.Solc != "" {
		if _, err := ParseVersion(p.Solc); err == nil {
			return t.exact(ctx, p.Solc, p)
		}
		if !t.cfg.Untrusted {
			return t.nativeAt(ctx, p.Solc)
		}
		t.say(fmt.Sprintf("ignoring solc = %q in foundry.toml: the workspace is untrusted, so Foresight runs no compiler it names; choosing an installed or embedded compiler by the pragmas instead", p.Solc),
			zap.String("path", p.Solc))
	}
	allows := allowsAll(pragmas)
	if c, ok := p.configuredCompiler(allows); ok {
		return t.exact(ctx, c.String(), p)
	}
	ch, err := t.choose(ctx, pragmas, p)
	if err != nil {
		return nil, err
	}
	return t.materialize(ctx, ch)
}

// forced reports whether the user or the project pins one compiler for
// every file (--solc, --solc-version, foundry.toml's solc): then pragmas
// choose nothing.
func (t *Toolchain) forced(p *Project) bool {
	return t.cfg.SolcPath != "" || t.cfg.SolcVersion != "" || (p != nil && p.Solc != "")
}

func allowsAll(pragmas []Constraint) func(Version) bool {
	return func(v Version) bool {
		for _, c := range pragmas {
			if !c.Allows(v) {
				return false
			}
		}
		return true
	}
}

// A choice is a compiler chosen by pragmas before anything is installed:
// a native binary, or the solc-js release js.
type choice struct {
	native *Native
	js     Version
}

func (c choice) version() Version {
	if c.native != nil {
		return c.native.Ver
	}
	return c.js
}

// materialize returns the compiler of ch, installing solc-js if needed.
func (t *Toolchain) materialize(ctx context.Context, ch choice) (Compiler, error) {
	if ch.native != nil {
		return ch.native, nil
	}
	return t.solcJS(ctx, ch.js)
}

// choose picks, without installing anything, the highest version p names
// (Project.NamedVersions) that satisfies every pragma, as a native binary
// of that version or else the solc-js release; failing that, the highest
// native binary that satisfies every pragma, else the highest solc-js
// release that does (installed ones only with Config.NoInstall).
func (t *Toolchain) choose(ctx context.Context, pragmas []Constraint, p *Project) (choice, error) {
	t.noteRoot(p)
	allows := allowsAll(pragmas)
	natives := t.nativesFor(ctx, p)
	candidates := embeddedVersions()
	if t.cfg.NoInstall {
		candidates = candidates[:0]
		for _, v := range installedJS(t.cfg.CacheDir) {
			if !v.Less(MinStandardJSON) {
				candidates = append(candidates, v)
			}
		}
	}
	if ch, ok := namedChoice(p, allows, natives, candidates); ok {
		return ch, nil
	}
	for _, n := range natives {
		if allows(n.Ver) {
			return choice{native: n}, nil
		}
	}
	for i := len(candidates) - 1; i >= 0; i-- {
		if allows(candidates[i]) {
			return choice{js: candidates[i]}, nil
		}
	}
	e := &NoCompilerError{}
	for _, c := range pragmas {
		e.Pragmas = append(e.Pragmas, c.String())
	}
	seen := map[Version]bool{}
	for _, n := range natives {
		seen[n.Ver] = true
	}
	for _, v := range candidates {
		seen[v] = true
	}
	for v := range seen {
		e.Available = append(e.Available, v)
	}
	sort.Slice(e.Available, func(i, j int) bool { return e.Available[i].Less(e.Available[j]) })
	for _, v := range append(preSolcJSVersions(), KnownVersions()...) {
		if v.Less(MinStandardJSON) && allows(v) {
			e.TooOld = append(e.TooOld, v)
		}
	}
	if t.cfg.NoInstall {
		all := embeddedVersions()
		for i := len(all) - 1; i >= 0; i-- {
			if allows(all[i]) {
				e.Installable = &all[i]
				break
			}
		}
	}
	return choice{}, e
}

// namedChoice is the highest version p names that allows accepts and that
// is at hand: a native binary of it, else a solc-js release among
// candidates (any release, or the installed ones with Config.NoInstall).
func namedChoice(p *Project, allows func(Version) bool, natives []*Native, candidates []Version) (choice, bool) {
	if p == nil {
		return choice{}, false
	}
	for _, v := range p.NamedVersions {
		if !allows(v) {
			continue
		}
		for _, n := range natives {
			if n.Ver == v {
				return choice{native: n}, true
			}
		}
		if slices.Contains(candidates, v) {
			return choice{js: v}, true
		}
	}
	return choice{}, false
}

func (t *Toolchain) exact(ctx context.Context, s string, p *Project) (Compiler, error) {
	v, err := ParseVersion(s)
	if err != nil {
		return nil, fmt.Errorf("solc version: %w", err)
	}
	for _, n := range t.nativesFor(ctx, p) {
		if n.Ver == v {
			return n, nil
		}
	}
	if v.Less(MinStandardJSON) {
		return nil, &UnsupportedVersionError{Version: v}
	}
	return t.solcJS(ctx, v)
}

func (t *Toolchain) nativeAt(ctx context.Context, path string) (Compiler, error) {
	r := t.probe(ctx, path)
	if r.err != nil {
		return nil, fmt.Errorf("solc at %s: %w", path, r.err)
	}
	return &Native{Path: path, Ver: r.ver, Timeout: t.cfg.Timeout, life: t.life}, nil
}

// nativeBinaries discovers the compilers of Foundry's svm
// (~/.svm/<v>/solc-<v>) and solc-select (~/.solc-select/artifacts/solc-<v>/
// solc-<v>) once; their file names give their versions.
func (t *Toolchain) nativeBinaries() []*Native {
	t.nativeOnce.Do(func() {
		if t.cfg.NoNative || t.cfg.Home == "" {
			return
		}
		byVer := map[Version]*Native{}
		for _, pat := range []string{
			filepath.Join(t.cfg.Home, ".svm", "*", "solc-*"),
			filepath.Join(t.cfg.Home, ".solc-select", "artifacts", "solc-*", "solc-*"),
		} {
			matches, _ := filepath.Glob(pat)
			for _, m := range matches {
				v, err := ParseVersion(strings.TrimPrefix(filepath.Base(m), "solc-"))
				if err != nil || byVer[v] != nil || !isExecutable(m) || v.Less(MinStandardJSON) {
					continue
				}
				byVer[v] = &Native{Path: m, Ver: v, Timeout: t.cfg.Timeout, life: t.life}
			}
		}
		for _, n := range byVer {
			t.natives = append(t.natives, n)
		}
		sort.Slice(t.natives, func(i, j int) bool { return t.natives[j].Ver.Less(t.natives[i].Ver) })
	})
	return t.natives
}

func isExecutable(path string) bool {
	st, err := os.Stat(path)
	return err == nil && !st.IsDir() && st.Mode()&0o111 != 0
}

// solcJS returns the solc-js compiler for v, installing it first if needed.
func (t *Toolchain) solcJS(ctx context.Context, v Version) (Compiler, error) {
	t.mu.Lock()
	c, ok := t.jsByVer[v]
	t.mu.Unlock()
	if ok {
		return c, nil
	}
	dir := installDir(t.cfg.CacheDir, v)
	if !fileExists(filepath.Join(dir, "node_modules", "solc", "package.json")) {
		if t.cfg.NoInstall {
			return nil, fmt.Errorf("solc %s is not installed in %s%s", v, dir, noInstallHint(&v))
		}
		if err := t.installShared(ctx, v); err != nil {
			return nil, err
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if c, ok := t.jsByVer[v]; ok {
		return c, nil
	}
	c = &SolcJS{Ver: v, Dir: dir, Worker: t.worker, Timeout: t.cfg.Timeout, repair: func(ctx context.Context, cause string) error { return t.repairJS(ctx, v, cause) }}
	t.jsByVer[v] = c
	return c, nil
}
