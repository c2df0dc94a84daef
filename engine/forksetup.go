package engine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/internal/redact"
	"github.com/foresight-sol/foresight/solc"
)

// This file is the forks a Foundry set-up selects itself
// (vm.createSelectFork, vm.rollFork; docs/cli.md, "Fork mode"): it
// resolves a URL or an alias of foundry.toml's [rpc_endpoints] (with
// ${VAR} interpolation, as Foundry does), opens each fork once per
// campaign through engine/fork (so every worker's set-up reads the same
// source and cache, and a fork without a block is pinned at the block read
// first), and records the fork for the report, from which a replay pins
// the same block.

// SetUpForksConfig configures SetUpForks.
type SetUpForksConfig struct {
	// Root is the project whose foundry.toml names the aliases ("" : the
	// root of the campaign's first build).
	Root     string
	CacheDir string // engine/fork's disk cache; "" keeps nothing on disk
	// Untrusted refuses every fork, before any request: the URL comes
	// from the workspace's files.
	Untrusted bool
	// Pin is the fork a report recorded: a set-up that forks its URL or
	// alias without a block forks at the recorded block.
	Pin    *report.ForkInfo
	Getenv func(string) string // default os.Getenv
}

// SetUpForks opens the forks set-ups select; safe for concurrent use (every
// worker runs the set-up). The caller closes it.
type SetUpForks struct {
	cfg SetUpForksConfig

	mu      sync.Mutex
	ctx     context.Context
	onErr   func(error)
	aliases map[string]string
	loaded  bool
	forks   map[forkKey]*chain.Fork
	sources []*fork.Source
	first   *report.ForkInfo
}

type forkKey struct {
	url   string
	block uint64
}

// ErrSetUpFork is wrapped by the errors of a set-up's fork: an unknown
// alias, an unset variable, an untrusted workspace.
var ErrSetUpFork = errors.New("set-up fork")

// NewSetUpForks returns the set-up forks of a run; requests are made under
// ctx.
func NewSetUpForks(ctx context.Context, cfg SetUpForksConfig) *SetUpForks {
	if cfg.Getenv == nil {
		cfg.Getenv = os.Getenv
	}
	return &SetUpForks{cfg: cfg, ctx: ctx, forks: map[forkKey]*chain.Fork{}}
}

// forker is s as the chain's Forker, with the project root taken from
// builds when unset; nil when s is.
func (s *SetUpForks) forker(builds []*solc.Build) chain.Forker {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cfg.Root == "" && len(builds) > 0 && builds[0].Project != nil {
		s.cfg.Root = builds[0].Project.Root
	}
	return s
}

// Fork opens name (a URL or an alias) at block (0: the pinned block, else
// the latest when first asked).
func (s *SetUpForks) Fork(name string, block uint64) (*chain.Fork, error) {
	if s.cfg.Untrusted {
		return nil, fmt.Errorf("%w: the workspace is not trusted, and forking makes network requests to a URL its files name: trust the workspace to fork", ErrSetUpFork)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	url, alias, err := s.resolve(name)
	if err != nil {
		return nil, err
	}
	if p := s.cfg.Pin; block == 0 && p != nil && (alias && p.Alias == name || !alias && p.URL == redact.URL(url)) {
		block = p.Block
	}
	if f, ok := s.forks[forkKey{url, block}]; ok {
		return f, nil
	}
	src, err := fork.Open(s.ctx, fork.Config{URL: url, Block: block, CacheDir: s.cfg.CacheDir})
	if err != nil {
		return nil, err
	}
	if s.onErr != nil {
		src.Watch(s.ctx, s.onErr)
	}
	s.sources = append(s.sources, src)
	h := src.Header()
	f := &chain.Fork{Reader: src, ChainID: h.ChainID, Number: h.Number, Time: h.Time, BaseFee: h.BaseFee, Coinbase: h.Coinbase, GasLimit: h.GasLimit}
	s.forks[forkKey{url, block}], s.forks[forkKey{url, h.Number}] = f, f
	if s.first == nil {
		s.first = &report.ForkInfo{URL: src.URL(), Redacted: src.Redacted(), Block: h.Number, ChainID: h.ChainID, SetUp: true}
		if alias {
			s.first.Alias = name
		}
	}
	return f, nil
}

var envRef = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// resolve returns the URL name stands for, and whether it is an alias;
// s.mu is held.
func (s *SetUpForks) resolve(name string) (string, bool, error) {
	if strings.Contains(name, "://") {
		return name, false, nil
	}
	if !s.loaded {
		s.loaded = true
		if s.cfg.Root != "" {
			a, err := solc.RPCEndpoints(s.cfg.Root)
			if err != nil {
				// A parse error may quote a line holding an endpoint.
				return "", true, fmt.Errorf("%w: %w", ErrSetUpFork, redact.Error(err))
			}
			s.aliases = a
		}
	}
	raw, ok := s.aliases[name]
	if !ok {
		known := make([]string, 0, len(s.aliases))
		for k := range s.aliases {
			known = append(known, k)
		}
		sort.Strings(known)
		return "", true, fmt.Errorf("%w: %q is neither a URL nor an alias in foundry.toml's [rpc_endpoints] (aliases: %s)", ErrSetUpFork, name, strings.Join(known, ", "))
	}
	var missing string
	url := envRef.ReplaceAllStringFunc(raw, func(ref string) string {
		v := s.cfg.Getenv(ref[2 : len(ref)-1])
		if v == "" && missing == "" {
			missing = ref[2 : len(ref)-1]
		}
		return v
	})
	if missing != "" {
		return "", true, fmt.Errorf("%w: the alias %q of foundry.toml's [rpc_endpoints] needs the environment variable %s, which is not set", ErrSetUpFork, name, missing)
	}
	return url, true, nil
}

// Info is what a report records of the set-up's fork: the first it opened
// (nil if none).
func (s *SetUpForks) Info() *report.ForkInfo {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.first
}

// watch ends ctx when a fork fails, as forkContext does for --fork-url.
func (s *SetUpForks) watch(ctx context.Context) (context.Context, func()) {
	if s == nil {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ctx, s.onErr = ctx, func(error) { cancel() }
	for _, src := range s.sources {
		src.Watch(ctx, s.onErr)
	}
	return ctx, cancel
}

// Err is the first failure of a fork's reads (nil if none).
func (s *SetUpForks) Err() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, src := range s.sources {
		if err := src.Err(); err != nil {
			return err
		}
	}
	return nil
}

// Stats sums the forks' counts.
func (s *SetUpForks) Stats() (st fork.Stats, n int) {
	if s == nil {
		return st, 0
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, src := range s.sources {
		x := src.Stats()
		st.Requests, st.Calls, st.Fetched, st.Cached = st.Requests+x.Requests, st.Calls+x.Calls, st.Fetched+x.Fetched, st.Cached+x.Cached
	}
	return st, len(s.sources)
}

// Close writes the forks' disk caches.
func (s *SetUpForks) Close() error {
	if s == nil {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	var errs []error
	for _, src := range s.sources {
		errs = append(errs, src.Close())
	}
	return errors.Join(errs...)
}
