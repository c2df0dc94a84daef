package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
)

// allocLoop counts calldataload(0) down to zero, comparing, branching,
// reading and writing storage on the way (the opcodes Step acts on), then
// logs: SLOAD 0, SSTORE 0, LT, JUMPI per round.
var allocLoop = []byte{
	byte(vm.PUSH1), 0, byte(vm.CALLDATALOAD), // n
	byte(vm.JUMPDEST), // 3
	byte(vm.PUSH1), 0, byte(vm.SLOAD), byte(vm.PUSH1), 1, byte(vm.ADD), byte(vm.PUSH1), 0, byte(vm.SSTORE),
	byte(vm.PUSH1), 1, byte(vm.SWAP1), byte(vm.SUB), // n-1
	byte(vm.DUP1), byte(vm.PUSH1), 0, byte(vm.LT), byte(vm.PUSH1), 3, byte(vm.JUMPI), // while 0 < n
	byte(vm.PUSH1), 7, byte(vm.PUSH1), 0, byte(vm.PUSH1), 0, byte(vm.LOG1),
	byte(vm.STOP),
}

// TestTracedCallAllocs checks that tracing a transaction (Step on every
// opcode, the enter and exit hooks) allocates nothing: a traced call
// allocates no more than the same call untraced. OnEnter's value of a
// call without ether is go-ethereum's shared zero, not a new big.Int
// (third_party/go-ethereum/FORESIGHT.md).
func TestTracedCallAllocs(t *testing.T) {
	to := common.HexToAddress("0x100000")
	run := func(traced bool) float64 {
		var tr *Tracer
		var ch *chain.Chain
		var err error
		if traced {
			// All user code: the JUMPDEST's runs are counted too (desthits.go).
			user := make([]bool, len(allocLoop))
			for i := range user {
				user[i] = true
			}
			tr = New([]*Code{NewCode(allocLoop, user)})
			ch, err = chain.New(chain.Config{}, tr.Hooks())
		} else {
			ch, err = chain.New(chain.Config{}, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		if traced {
			ch.SetOpHook(tr.Step)
			tr.Bind(to, 0)
		}
		ch.Install(to, allocLoop, nil)
		snap := ch.Snapshot()
		in := common.LeftPadBytes([]byte{50}, 32)
		var seen []uint8
		if tr != nil {
			seen = make([]uint8, tr.Edges())
		}
		call := func() {
			ch.Reset(snap)
			if tr != nil {
				tr.BeginTx()
			}
			if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: to, Input: in}); r.Err != nil {
				t.Fatal(r.Err)
			}
			if tr != nil {
				tr.MergeCoverage(seen) // the edges' and JUMPDESTs' totals
			}
		}
		for range 5 {
			call()
		}
		if tr != nil && !tr.Instr[0][len(allocLoop)-1] {
			t.Fatal("the tracer did not see the loop end")
		}
		return testing.AllocsPerRun(100, call)
	}
	plain, traced := run(false), run(true)
	t.Logf("%.1f allocations per untraced call, %.1f traced", plain, traced)
	if traced > plain {
		t.Errorf("a traced call allocates %.1f, %.1f more than untraced", traced, traced-plain)
	}
}
