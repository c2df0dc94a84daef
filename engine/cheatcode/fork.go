package cheatcode

import (
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
)

// The fork cheatcodes (docs/cli.md, "Fork mode"): a set-up forks a live
// chain by URL or by an alias of foundry.toml's [rpc_endpoints], which the
// chain's Forker resolves and reads (engine/fork's source and cache).
// Forks are numbered from 0 in the order created, as in forge. Selecting
// or rolling a fork keeps the test contract, its sender and the cheatcode
// address (forge's persistent accounts) and reads everything else from
// the fork; what the set-up changed on a fork it leaves is not kept.

// forkSlot is one fork the set-up created.
type forkSlot struct {
	url string
	f   *chain.Fork
}

// errForkTx refuses the variants that fork at a transaction.
var errForkTx = errors.New("forking at a transaction hash is not supported: name a block number")

// ErrFork is wrapped by the error of a fork cheatcode that could not fork
// (no network, an unknown alias, an untrusted workspace, a node that
// failed): setUp() fails with it even if the set-up catches the revert.
var ErrFork = errors.New("cannot fork")

func (c *Cheats) createFork(a []any) ([]any, error) {
	id, err := c.newFork(a)
	if err != nil {
		return nil, err
	}
	return []any{big.NewInt(int64(id))}, nil
}

func (c *Cheats) createSelectFork(a []any) ([]any, error) {
	id, err := c.newFork(a)
	if err == nil {
		err = c.switchTo(id)
	}
	if err != nil {
		return nil, err
	}
	return []any{big.NewInt(int64(id))}, nil
}

func (c *Cheats) selectFork(a []any) ([]any, error) {
	id, err := c.forkID(a[0].(*big.Int))
	if err == nil {
		err = c.switchTo(id)
	}
	return nil, err
}

func (c *Cheats) activeFork([]any) ([]any, error) {
	if c.active == 0 {
		return nil, errors.New("no fork is active")
	}
	return []any{big.NewInt(int64(c.active - 1))}, nil
}

// rollFork re-points a fork (the active one, or the one named) at another
// block; the active fork's state is then that block's.
func (c *Cheats) rollFork(a []any) ([]any, error) {
	id := c.active - 1
	if len(a) == 2 {
		var err error
		if id, err = c.forkID(a[0].(*big.Int)); err != nil {
			return nil, err
		}
	} else if id < 0 {
		return nil, errors.New("no fork is active")
	}
	block, err := blockArg(a[len(a)-1])
	if err != nil {
		return nil, err
	}
	f, err := c.open(c.forks[id].url, block)
	if err != nil {
		return nil, err
	}
	c.forks[id].f = f
	if id == c.active-1 {
		return nil, c.switchTo(id)
	}
	return nil, nil
}

func refuseForkTx(*Cheats, []any) ([]any, error) { return nil, errForkTx }

// newFork opens the fork of createFork's arguments (url[, block]).
func (c *Cheats) newFork(a []any) (int, error) {
	var block uint64
	if len(a) == 2 {
		var err error
		if block, err = blockArg(a[1]); err != nil {
			return 0, err
		}
	}
	url := a[0].(string)
	f, err := c.open(url, block)
	if err != nil {
		return 0, err
	}
	c.forks = append(c.forks, forkSlot{url: url, f: f})
	return len(c.forks) - 1, nil
}

// open asks the chain's Forker for url at block. A failure is kept as the
// set-up's error: a set-up that catches it would run on the wrong state.
func (c *Cheats) open(url string, block uint64) (*chain.Fork, error) {
	err := chain.ErrForkOutsideSetUp
	var f *chain.Fork
	switch fk := c.ch.Forks(); {
	case !c.track:
	case fk == nil:
		err = errors.New("this run cannot fork (no fork source configured)")
	default:
		f, err = fk.Fork(url, block)
	}
	if err != nil {
		// An alias is named; a URL is not, as it may hold credentials (the
		// Forker's errors name it without them).
		if strings.Contains(url, "://") {
			err = fmt.Errorf("%w: %w", ErrFork, err)
		} else {
			err = fmt.Errorf("%w %q: %w", ErrFork, url, err)
		}
		if c.failed == nil {
			c.failed = err
		}
		return nil, err
	}
	return f, nil
}

// switchTo makes fork id the chain's state, keeping forge's persistent
// accounts.
func (c *Cheats) switchTo(id int) error {
	if !c.track {
		return chain.ErrForkOutsideSetUp
	}
	keep := []common.Address{Address, DefaultSender, c.caller, c.test}
	if err := c.ch.SelectFork(c.forks[id].f, keep); err != nil {
		return err
	}
	c.active = id + 1
	return nil
}

func (c *Cheats) forkID(n *big.Int) (int, error) {
	if !n.IsInt64() || n.Int64() < 0 || n.Int64() >= int64(len(c.forks)) {
		return 0, fmt.Errorf("no fork %v (%d created)", n, len(c.forks))
	}
	return int(n.Int64()), nil
}

func blockArg(v any) (uint64, error) {
	n := v.(*big.Int)
	if !n.IsUint64() || n.Sign() == 0 {
		return 0, fmt.Errorf("block number %v is not a block", n)
	}
	return n.Uint64(), nil
}
