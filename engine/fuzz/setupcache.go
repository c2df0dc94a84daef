package fuzz

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"sync"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/program"
)

// SetUpCache keeps what Foundry set-ups built (the chain's state after the
// test contract's setUp(), its targets and labels) across campaigns, so
// that a campaign on the same bytecode starts its chains from it instead
// of running setUp() again: the editor keeps one while a person saves.
// An entry is keyed by the test contract's name, the chain's settings and
// the name, ABI, creation and runtime code of every contract of the
// campaign's program (whatever setUp() deploys, with new or vm.getCode,
// is one of them), so any change to the code a set-up runs, the test's
// own or the code under test it deploys, is a new key. A set-up that read
// files or forked is not kept (cheatcode.Setup.Reusable), nor is one on a
// forked chain. Safe for concurrent use.
type SetUpCache struct {
	mu      sync.Mutex
	entries []setUpEntry // least recently used first
	ran     uint64
	reused  uint64
}

type setUpEntry struct {
	key [32]byte
	s   *cheatcode.Setup
	// creation is the constructors' coverage of the set-up's run
	// (Result.Creation), which a resumed chain does not run again.
	creation [][]bool
}

// setUpCacheSize bounds the entries: each holds a chain's state (a few
// MB for a large set-up), and a person's saves alternate between a few
// versions at most.
const setUpCacheSize = 8

// NewSetUpCache returns an empty cache.
func NewSetUpCache() *SetUpCache { return &SetUpCache{} }

// Counts returns how many campaigns ran a set-up (a miss, or a set-up
// that could not be kept) and how many resumed one from the cache.
func (c *SetUpCache) Counts() (ran, reused uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ran, c.reused
}

// lookup returns the set-up kept under k and its constructors'
// coverage, counting a reuse, or nil, counting a run.
func (c *SetUpCache) lookup(k [32]byte) (*cheatcode.Setup, [][]bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, e := range c.entries {
		if e.key == k {
			c.entries = append(append(c.entries[:i:i], c.entries[i+1:]...), e)
			c.reused++
			return e.s, e.creation
		}
	}
	c.ran++
	return nil, nil
}

// keep stores s and its constructors' coverage under k, when another
// chain may start from it.
func (c *SetUpCache) keep(k [32]byte, s *cheatcode.Setup, creation [][]bool) {
	if !s.Reusable() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range c.entries {
		if e.key == k {
			return
		}
	}
	if len(c.entries) >= setUpCacheSize {
		c.entries = c.entries[1:]
	}
	c.entries = append(c.entries, setUpEntry{key: k, s: s, creation: creation})
}

// resume starts ch from s (cheatcode.Resume) under the cache's lock: the
// chains copy s's state, which must not be read by two at once.
func (c *SetUpCache) resume(ch *chain.Chain, cheats *cheatcode.Cheats, p *program.Program, s *cheatcode.Setup) (*cheatcode.Setup, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return cheatcode.Resume(ch, cheats, p, s)
}

// setUpKey is the key of cfg.SetUp's set-up on p; false when the chain is
// a fork (its state is not only what setUp() built) or creations are
// swapped (a carried suite: built for one save, it would only push the
// suites' own set-ups out of the cache).
func setUpKey(p *program.Program, cfg *Config) ([32]byte, bool) {
	cc := cfg.Chain
	if cc.Fork != nil || len(cfg.Swaps) > 0 {
		return [32]byte{}, false
	}
	h := sha256.New()
	field(h, []byte("foresight set-up 1"))
	field(h, []byte(cfg.SetUp))
	field(h, fmt.Appendf(nil, "%d %d %d %d %q %d %d", cc.GasLimit, cc.Senders, cc.StartTime, cc.StartBlock, cc.EVMVersion, cc.BlockGasLimit, cc.CodeSizeLimit))
	for _, ct := range p.Contracts {
		a := ct.Artifact
		field(h, []byte(ct.Name))
		field(h, []byte(a.Unit))
		field(h, a.ABI)
		field(h, a.Creation.Bytes)
		field(h, a.Runtime.Bytes)
		// fmt prints maps sorted by key: the same places, the same text.
		field(h, fmt.Appendf(nil, "%v %v %v", a.Creation.LinkReferences, a.Runtime.LinkReferences, a.Runtime.Immutables))
	}
	var k [32]byte
	h.Sum(k[:0])
	return k, true
}

// field writes b with its length, so that no two lists of fields hash the
// same.
func field(h hash.Hash, b []byte) {
	var n [8]byte
	binary.BigEndian.PutUint64(n[:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}
