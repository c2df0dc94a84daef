package cheatcode

import (
	"bytes"

	"github.com/ethereum/go-ethereum/core/vm"
)

// A Swap replaces one contract's creation code with another's wherever a
// CREATE or CREATE2 runs it: a test contract compiled with an earlier
// version of the code under test then deploys the new version, as the
// test recompiled would. The editor uses it to fuzz a suite on the saved
// code before the suite's own compile is ready (plan.Carry), where the
// test's bytecode differs from its recompiled self only in the creation
// code it embeds. Constructor arguments, which follow the creation code,
// are kept.
type Swap struct {
	Old, New []byte
}

// swapCreate rewrites the initcode of the CREATE or CREATE2 about to run
// (the GasHook: its gas is charged, its memory not yet grown) when it
// begins with a swap's Old code. The new initcode is written in place, the
// memory grown to hold it and the size operand set to its length; the
// extra memory and initcode words are not charged, so a swapped creation
// costs its frame what the old one did.
func (c *Cheats) swapCreate(scope *vm.ScopeContext) {
	s := scope.Stack.Data()
	n := len(s)
	offset, size := s[n-2], s[n-3]
	if !offset.IsUint64() || !size.IsUint64() || size.IsZero() {
		return
	}
	off, sz := offset.Uint64(), size.Uint64()
	mem := scope.Memory.Data()
	if off+sz > uint64(len(mem)) || off+sz < off {
		return // the CREATE fails on its own: memory out of range
	}
	code := mem[off : off+sz]
	for _, sw := range c.Swaps {
		if len(sw.Old) == 0 || !bytes.HasPrefix(code, sw.Old) {
			continue
		}
		args := bytes.Clone(code[len(sw.Old):])
		total := off + uint64(len(sw.New)) + uint64(len(args))
		if words := (total + 31) / 32 * 32; words > uint64(scope.Memory.Len()) {
			scope.Memory.Resize(words)
		}
		scope.Memory.Set(off, uint64(len(sw.New)), sw.New)
		if len(args) > 0 {
			scope.Memory.Set(off+uint64(len(sw.New)), uint64(len(args)), args)
		}
		s[n-3].SetUint64(uint64(len(sw.New)) + uint64(len(args)))
		return
	}
}
