package fork

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/foresight-sol/foresight/internal/redact"
	"github.com/holiman/uint256"
)

// Config opens a Source.
type Config struct {
	URL string
	// Block is the fork block; 0 is the latest block when opened, pinned
	// for the campaign.
	Block uint64
	// CacheDir holds the on-disk cache (cache.go); "" keeps nothing on
	// disk.
	CacheDir string
	Timeout  time.Duration // per request; default DefaultTimeout
	Retries  int           // rate-limit retries; default 5, negative none
	Backoff  time.Duration // first wait after a rate limit; default 500ms
}

// DefaultTimeout is the deadline of one request to the node.
const DefaultTimeout = 30 * time.Second

// A Source is the state of a chain at one block, read lazily from a node
// and cached. It is safe for concurrent use (every worker's chain reads
// through it). The first failure is kept: later reads fail at once, and the
// callback set by Watch hears of it, so the campaign ends.
type Source struct {
	c      *client
	header Header
	file   string // state.json; "" with no disk cache

	mu       sync.Mutex
	ctx      context.Context
	onErr    func(error)
	err      error
	accounts map[common.Address]account
	code     map[common.Hash][]byte
	storage  map[slotKey]common.Hash
	loaded   int // entries read from the disk cache
	fetched  int // entries fetched from the node
}

type account struct {
	balance  uint256.Int
	nonce    uint64
	codeHash common.Hash
}

type slotKey struct {
	addr common.Address
	slot common.Hash
}

// Open connects to cfg.URL and pins the fork block: no request at all when
// the block is named and cached, one (the header) otherwise.
func Open(ctx context.Context, cfg Config) (*Source, error) {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Retries == 0 {
		cfg.Retries = 5
	}
	if cfg.Backoff <= 0 {
		cfg.Backoff = 500 * time.Millisecond
	}
	c, err := newClient(cfg.URL, cfg.Timeout, max(cfg.Retries, 0), cfg.Backoff)
	if err != nil {
		return nil, err
	}
	s := &Source{c: c, ctx: ctx, accounts: map[common.Address]account{}, code: map[common.Hash][]byte{}, storage: map[slotKey]common.Hash{}}
	if cfg.CacheDir != "" && cfg.Block > 0 {
		if id, ok := knownChain(cfg.CacheDir, cfg.URL); ok {
			if d, ok := loadState(stateFile(cfg.CacheDir, id, cfg.Block)); ok {
				s.file = stateFile(cfg.CacheDir, id, cfg.Block)
				s.load(d)
				return s, nil
			}
		}
	}
	h, err := fetchHeader(ctx, c, cfg.Block)
	if err != nil {
		return nil, err
	}
	if cfg.Block > 0 && h.Number != cfg.Block {
		return nil, &Error{Kind: ErrBadReply, URL: c.shown, Method: "eth_getBlockByNumber", Detail: fmt.Sprintf("asked for block %d, got %d", cfg.Block, h.Number)}
	}
	s.header = h
	if cfg.CacheDir != "" {
		s.file = stateFile(cfg.CacheDir, h.ChainID, h.Number)
		if d, ok := loadState(s.file); ok && d.Header.Hash == h.Hash {
			s.load(d)
		}
		if err := rememberChain(cfg.CacheDir, cfg.URL, h.ChainID); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// Header returns the fork block's header.
func (s *Source) Header() Header { return s.header }

// URL returns the endpoint, redacted.
func (s *Source) URL() string { return s.c.shown }

// Watch makes later reads use ctx, and calls onErr (which may be nil)
// once with the first failure: a campaign ends when its state cannot be
// read.
func (s *Source) Watch(ctx context.Context, onErr func(error)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ctx, s.onErr = ctx, onErr
}

// Err returns the failure that stopped the reads (nil if none). A read
// cut short because the campaign ended is not one.
func (s *Source) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// Stats are a Source's counts.
type Stats struct {
	Requests uint64 // HTTP requests to the node, retries included
	Calls    uint64 // JSON-RPC calls in them
	Fetched  int    // accounts, code and slots fetched from the node
	Cached   int    // read from the disk cache
}

// Stats returns the counts so far.
func (s *Source) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Stats{Requests: s.c.requests.Load(), Calls: s.c.calls.Load(), Fetched: s.fetched, Cached: s.loaded}
}

// Close writes what was fetched to the disk cache, merged with what
// another process cached at the same block meanwhile.
func (s *Source) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.file == "" || s.fetched == 0 {
		return nil
	}
	d := s.dump()
	if old, ok := loadState(s.file); ok && old.Header.Hash == d.Header.Hash {
		d.merge(old)
	}
	b, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("fork cache: %w", err)
	}
	if err := writeAtomic(s.file, b); err != nil {
		return err
	}
	s.fetched = 0
	return nil
}

func (s *Source) load(d *diskState) {
	s.header = d.Header
	for a, da := range d.Accounts {
		var acc account
		if acc.balance.SetFromDecimal(da.Balance) != nil {
			continue
		}
		acc.nonce, acc.codeHash = da.Nonce, da.CodeHash
		s.accounts[a] = acc
		s.loaded++
	}
	for h, c := range d.Code {
		s.code[h] = c
	}
	for a, slots := range d.Storage {
		for k, v := range slots {
			s.storage[slotKey{a, k}] = v
			s.loaded++
		}
	}
}

func (s *Source) dump() *diskState {
	d := &diskState{Header: s.header, Accounts: map[common.Address]diskAccount{}, Code: map[common.Hash]hexutil.Bytes{},
		Storage: map[common.Address]map[common.Hash]common.Hash{}}
	for a, acc := range s.accounts {
		d.Accounts[a] = diskAccount{Balance: acc.balance.Dec(), Nonce: acc.nonce, CodeHash: acc.codeHash}
	}
	for h, c := range s.code {
		d.Code[h] = c
	}
	for k, v := range s.storage {
		if d.Storage[k.addr] == nil {
			d.Storage[k.addr] = map[common.Hash]common.Hash{}
		}
		d.Storage[k.addr][k.slot] = v
	}
	return d
}

// fail keeps the first failure of a read and reports it; a read cut short
// because the campaign's context ended is not kept.
func (s *Source) fail(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if s.err == nil {
		s.err = err
		if s.onErr != nil {
			s.onErr(err)
		}
	}
	return s.err
}

// Redacted reports whether the URL carried credentials, which reports
// leave out.
func (s *Source) Redacted() bool { return redact.Redacted(s.c.url) }
