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
// campaign runs in), against the same inner hook alone.
func BenchmarkHookOverhead(b *testing.B) {
	var n int
	inner := &tracing.Hooks{OnOpcode: func(uint64, byte, uint64, uint64, tracing.OpContext, []byte, int, error) { n++ }}
	for _, bb := range []struct {
		name  string
		hooks func() (*tracing.Hooks, *Cheats)
	}{
		{"inner", func() (*tracing.Hooks, *Cheats) { return inner, nil }},
		{"cheats+inner", func() (*tracing.Hooks, *Cheats) { c := New(); return c.Hooks(inner), c }},
	} {
		b.Run(bb.name, func(b *testing.B) {
			h, c := bb.hooks()
			ch, err := chain.New(chain.Config{}, h)
			if err != nil {
				b.Fatal(err)
			}
			if c != nil {
				c.Attach(ch)
			}
			to := common.HexToAddress("0x100000")
			ch.Install(to, loop, nil)
			b.ReportAllocs()
			for b.Loop() {
				if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: to}); r.Err != nil {
					b.Fatal(r.Err)
				}
			}
		})
	}
	if n == 0 {
		b.Fatal("no opcode traced")
	}
}
