package chain

import (
	"errors"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// asm builds bytecode from opcodes and PUSH immediates.
func asm(parts ...any) []byte {
	var out []byte
	for _, p := range parts {
		switch x := p.(type) {
		case vm.OpCode:
			out = append(out, byte(x))
		case []byte:
			out = append(out, x...)
		case int:
			out = append(out, byte(x))
		}
	}
	return out
}

func deploy(t *testing.T, c *Chain, initCode []byte) common.Address {
	t.Helper()
	r := c.Call(Tx{From: Deployer, Input: initCode})
	if r.Err != nil {
		t.Fatalf("deploy: %v", r.Err)
	}
	return r.Created
}

// runtime returns init code that stores 7 at slot 1 and returns n bytes of
// runtime code (zeros, i.e. STOP), or the given runtime if non-nil.
func initCode(n int, runtime []byte) []byte {
	if runtime == nil {
		return asm(vm.PUSH1, 7, vm.PUSH1, 1, vm.SSTORE, vm.PUSH2, n>>8, n&0xff, vm.PUSH1, 0, vm.RETURN)
	}
	// CODECOPY the runtime appended after this 17-byte prefix.
	n = len(runtime)
	prefix := asm(vm.PUSH1, 7, vm.PUSH1, 1, vm.SSTORE, vm.PUSH1, n, vm.PUSH1, 17, vm.PUSH1, 0, vm.CODECOPY, vm.PUSH1, n, vm.PUSH1, 0, vm.RETURN)
	return append(prefix, runtime...)
}

func TestOversizedContractDeploys(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	addr := deploy(t, c, initCode(30_000, nil))
	if n := len(c.State().GetCode(addr)); n != 30_000 {
		t.Errorf("code size %d, want 30000", n)
	}
	if v := c.State().GetState(addr, common.BigToHash(common.Big1.SetInt64(1))); v != common.BigToHash(common.Big1.SetInt64(7)) {
		t.Errorf("constructor storage write lost: %x", v)
	}
	small := deploy(t, c, initCode(100, nil))
	if small == addr || len(c.State().GetCode(small)) != 100 {
		t.Errorf("second deployment at %x with %d bytes", small, len(c.State().GetCode(small)))
	}
}

func TestResetIsExact(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Runtime: SSTORE(0, CALLVALUE + SLOAD(0)); STOP.
	rt := asm(vm.PUSH1, 0, vm.SLOAD, vm.CALLVALUE, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP)
	addr := deploy(t, c, initCode(0, rt))
	base := c.Snapshot()
	slot := common.Hash{}
	for i := 0; i < 3; i++ {
		if r := c.Call(Tx{From: c.Senders()[0], To: addr, Value: uint256.NewInt(5)}); r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if got := c.State().GetState(addr, slot).Big().Int64(); got != 15 {
		t.Fatalf("slot 0 = %d after three calls, want 15", got)
	}
	c.Advance(10, 120)
	c.Reset(base)
	if got := c.State().GetState(addr, slot).Big().Int64(); got != 0 {
		t.Errorf("slot 0 = %d after reset, want 0", got)
	}
	if c.State().GetBalance(addr).Uint64() != 0 || c.Block != base.block {
		t.Errorf("balance %v, block %+v after reset", c.State().GetBalance(addr), c.Block)
	}
	// Probe leaves no trace.
	c.Probe(c.Senders()[0], addr, nil)
	if got := c.State().GetState(addr, slot).Big().Int64(); got != 0 {
		t.Errorf("probe changed state: %d", got)
	}
}

func TestInfiniteLoopEnds(t *testing.T) {
	loop := asm(vm.JUMPDEST, vm.PUSH1, 0, vm.JUMP)
	c, err := New(Config{GasLimit: 1_000_000}, nil)
	if err != nil {
		t.Fatal(err)
	}
	addr := deploy(t, c, initCode(0, loop))
	if r := c.Call(Tx{From: c.Senders()[0], To: addr}); !errors.Is(r.Err, vm.ErrOutOfGas) {
		t.Errorf("loop ended with %v, want out of gas", r.Err)
	}
	// The wall-clock guard cancels a transaction that runs too long, and
	// the chain keeps working afterwards.
	g, err := New(Config{GasLimit: 1 << 62}, nil)
	if err != nil {
		t.Fatal(err)
	}
	addr = deploy(t, g, initCode(0, loop))
	g.SetTxTimeout(time.Millisecond)
	r := g.Call(Tx{From: g.Senders()[0], To: addr})
	if !errors.Is(r.Err, ErrTxTimeout) || !r.TimedOut {
		t.Errorf("guarded loop ended with %v", r.Err)
	}
	// A generous guard again, so that a loaded machine cannot time out a
	// plain transfer.
	g.SetTxTimeout(time.Minute)
	if r := g.Call(Tx{From: g.Senders()[0], To: g.Senders()[1], Value: uint256.NewInt(1)}); r.Err != nil {
		t.Errorf("after a timeout: %v", r.Err)
	}
}

// TestNoWallClockOnLocalChain: a local chain's transactions are bounded
// by gas, not by a wall clock, so a loaded machine cannot cancel one and
// change a result (issue 69); a fork keeps its guard, since RPC reads are
// not bounded by gas.
func TestNoWallClockOnLocalChain(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.cfg.TxTimeout != 0 {
		t.Errorf("a local chain's wall-clock guard is %s, want none", c.cfg.TxTimeout)
	}
	c.startGuard()
	if c.guard != nil || c.stopGuard() {
		t.Error("a local chain armed a wall-clock guard")
	}
}
