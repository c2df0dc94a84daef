package chain

import (
	"math/big"
	"sync"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

// mapReader is a forked chain's state for the unit tests (engine/fork's
// Source reads a node; cmd/foresight's anvil test runs that end to end).
// It counts the reads that reach it.
type mapReader struct {
	mu       sync.Mutex
	code     map[common.Address][]byte
	storage  map[common.Address]map[common.Hash]common.Hash
	balances map[common.Address]uint64
	reads    map[string]int
}

func (r *mapReader) count(k string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.reads[k]++
}

func (r *mapReader) Account(a common.Address) (*types.StateAccount, error) {
	r.count("account " + a.Hex())
	code, bal := r.code[a], r.balances[a]
	if code == nil && bal == 0 {
		return nil, nil
	}
	acc := &types.StateAccount{Balance: uint256.NewInt(bal), Root: types.EmptyRootHash, CodeHash: types.EmptyCodeHash.Bytes()}
	if code != nil {
		acc.Nonce, acc.CodeHash = 1, crypto.Keccak256(code)
	}
	return acc, nil
}

func (r *mapReader) Storage(a common.Address, k common.Hash) (common.Hash, error) {
	r.count("storage " + a.Hex() + k.Hex())
	return r.storage[a][k], nil
}

func (r *mapReader) Code(a common.Address, _ common.Hash) []byte { return r.code[a] }
func (r *mapReader) Has(a common.Address, _ common.Hash) bool    { return r.code[a] != nil }
func (r *mapReader) CodeSize(a common.Address, _ common.Hash) int {
	return len(r.code[a])
}

// TestForkReadsTheForkedState runs a contract that exists only on the
// fork: its storage, the fork block's environment, a local write of zero
// over a forked non-zero slot (which must not fall back to the fork, even
// past the point where a local chain commits), and resets.
func TestForkReadsTheForkedState(t *testing.T) {
	a := common.HexToAddress("0x00000000000000000000000000000000000a11ce")
	// With calldata: SSTORE(0, 0). Without: return SLOAD(0), CHAINID,
	// NUMBER, COINBASE, BASEFEE.
	code := asm(vm.CALLDATASIZE, vm.ISZERO, vm.PUSH1, 0x0b, vm.JUMPI, vm.PUSH1, 0, vm.PUSH1, 0, vm.SSTORE, vm.STOP, vm.JUMPDEST,
		vm.PUSH1, 0, vm.SLOAD, vm.PUSH1, 0, vm.MSTORE, vm.CHAINID, vm.PUSH1, 0x20, vm.MSTORE, vm.NUMBER, vm.PUSH1, 0x40, vm.MSTORE,
		vm.COINBASE, vm.PUSH1, 0x60, vm.MSTORE, vm.BASEFEE, vm.PUSH1, 0x80, vm.MSTORE, vm.PUSH1, 0xa0, vm.PUSH1, 0, vm.RETURN)
	r := &mapReader{code: map[common.Address][]byte{a: code}, reads: map[string]int{},
		storage:  map[common.Address]map[common.Hash]common.Hash{a: {{}: common.BigToHash(big.NewInt(42))}},
		balances: map[common.Address]uint64{a: 5}}
	cb := common.HexToAddress("0x00000000000000000000000000000000000000cb")
	c, err := New(Config{Fork: &Fork{Reader: r, ChainID: 4242, Number: 100, Time: 1234, BaseFee: big.NewInt(7), Coinbase: cb, GasLimit: 31_000_000}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Block.Number != 100 || c.Block.Time != 1234 || c.evm.Context.GasLimit != 31_000_000 {
		t.Fatalf("block %+v, gas limit %d", c.Block, c.evm.Context.GasLimit)
	}
	read := func() []common.Hash {
		t.Helper()
		res := c.Call(Tx{From: c.Senders()[0], To: a})
		if res.Err != nil || len(res.Ret) != 0xa0 {
			t.Fatalf("call: %v, %x", res.Err, res.Ret)
		}
		var out []common.Hash
		for i := 0; i < 5; i++ {
			out = append(out, common.BytesToHash(res.Ret[32*i:32*i+32]))
		}
		return out
	}
	got := read()
	want := []common.Hash{common.BigToHash(big.NewInt(42)), common.BigToHash(big.NewInt(4242)), common.BigToHash(big.NewInt(100)),
		common.BytesToHash(cb[:]), common.BigToHash(big.NewInt(7))}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("word %d: %x, want %x", i, got[i], want[i])
		}
	}
	base := c.Snapshot()
	// Enough installed accounts that a local chain would commit.
	for i := 0; i < 2*commitEvery; i++ {
		c.Install(common.BigToAddress(big.NewInt(int64(0xbeef00+i))), []byte{0}, nil)
	}
	if res := c.Call(Tx{From: c.Senders()[0], To: a, Input: []byte{1}}); res.Err != nil {
		t.Fatal(res.Err)
	}
	zeroed := c.Snapshot()
	if v := read()[0]; v != (common.Hash{}) {
		t.Errorf("slot 0 after a local write of zero: %x, want 0 (not the fork's 42)", v)
	}
	for i := 0; i < refreshEvery+3; i++ {
		c.Reset(base)
		if v := read()[0]; v.Big().Int64() != 42 {
			t.Fatalf("reset %d to the first snapshot: slot 0 is %x", i, v)
		}
		c.Reset(zeroed)
		if v := read()[0]; v != (common.Hash{}) {
			t.Fatalf("reset %d to the snapshot after the write: slot 0 is %x", i, v)
		}
	}
	if n := r.reads["account "+a.Hex()]; n != 1 {
		t.Errorf("the forked account was read %d times from the fork, want 1", n)
	}
	if c.committed || c.commitErr != errForked {
		t.Errorf("a forked chain committed (%v, %v)", c.committed, c.commitErr)
	}
	if addr, ok := c.Forked("X"); ok || addr != (common.Address{}) {
		t.Error("Forked names a contract not configured")
	}
}

type noForks struct{}

func (noForks) Fork(string, uint64) (*Fork, error) { return nil, nil }

// TestForkGuardOnlyOnceForked: a chain that may fork (a Foundry set-up's
// chain, which every campaign from a test folder gets) has no wall-clock
// guard until a fork is selected; a set-up's long loop on the local chain
// ran into the fork's 10 s guard on a loaded machine ("setUp() reverted:
// transaction exceeded its wall-clock limit").
func TestForkGuardOnlyOnceForked(t *testing.T) {
	c, err := New(Config{Forks: noForks{}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.cfg.TxTimeout != 0 {
		t.Fatalf("a chain that has not forked has a wall-clock guard of %v", c.cfg.TxTimeout)
	}
	r := &mapReader{code: map[common.Address][]byte{}, reads: map[string]int{}}
	if err := c.SelectFork(&Fork{Reader: r, ChainID: 1, Number: 5, Time: 10}, nil); err != nil {
		t.Fatal(err)
	}
	defer c.stopGuard()
	if c.cfg.TxTimeout != ForkTxTimeout || c.guard == nil {
		t.Fatalf("after selecting a fork: guard %v armed %v, want %v armed", c.cfg.TxTimeout, c.guard != nil, ForkTxTimeout)
	}
	f, err := New(Config{Fork: &Fork{Reader: r, ChainID: 1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f.cfg.TxTimeout != ForkTxTimeout {
		t.Fatalf("a forked chain's guard is %v, want %v", f.cfg.TxTimeout, ForkTxTimeout)
	}
}
