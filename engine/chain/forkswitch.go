package chain

import (
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/types"
)

// This file moves a chain onto a fork while a Foundry set-up runs
// (vm.createSelectFork, vm.selectFork, vm.rollFork): a fresh StateDB over
// the fork replaces the chain's, mid-transaction. The accounts Foundry
// keeps across forks (the test contract, its sender, the cheatcode
// address) and the chain's own (deployer, senders) are read from the
// state left behind, which is never written again; every other account
// is the fork's. Nothing here runs per opcode or per transaction.

// A Forker opens the live chains a set-up forks (Config.Forks).
type Forker interface {
	// Fork returns the chain url (a URL, or an alias the project names)
	// serves at block; block 0 is its latest block, read once and pinned
	// for the campaign.
	Fork(url string, block uint64) (*Fork, error)
}

// ErrForkOutsideSetUp is a fork selected after the set-up: the campaign's
// snapshots are of one state.
var ErrForkOutsideSetUp = errors.New("forks are selected only in setUp()")

// Forks returns the chain's Forker; nil when the chain cannot fork.
func (c *Chain) Forks() Forker { return c.cfg.Forks }

// SelectFork makes f the chain's state from now on, keeping the accounts
// in keep (and the deployer and senders) as they are. It may run inside a
// transaction: the journal's revisions taken so far stay valid (a revert
// past this point reverts to the fork's state), and the refund counter
// carries over.
func (c *Chain) SelectFork(f *Fork, keep []common.Address) error {
	if c.borrowed != nil {
		return ErrForkOutsideSetUp
	}
	old := c.state
	r := &keepReader{old: old, fork: f.Reader, keep: map[common.Address]bool{Deployer: true}}
	for _, a := range c.senders {
		r.keep[a] = true
	}
	for _, a := range keep {
		r.keep[a] = true
	}
	base := old.Database()
	if fd, ok := base.(forkDatabase); ok {
		base = fd.Database
	}
	st, err := state.NewWithReader(types.EmptyRootHash, forkDatabase{Database: base, reader: r}, r)
	if err != nil {
		return err
	}
	// The frames below hold revision ids of the old journal; the new one
	// must know them (each reverts to the fork's fresh state).
	for n := old.Snapshot(); n >= 0; n-- {
		st.Snapshot()
	}
	st.AddRefund(old.GetRefund())
	st.Prepare(c.rules, c.evm.TxContext.Origin, f.Coinbase, nil, c.precompiles, nil)
	for a := range r.keep {
		st.AddAddressToAccessList(a)
	}
	c.setState(st)
	c.forget()
	c.epoch++
	c.view.final = true // the journal was rebuilt: finalise before a probe
	c.commitErr = errForked
	if c.cfg.TxTimeout == 0 {
		// From here on reads wait on an RPC endpoint: guard the rest of
		// this transaction and every later one (Config.TxTimeout).
		c.cfg.TxTimeout = ForkTxTimeout
		c.startGuard()
	}
	c.cfg.Fork = &Fork{Reader: f.Reader, ChainID: f.ChainID, Number: f.Number, Time: f.Time, BaseFee: f.BaseFee, Coinbase: f.Coinbase, GasLimit: f.GasLimit}
	c.evm.ChainConfig().ChainID = new(big.Int).SetUint64(f.ChainID)
	ctx := &c.evm.Context
	ctx.Coinbase = f.Coinbase
	if f.BaseFee != nil {
		ctx.BaseFee = new(big.Int).Set(f.BaseFee)
	}
	if f.GasLimit > 0 {
		ctx.GasLimit = f.GasLimit
	}
	c.Block = Block{Number: f.Number, Time: f.Time}
	ctx.BlockNumber.SetUint64(f.Number)
	ctx.Time = f.Time
	return nil
}

// keepReader reads the kept accounts from the state left behind, the rest
// from the fork. Only the chain's goroutine reads it (a chain is not
// shared), so reading old's caches is safe.
type keepReader struct {
	old  *state.StateDB
	fork state.Reader
	keep map[common.Address]bool
}

func (r *keepReader) Account(a common.Address) (*types.StateAccount, error) {
	if !r.keep[a] {
		return r.fork.Account(a)
	}
	if !r.old.Exist(a) {
		return nil, nil
	}
	return &types.StateAccount{Nonce: r.old.GetNonce(a), Balance: r.old.GetBalance(a).Clone(), Root: types.EmptyRootHash,
		CodeHash: r.old.GetCodeHash(a).Bytes()}, nil
}

func (r *keepReader) Storage(a common.Address, slot common.Hash) (common.Hash, error) {
	if !r.keep[a] {
		return r.fork.Storage(a, slot)
	}
	return r.old.GetState(a, slot), nil
}

func (r *keepReader) Code(a common.Address, h common.Hash) []byte {
	if !r.keep[a] {
		return r.fork.Code(a, h)
	}
	return r.old.GetCode(a)
}

func (r *keepReader) Has(a common.Address, h common.Hash) bool { return len(r.Code(a, h)) > 0 }

func (r *keepReader) CodeSize(a common.Address, h common.Hash) int { return len(r.Code(a, h)) }
