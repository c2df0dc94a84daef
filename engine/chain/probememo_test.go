package chain

import (
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/holiman/uint256"
)

// countingPrecompile answers with the number of times it ran.
type countingPrecompile struct{ runs int }

func (p *countingPrecompile) RequiredGas([]byte) uint64 { return 0 }
func (p *countingPrecompile) Name() string              { return "COUNTING" }
func (p *countingPrecompile) Run([]byte) ([]byte, error) {
	p.runs++
	return []byte{byte(p.runs)}, nil
}

// statefulPrecompile is a Stateful one: calls with input 1 are pure, and
// busy makes it not idle.
type statefulPrecompile struct {
	countingPrecompile
	busy bool
}

func (p *statefulPrecompile) Idle() bool             { return !p.busy }
func (p *statefulPrecompile) Pure(input []byte) bool { return len(input) == 1 && input[0] == 1 }

// TestProbeMemo checks when a probe is answered from memory: only when
// nothing it could observe changed since the same probe ran on the same
// content (a failed transaction, one that wrote nothing or wrote a slot's
// own value), and never after a write, another block, a write through
// State(), or a call to an installed precompile, whose state the chain
// does not see.
func TestProbeMemo(t *testing.T) {
	c, err := New(Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	ops := 0
	c.SetOpHook(func(uint64, vm.OpCode, *vm.ScopeContext, int) { ops++ })
	// No calldata: SSTORE(0, SLOAD(0)+1). Calldata: return SLOAD(0).
	counter := deploy(t, c, initCode(0, asm(vm.CALLDATASIZE, vm.PUSH1, 14, vm.JUMPI,
		vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP,
		vm.JUMPDEST, vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
	// Writes its slot 0, then reverts.
	reverter := deploy(t, c, initCode(0, asm(vm.PUSH1, 5, vm.PUSH1, 0, vm.SSTORE, vm.PUSH1, 0, vm.DUP1, vm.REVERT)))
	// Writes slot 0's own value back.
	same := deploy(t, c, initCode(0, asm(vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.SSTORE, vm.STOP)))
	// Writes 5 to its own slot 0.
	writer := deploy(t, c, initCode(0, asm(vm.PUSH1, 5, vm.PUSH1, 0, vm.SSTORE, vm.STOP)))
	// Returns its balance.
	purse := deploy(t, c, initCode(0, asm(vm.SELFBALANCE, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
	// Returns the block's timestamp.
	clock := deploy(t, c, initCode(0, asm(vm.TIMESTAMP, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
	counting := &countingPrecompile{}
	pre := common.HexToAddress("0x7109709ECfa91a80626fF3989D68f67F5b1DD12D")
	c.InstallPrecompile(pre, counting)
	stateful := &statefulPrecompile{}
	pure := common.HexToAddress("0x00000000000000000000000000000000000f00d1")
	c.InstallPrecompile(pure, stateful)
	base := c.Snapshot()
	from := c.Senders()[0]

	// probe returns the counter's value and whether the probe ran code.
	probe := func(to common.Address) (byte, bool) {
		t.Helper()
		before := ops
		r := c.Probe(from, to, []byte{1})
		if r.Err != nil || len(r.Ret) == 0 {
			t.Fatalf("probe: %x, %v", r.Ret, r.Err)
		}
		return r.Ret[len(r.Ret)-1], ops != before
	}
	pay := func(to common.Address, value uint64, wantErr bool) {
		t.Helper()
		if r := c.Call(Tx{From: from, To: to, Value: uint256.NewInt(value)}); (r.Err != nil) != wantErr {
			t.Fatalf("call %s: %v", to, r.Err)
		}
	}
	call := func(to common.Address, wantErr bool) { t.Helper(); pay(to, 0, wantErr) }
	step := func(name string, gotV byte, ran bool, wantV byte, wantRan bool) {
		t.Helper()
		if gotV != wantV || ran != wantRan {
			t.Fatalf("%s: probe returned %d (ran code: %v), want %d (ran code: %v)", name, gotV, ran, wantV, wantRan)
		}
	}

	c.Reset(base)
	v, ran := probe(counter)
	step("first probe of the snapshot", v, ran, 0, true)
	// Transactions that leave the counter's slot as it was: its answer
	// on the snapshot stands.
	for _, tc := range []struct {
		name string
		run  func()
	}{
		{"after a reverted write", func() { call(reverter, true) }},
		{"after writing a slot's own value", func() { call(same, false) }},
		{"after a write to another contract", func() { call(writer, false) }},
		{"after ether moved to another contract", func() { pay(same, 3, false) }},
	} {
		c.Reset(base)
		tc.run()
		v, ran = probe(counter)
		step(tc.name, v, ran, 0, false)
	}
	b0, ran := probe(purse)
	step("the purse, first probe", b0, ran, 0, true)
	pay(purse, 3, false)
	b1, ran := probe(purse)
	step("the purse after it was paid", b1, ran, 3, true)
	c.Reset(base)
	call(counter, false)
	v, ran = probe(counter)
	step("after a write", v, ran, 1, true)
	v, ran = probe(counter)
	step("again on the written state", v, ran, 1, false)

	// A sequence: the chain owns its state after the first transaction.
	c.ResetFor(base, 3)
	call(counter, false)
	v, ran = probe(counter)
	step("sequence, first write", v, ran, 1, true)
	call(reverter, true)
	v, ran = probe(counter)
	step("sequence, after a reverted write", v, ran, 1, false)
	call(counter, false)
	v, ran = probe(counter)
	step("sequence, second write", v, ran, 2, true)
	c.State().SetState(counter, common.Hash{}, common.BytesToHash([]byte{9}))
	v, ran = probe(counter)
	step("after a write through State", v, ran, 9, true)

	// The block is part of what a probe sees.
	c.Reset(base)
	t0, _ := probe(clock)
	c.Advance(1, 7)
	t1, ran := probe(clock)
	step("the clock after a block", t1, ran, t0+7, true)
	v, ran = probe(counter)
	step("the counter, which reads no block, after a block", v, ran, 0, false)

	// An installed precompile is run every time.
	c.Reset(base)
	n1, _ := probe(pre)
	n2, _ := probe(pre)
	if n1 != 1 || n2 != 2 {
		t.Fatalf("the installed precompile answered %d then %d: a probe of it was remembered", n1, n2)
	}

	// A Stateful precompile's pure calls are remembered, until it is busy:
	// then no probe is, as its state may change any call.
	c.Reset(base)
	n1, _ = probe(pure)
	n2, _ = probe(pure)
	if n1 != 1 || n2 != 1 {
		t.Fatalf("a pure call answered %d then %d: it was not remembered", n1, n2)
	}
	stateful.busy = true
	_, ran = probe(counter)
	step("the counter while a precompile is busy", 0, ran, 0, true)
	stateful.busy = false

	// The snapshot's memo outlives the sequences run on it.
	c.Reset(base)
	v, ran = probe(counter)
	step("the snapshot again", v, ran, 0, false)

	// A snapshot taken on a written state keeps the probes that stand,
	// in buffers of its own.
	c.ResetFor(base, 2)
	call(counter, false)
	probe(counter)
	call(counter, false)
	v, _ = probe(counter)
	step("before the second snapshot", v, true, 2, true)
	two := c.Snapshot()
	call(counter, false)
	v, ran = probe(counter) // the chain's own memo again, over the copied entry's old buffers
	step("after the second snapshot", v, ran, 3, true)
	c.Reset(two)
	v, ran = probe(counter)
	step("the second snapshot", v, ran, 2, false)
}

// BenchmarkTxThenProbe prices a transaction and an invariant probe after
// it, the property oracle's work per transaction, where the memo cannot
// help (the transaction writes the slot the probe reads: "written") and
// where it can (the transaction reverts: "reverted"). Run in an older
// tree too, it prices the memo's bookkeeping against none:
//
//	go test -run XXX -bench TxThenProbe -count 6 ./engine/chain
func BenchmarkTxThenProbe(b *testing.B) {
	c, err := New(Config{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	// No calldata: SSTORE(0, SLOAD(0)+1). Calldata: return SLOAD(0).
	counter := c.Call(Tx{From: Deployer, Input: initCode(0, asm(vm.CALLDATASIZE, vm.PUSH1, 14, vm.JUMPI,
		vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 0, vm.SSTORE, vm.STOP,
		vm.JUMPDEST, vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN))}).Created
	reverter := c.Call(Tx{From: Deployer, Input: initCode(0, asm(vm.PUSH1, 5, vm.PUSH1, 0, vm.SSTORE, vm.PUSH1, 0, vm.DUP1, vm.REVERT))}).Created
	base := c.Snapshot()
	from := c.Senders()[0]
	for _, bc := range []struct {
		name string
		to   common.Address
	}{{"written", counter}, {"reverted", reverter}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				c.Reset(base)
				c.Call(Tx{From: from, To: bc.to})
				if r := c.Probe(from, counter, []byte{1}); r.Err != nil {
					b.Fatal(r.Err)
				}
			}
		})
	}
}

// TestProbeMemoAfterTimeout checks a transaction the wall-clock guard
// cancelled: go-ethereum stops it as at a STOP, so what it wrote before
// stays, and a probe must see it; the snapshot's answer must not take it.
func TestProbeMemoAfterTimeout(t *testing.T) {
	c, err := New(Config{TxTimeout: 20 * time.Millisecond}, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Calldata: return SLOAD(0). None: SSTORE(0, 1), then loop forever.
	looper := deploy(t, c, initCode(0, asm(vm.CALLDATASIZE, vm.PUSH1, 13, vm.JUMPI,
		vm.PUSH1, 1, vm.PUSH1, 0, vm.SSTORE,
		vm.JUMPDEST, vm.PUSH1, 9, vm.JUMP,
		vm.JUMPDEST, vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
	base := c.Snapshot()
	from := c.Senders()[0]
	probe := func(name string, want byte) {
		t.Helper()
		r := c.Probe(from, looper, []byte{1})
		if r.Err != nil || len(r.Ret) != 32 || r.Ret[31] != want {
			t.Fatalf("%s: probe returned %x, %v; want %d", name, r.Ret, r.Err, want)
		}
	}
	for _, seq := range []int{1, 2} { // borrowed, then owned
		c.ResetFor(base, seq)
		probe("before", 0)
		// All the gas there is: the guard, not the gas, must end it.
		if r := c.Call(Tx{From: from, To: looper, Gas: 1 << 62}); !r.TimedOut {
			t.Fatalf("the loop ended without the guard: %v", r.Err)
		}
		probe("after the cancelled write", 1)
		c.Reset(base)
		probe("the snapshot again", 0)
	}
}
