package cheatcode

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
)

// A CREATE cannot be redirected like a call: no address on its stack
// names the creator. Under a prank, the GasHook at the CREATE (or
// CREATE2) instead runs the creation itself, from the hook, as the pranked
// sender (evm.Create: the nested frames run and are traced as the CREATE's
// would be), and makes the CREATE itself fail without effect: its value
// operand becomes 2^256-1, which no balance covers, so go-ethereum
// rejects it before touching the nonce. At the next instruction of the
// frame the OpHook replaces the CREATE's result (0) with the address
// created. The constructor thus sees msg.sender == the pranked sender and
// the address derives from its nonce, as in forge. The gas the creation
// uses is not charged to the calling frame, and a failed creation reverts
// without its revert data.

// prankedCreate is a creation run for a CREATE whose result is pending.
type prankedCreate struct {
	depth int
	addr  common.Address
}

func (c *Cheats) prankCreate(op vm.OpCode, scope tracing.OpContext, depth int, gas uint64, p *prankState) {
	s := scope.StackData()
	n := len(s)
	value, offset, size := s[n-1], s[n-2], s[n-3]
	mem := scope.MemoryData()
	if !offset.IsUint64() || !size.IsUint64() || offset.Uint64()+size.Uint64() > uint64(len(mem)) {
		return // the CREATE fails on its own: memory out of range
	}
	code := append([]byte(nil), mem[offset.Uint64():offset.Uint64()+size.Uint64()]...)
	if !p.persistent {
		c.pranked = nil
	}
	evm := c.ch.EVM()
	origin := evm.TxContext.Origin
	if p.origin != nil {
		evm.TxContext.Origin = *p.origin
	}
	budget := vm.NewGasBudget(gas-gas/64, 0)
	var addr common.Address
	var err error
	if op == vm.CREATE2 {
		salt := s[n-4]
		_, addr, _, err = evm.Create2(p.sender, code, budget, &value, &salt)
	} else {
		_, addr, _, err = evm.Create(p.sender, code, budget, &value)
	}
	evm.TxContext.Origin = origin
	if err != nil {
		addr = common.Address{}
	}
	// The nested frames may have grown the stack arena: fetch the stack
	// again.
	s = scope.StackData()
	s[len(s)-1].SetAllOne()
	c.creates = append(c.creates, prankedCreate{depth: depth, addr: addr})
	c.armed = true
}

// fixCreate puts the address of a pranked creation where the CREATE left
// its failure (0), at the frame's next instruction.
func (c *Cheats) fixCreate(scope tracing.OpContext, depth int) {
	last := c.creates[len(c.creates)-1]
	if depth > last.depth {
		return
	}
	c.creates = c.creates[:len(c.creates)-1]
	if depth == last.depth {
		s := scope.StackData()
		s[len(s)-1].SetBytes20(last.addr.Bytes())
	}
}
