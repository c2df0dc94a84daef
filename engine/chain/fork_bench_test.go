package chain

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// benchCode reads a slot, writes another and returns (a transaction a
// fuzzer runs on a reset state, many times).
var benchCode = asm(vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 1, vm.ADD, vm.PUSH1, 1, vm.SSTORE, vm.STOP)

// BenchmarkCallAfterReset is one transaction on a reset state, on a
// local chain and on a fork whose contract and slot come from the reader
// (once, then from the StateDB and the reader's cache): the execution rate
// fork mode keeps once the state is in memory.
func BenchmarkCallAfterReset(b *testing.B) {
	a := common.HexToAddress("0x00000000000000000000000000000000000a11ce")
	for _, forked := range []bool{false, true} {
		name := "local"
		if forked {
			name = "forked"
		}
		b.Run(name, func(b *testing.B) {
			cfg := Config{}
			if forked {
				r := &mapReader{code: map[common.Address][]byte{a: benchCode}, reads: map[string]int{},
					storage: map[common.Address]map[common.Hash]common.Hash{a: {{}: common.BigToHash(big.NewInt(42))}}}
				cfg.Fork = &Fork{Reader: r, ChainID: 1, Number: 100, Time: 1234, GasLimit: 30_000_000}
			}
			c, err := New(cfg, nil)
			if err != nil {
				b.Fatal(err)
			}
			if !forked {
				c.Install(a, benchCode, nil)
				c.SetStorage(a, common.Hash{}, common.BigToHash(big.NewInt(42)))
			}
			snap := c.Snapshot()
			tx := Tx{From: c.Senders()[0], To: a}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.Reset(snap)
				if r := c.Call(tx); r.Err != nil {
					b.Fatal(r.Err)
				}
			}
		})
	}
}
