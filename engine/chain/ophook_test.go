package chain

import (
	"errors"
	"math/big"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// step is what a per-opcode hook saw.
type step struct {
	pc    uint64
	op    vm.OpCode
	depth int
	stack []uint256.Int
	mem   int
}

// TestOpHookSeesWhatOnOpcodeSees runs the same transactions (a branch, a
// storage write, a reverting call, a stack underflow, an out-of-gas) with
// go-ethereum's OpHook (the patch in third_party/go-ethereum, on the fast
// loop), with a tracer's OnOpcode (the table loop), and with both (the
// table loop calling OpHook): each opcode must be seen once, with the same
// stack and memory, in the same order.
func TestOpHookSeesWhatOnOpcodeSees(t *testing.T) {
	callee := asm(vm.PUSH1, 1, vm.PUSH1, 2, vm.ADD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.REVERT)
	run := func(mode string) ([]step, []error) {
		var seen []step
		rec := func(pc uint64, op vm.OpCode, scope *vm.ScopeContext, depth int) {
			seen = append(seen, step{pc, op, depth, slices.Clone(scope.Stack.Data()), len(scope.MemoryData())})
		}
		hooks := &tracing.Hooks{OnEnter: func(int, byte, common.Address, common.Address, []byte, uint64, *big.Int) {}}
		if mode != "ophook" {
			hooks.OnOpcode = func(pc uint64, op byte, _, _ uint64, scope tracing.OpContext, _ []byte, depth int, _ error) {
				if mode == "onopcode" {
					rec(pc, vm.OpCode(op), scope.(*vm.ScopeContext), depth)
				}
			}
		}
		c, err := New(Config{}, hooks)
		if err != nil {
			t.Fatal(err)
		}
		if mode != "onopcode" {
			c.SetOpHook(rec)
		}
		b := deploy(t, c, initCode(0, callee))
		caller := asm(vm.PUSH1, 0, vm.CALLDATALOAD, vm.DUP1, vm.PUSH1, 42, vm.EQ, vm.PUSH1, 12, vm.JUMPI,
			vm.POP, vm.POP, // 10, 11: underflow
			vm.JUMPDEST, vm.PUSH1, 1, vm.SSTORE, // 12
			vm.PUSH1, 0, vm.PUSH1, 0, vm.PUSH1, 0, vm.PUSH1, 0, vm.PUSH1, 0, vm.PUSH20, b.Bytes(), vm.GAS, vm.CALL, vm.POP, vm.STOP)
		a := deploy(t, c, initCode(0, caller))
		word := func(v byte) []byte { w := make([]byte, 32); w[31] = v; return w }
		var errs []error
		full := c.Call(Tx{From: Deployer, To: a, Input: word(42)})
		errs = append(errs, full.Err)
		errs = append(errs, c.Call(Tx{From: Deployer, To: a, Input: word(7)}).Err)
		errs = append(errs, c.Call(Tx{From: Deployer, To: a, Input: word(42), Gas: full.GasUsed / 2}).Err)
		return seen, errs
	}
	want, errs := run("onopcode")
	if errs[0] != nil || !errors.As(errs[1], new(*vm.ErrStackUnderflow)) || !errors.Is(errs[2], vm.ErrOutOfGas) {
		t.Fatalf("errors %v, want nil, a stack underflow, out of gas", errs)
	}
	var calls bool
	for _, s := range want {
		calls = calls || s.depth == 2
	}
	if len(want) < 40 || !calls {
		t.Fatalf("OnOpcode saw %d opcodes (a call: %v)", len(want), calls)
	}
	for _, mode := range []string{"ophook", "both"} {
		got, _ := run(mode)
		if len(got) != len(want) {
			t.Errorf("%s: %d opcodes, OnOpcode saw %d", mode, len(got), len(want))
			continue
		}
		for i := range want {
			g, w := got[i], want[i]
			if g.pc != w.pc || g.op != w.op || g.depth != w.depth || g.mem != w.mem || !slices.Equal(g.stack, w.stack) {
				t.Errorf("%s: opcode %d is %+v, OnOpcode saw %+v", mode, i, g, w)
				break
			}
		}
	}
}
