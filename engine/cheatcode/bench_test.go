package cheatcode

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
)

// loop is runtime code counting 1000 down to 0: about 6,000 opcodes.
var loop = []byte{
	byte(vm.PUSH2), 0x03, 0xe8, // 0: 1000
	byte(vm.JUMPDEST),                               // 3
	byte(vm.PUSH1), 1, byte(vm.SWAP1), byte(vm.SUB), // n-1
	byte(vm.DUP1), byte(vm.PUSH1), 3, byte(vm.JUMPI), // while n != 0
	byte(vm.STOP),
}

// BenchmarkHookOverhead measures what the cheatcodes' hooks add to every
// opcode while no prank, expectation or recording is armed (the state a
// campaign runs in), against the same inner hook alone: a tracer's
// OnOpcode (inner, table loop) and a chain OpHook (step, fast loop, where
// the cheatcodes wrap the tracer's Step as in a campaign). cpu-ns/op is
// the process's CPU time per call, which other load does not inflate.
func BenchmarkHookOverhead(b *testing.B) {
	var n int
	inner := &tracing.Hooks{OnOpcode: func(uint64, byte, uint64, uint64, tracing.OpContext, []byte, int, error) { n++ }}
	step := func(uint64, vm.OpCode, *vm.ScopeContext, int) { n++ }
	for _, bb := range []struct {
		name  string
		hooks func() (*tracing.Hooks, *Cheats)
		step  vm.OpHook
	}{
		{"inner", func() (*tracing.Hooks, *Cheats) { return inner, nil }, nil},
		{"cheats+inner", func() (*tracing.Hooks, *Cheats) { c := New(); return c.Hooks(inner), c }, nil},
		{"step", func() (*tracing.Hooks, *Cheats) { return nil, nil }, step},
		{"cheats+step", func() (*tracing.Hooks, *Cheats) { c := New(); return c.Hooks(nil), c }, step},
	} {
		b.Run(bb.name, func(b *testing.B) {
			h, c := bb.hooks()
			ch, err := chain.New(chain.Config{}, h)
			if err != nil {
				b.Fatal(err)
			}
			ch.SetOpHook(bb.step)
			if c != nil {
				c.Attach(ch)
			}
			to := common.HexToAddress("0x100000")
			ch.Install(to, loop, nil)
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: to}); r.Err != nil {
					b.Fatal(r.Err)
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu).Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
	if n == 0 {
		b.Fatal("no opcode traced")
	}
}
