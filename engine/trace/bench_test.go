package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
)

// benchLoop counts calldataload(0) down to zero (while (w != 0) w--, as
// LookaheadBar's loops), under a comparison result left on the stack
// below, which keeps a comparison record alive all along.
var benchLoop = []byte{
	byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD), byte(vm.PUSH1), 5, byte(vm.EQ), // live comparison
	byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD), // w
	byte(vm.JUMPDEST),                               // 9
	byte(vm.PUSH1), 1, byte(vm.SWAP1), byte(vm.SUB), // w-1
	byte(vm.DUP1), byte(vm.ISZERO), byte(vm.ISZERO), byte(vm.PUSH1), 9, byte(vm.JUMPI), // while w != 0
	byte(vm.STOP),
}

// BenchmarkTracedLoop runs benchLoop for 200 rounds (about 2,000 opcodes)
// with and without the tracer: the difference is the per-opcode cost of
// Step and the comparison records.
func BenchmarkTracedLoop(b *testing.B) {
	for _, traced := range []bool{false, true} {
		name := "untraced"
		if traced {
			name = "traced"
		}
		b.Run(name, func(b *testing.B) {
			to := common.HexToAddress("0x100000")
			var tr *Tracer
			var hooks *tracing.Hooks
			if traced {
				tr = New([]*Code{NewCode(benchLoop, nil)})
				hooks = tr.Hooks()
			}
			ch, err := chain.New(chain.Config{}, hooks)
			if err != nil {
				b.Fatal(err)
			}
			if traced {
				ch.SetOpHook(tr.Step)
				tr.Bind(to, 0)
			}
			ch.Install(to, benchLoop, nil)
			snap := ch.Snapshot()
			in := common.LeftPadBytes([]byte{200}, 32)
			b.ReportAllocs()
			for b.Loop() {
				ch.Reset(snap)
				if tr != nil {
					tr.BeginTx()
				}
				if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: to, Input: in}); r.Err != nil {
					b.Fatal(r.Err)
				}
			}
		})
	}
}
