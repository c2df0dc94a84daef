package cheatcode

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
)

// recordAccess notes the slot of an SLOAD or SSTORE while vm.record is on.
// An SSTORE counts as a read and a write, as in forge.
func (c *Cheats) recordAccess(op byte, scope tracing.OpContext) {
	switch vm.OpCode(op) {
	case vm.SLOAD, vm.SSTORE:
		s := scope.StackData()
		slot := common.Hash(s[len(s)-1].Bytes32())
		addr := scope.Address()
		c.reads[addr] = append(c.reads[addr], slot)
		if vm.OpCode(op) == vm.SSTORE {
			c.writes[addr] = append(c.writes[addr], slot)
		}
	}
}
