package chain

import (
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/params"
)

// This file is fork mode (docs/cli.md, "Fork mode"): a chain whose state starts as a
// live chain's at one block, read lazily through a state.Reader (an
// engine/fork Source) under go-ethereum's StateDB, without patching it. The
// StateDB keeps everything written locally and every account and slot it
// read, so the reader is asked only for what this chain has not touched.
// A forked chain never commits (commit.go): reads of a committed root
// would go to the local trie, where a slot written back to zero is
// missing, and fall back to the fork's old value.

// Fork is the live chain a Chain starts from.
type Fork struct {
	// Reader is the chain's state at the fork block; it must be safe for
	// concurrent use (every worker's chain reads through it).
	Reader state.Reader
	// The fork block's environment: CHAINID, NUMBER, TIMESTAMP, BASEFEE,
	// COINBASE and GASLIMIT start from it.
	ChainID      uint64
	Number, Time uint64
	BaseFee      *big.Int
	Coinbase     common.Address
	GasLimit     uint64
	// Contracts are the program's contracts already deployed on the fork
	// (--target-address), by name: not deployed again, fuzzed where they
	// are.
	Contracts map[string]common.Address
}

// errForked stops a forked chain's commits (maybeCommit).
var errForked = errors.New("a forked chain is never committed")

// forkDatabase is a state database whose empty root reads the fork.
type forkDatabase struct {
	state.Database
	reader state.Reader
}

func (d forkDatabase) Reader(root common.Hash) (state.Reader, error) {
	if root != types.EmptyRootHash {
		return nil, errForked
	}
	return d.reader, nil
}

// forkConfig starts cfg's block environment at the fork block.
func forkConfig(cfg *Config) {
	f := cfg.Fork
	if f == nil {
		return
	}
	cfg.StartBlock, cfg.StartTime = f.Number, f.Time
	if cfg.BlockGasLimit == 0 {
		cfg.BlockGasLimit = f.GasLimit
	}
}

// fork puts a new chain on cfg.Fork: its database, chain id, coinbase and
// base fee.
func (c *Chain) fork(sdb state.Database, cc *params.ChainConfig, bctx *vm.BlockContext) state.Database {
	f := c.cfg.Fork
	if f == nil {
		return sdb
	}
	cc.ChainID = new(big.Int).SetUint64(f.ChainID)
	bctx.Coinbase = f.Coinbase
	if f.BaseFee != nil {
		bctx.BaseFee = new(big.Int).Set(f.BaseFee)
	}
	c.commitErr = errForked
	return forkDatabase{Database: sdb, reader: f.Reader}
}

// Forked returns where the program's contract name already is on the fork
// (--target-address), if it is.
func (c *Chain) Forked(name string) (common.Address, bool) {
	if c.cfg.Fork == nil {
		return common.Address{}, false
	}
	a, ok := c.cfg.Fork.Contracts[name]
	return a, ok
}
