package chain

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// InstallPrecompile makes p answer calls to addr, next to the fork's own
// precompiles (go-ethereum's EVM.SetPrecompiles). Cheatcodes live this way:
// a Go object that holds the chain and changes its state and block. The
// installation outlives the EVM being renewed after a timeout, and addr is
// warm in every transaction, as precompiles are.
func (c *Chain) InstallPrecompile(addr common.Address, p vm.PrecompiledContract) {
	if c.extra == nil {
		c.extra = vm.ActivePrecompiledContracts(c.rules)
	}
	if _, ok := c.extra[addr]; !ok {
		c.precompiles = append(c.precompiles, addr)
	}
	s, _ := p.(Stateful)
	c.extra[addr] = watched{PrecompiledContract: p, stateful: s, called: &c.extraCalled}
	c.stateful = c.stateful[:0]
	for _, q := range c.extra {
		if w, ok := q.(watched); ok && w.stateful != nil {
			c.stateful = append(c.stateful, w.stateful)
		}
	}
	c.epoch++
	c.evm.SetPrecompiles(c.extra)
}

// EVM returns the chain's EVM, for code that must act inside a running
// transaction (cheatcodes change tx.origin for a pranked call). The EVM is
// replaced when a transaction times out; do not keep it across
// transactions.
func (c *Chain) EVM() *vm.EVM { return c.evm }

// SetTime sets the block timestamp now, inside a running transaction, and
// for every later one (Foundry's vm.warp).
func (c *Chain) SetTime(t uint64) {
	c.Block.Time = t
	c.evm.Context.Time = t
}

// SetNumber sets the block number now, inside a running transaction, and
// for every later one (Foundry's vm.roll).
func (c *Chain) SetNumber(n uint64) {
	c.Block.Number = n
	c.evm.Context.BlockNumber.SetUint64(n)
	if r := c.evm.Context.Random; r != nil {
		*r = prevrandao(n) // the rolled block's, as a transaction in it sees
	}
}

// IsPrecompile reports whether calls to addr run a precompile (the fork's
// or an installed one) rather than the code stored there.
func (c *Chain) IsPrecompile(addr common.Address) bool {
	for _, a := range c.precompiles {
		if a == addr {
			return true
		}
	}
	return false
}
