package engine

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// This file is fork mode at the engine's level (docs/cli.md, "Fork mode"): a campaign
// or a replay on a live chain's state (Options.Fork, an engine/fork
// Source the caller opened), the contracts already deployed there that it
// fuzzes too (report.ForkTarget), and what a report records of the fork
// (report.ForkInfo).

// ErrForkTarget is wrapped by errors about a --target-address.
var ErrForkTarget = errors.New("bad fork target")

// chainFork is the chain's view of src, with the targets checked against
// the program: each names a compiled contract whose runtime code is the
// code at its address, which becomes a target of the campaign.
func chainFork(prog *program.Program, src *fork.Source, targets []report.ForkTarget) (*chain.Fork, error) {
	if src == nil {
		if len(targets) > 0 {
			return nil, fmt.Errorf("%w: --target-address needs --fork-url", ErrForkTarget)
		}
		return nil, nil
	}
	h := src.Header()
	f := &chain.Fork{Reader: src, ChainID: h.ChainID, Number: h.Number, Time: h.Time, BaseFee: h.BaseFee,
		Coinbase: h.Coinbase, GasLimit: h.GasLimit, Contracts: map[string]common.Address{}}
	for _, t := range targets {
		c, ok := prog.Lookup(t.Contract)
		if !ok {
			return nil, fmt.Errorf("%w: %s:%s: no compiled contract %s with code (an interface has none: name the contract as deployed)", ErrForkTarget, t.Address, t.Contract, t.Contract)
		}
		if !common.IsHexAddress(t.Address) {
			return nil, fmt.Errorf("%w: %q is not an address", ErrForkTarget, t.Address)
		}
		addr := common.HexToAddress(t.Address)
		if prev, dup := f.Contracts[c.Name]; dup && prev != addr {
			return nil, fmt.Errorf("%w: %s is named at two addresses (%s and %s)", ErrForkTarget, c.Name, prev.Hex(), addr.Hex())
		}
		acc, err := src.Account(addr)
		if err != nil {
			return nil, err
		}
		if acc == nil || len(src.Code(addr, common.BytesToHash(acc.CodeHash))) == 0 {
			return nil, fmt.Errorf("%w: %s has no code at block %d of chain %d", ErrForkTarget, addr.Hex(), h.Number, h.ChainID)
		}
		onChain := src.Code(addr, common.BytesToHash(acc.CodeHash))
		if !sameCode(c.Artifact.Runtime, onChain) {
			// Coverage and source locations follow the compiled code: on
			// other code they would point at the wrong lines.
			return nil, fmt.Errorf("%w: the code at %s is not %s's compiled runtime code (%d bytes on chain, %d compiled): build it as it was deployed", ErrForkTarget, addr.Hex(), c.Name, len(onChain), len(c.Artifact.Runtime.Bytes))
		}
		f.Contracts[c.Name] = addr
		c.Target = true
	}
	return f, nil
}

// sameCode reports whether on-chain code is compiled runtime code, up to
// immutables, linked library addresses and the metadata hash.
func sameCode(compiled solc.Code, onChain []byte) bool {
	a := program.WithoutMetadata(compiled.Bytes)
	b := program.WithoutMetadata(onChain)
	if len(a) != len(b) {
		return false
	}
	a, b = bytes.Clone(a), bytes.Clone(b)
	mask := func(r solc.CodeRange) {
		for i := r.Start; i < r.Start+r.Length && i < len(a); i++ {
			a[i], b[i] = 0, 0
		}
	}
	for _, rs := range compiled.Immutables {
		for _, r := range rs {
			mask(r)
		}
	}
	for _, libs := range compiled.LinkReferences {
		for _, rs := range libs {
			for _, r := range rs {
				mask(r)
			}
		}
	}
	return bytes.Equal(a, b)
}

// replayFork is the fork a replay runs on: the one the finding was found
// on, at the same block. One the set-up selected is the set-up's to select
// again, through forks.
func replayFork(prog *program.Program, src *fork.Source, forks *SetUpForks, setup report.Setup) (*chain.Fork, error) {
	rec := setup.Fork
	switch {
	case rec != nil && rec.SetUp && src != nil:
		return nil, fmt.Errorf("%w: the finding's set-up selected its fork itself (chain %d at block %d): replay it without --fork-url", ErrReplay, rec.ChainID, rec.Block)
	case rec != nil && rec.SetUp && forks == nil:
		return nil, fmt.Errorf("%w: the finding's set-up forks chain %d at block %d, and this replay cannot fork", ErrReplay, rec.ChainID, rec.Block)
	case rec != nil && rec.SetUp:
		return nil, nil
	case rec == nil && src == nil:
		return nil, nil
	case rec == nil:
		return nil, fmt.Errorf("%w: the finding was not found on a fork: replay it without --fork-url", ErrReplay)
	case src == nil:
		return nil, fmt.Errorf("%w: the finding was found on a fork of chain %d at block %d (%s): replay it with --fork-url", ErrReplay, rec.ChainID, rec.Block, rec.URL)
	}
	if h := src.Header(); h.ChainID != rec.ChainID || h.Number != rec.Block {
		return nil, fmt.Errorf("%w: the fork is chain %d at block %d, but the finding was found on chain %d at block %d", ErrReplay, h.ChainID, h.Number, rec.ChainID, rec.Block)
	}
	src.Watch(context.Background(), nil) // every request has its own deadline
	return chainFork(prog, src, rec.Targets)
}

// forkInfo is what a report records of the fork (nil: none).
func forkInfo(src *fork.Source, targets []report.ForkTarget) *report.ForkInfo {
	if src == nil {
		return nil
	}
	h := src.Header()
	return &report.ForkInfo{URL: src.URL(), Redacted: src.Redacted(), Block: h.Number, ChainID: h.ChainID, Targets: targets}
}

// forkContext ends ctx when the fork fails (the node went away, a rate
// limit outlasted the retries): the rest of the campaign would run on
// state it cannot read. stop must be called when the campaign ends.
func forkContext(ctx context.Context, src *fork.Source) (context.Context, func()) {
	if src == nil {
		return ctx, func() {}
	}
	ctx, cancel := context.WithCancel(ctx)
	src.Watch(ctx, func(error) { cancel() })
	return ctx, cancel
}

// forkErr is the fork's failure, if it had one.
func forkErr(src *fork.Source) error {
	if src == nil {
		return nil
	}
	return src.Err()
}
