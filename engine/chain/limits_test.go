package chain

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"
)

// TestCodeSizeLimit: a project's code_size_limit refuses deployments whose
// runtime code exceeds it, below EIP-170's 24,576 bytes and above, and
// leaves nothing of them behind; code within it deploys.
func TestCodeSizeLimit(t *testing.T) {
	for _, tt := range []struct {
		limit uint64
		size  int
		ok    bool
	}{
		{limit: 50, size: 100, ok: false},
		{limit: 100, size: 100, ok: true},
		{limit: 40_000, size: 30_000, ok: true},
		{limit: 40_000, size: 41_000, ok: false},
		{limit: 24_576, size: 30_000, ok: false},
	} {
		c, err := New(Config{CodeSizeLimit: tt.limit}, nil)
		if err != nil {
			t.Fatal(err)
		}
		nonce := c.State().GetNonce(Deployer)
		r := c.Call(Tx{From: Deployer, Input: initCode(tt.size, nil)})
		if tt.ok {
			if r.Err != nil || len(c.State().GetCode(r.Created)) != tt.size {
				t.Errorf("limit %d, %d bytes: %v, code %d bytes; want it deployed", tt.limit, tt.size, r.Err, len(c.State().GetCode(r.Created)))
			}
			continue
		}
		if r.Err == nil {
			t.Errorf("limit %d, %d bytes: deployed, want an error", tt.limit, tt.size)
			continue
		}
		if !errors.Is(r.Err, ErrCodeSizeLimit) {
			t.Errorf("limit %d, %d bytes: %v, want ErrCodeSizeLimit", tt.limit, tt.size, r.Err)
		}
		addr := crypto.CreateAddress(Deployer, nonce)
		if len(c.State().GetCode(addr)) != 0 || c.State().GetState(addr, common.BigToHash(common.Big1)) != (common.Hash{}) {
			t.Errorf("limit %d, %d bytes: the refused deployment left code or storage at %x", tt.limit, tt.size, addr)
		}
	}
}

// TestBlockGasLimit: GASLIMIT answers the configured block gas limit.
func TestBlockGasLimit(t *testing.T) {
	for _, tt := range []struct{ set, want uint64 }{{0, DefaultBlockGasLimit}, {50_000_000, 50_000_000}} {
		c, err := New(Config{BlockGasLimit: tt.set}, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Runtime: GASLIMIT, MSTORE at 0, RETURN 32 bytes.
		addr := deploy(t, c, initCode(0, asm(vm.GASLIMIT, vm.PUSH1, 0, vm.MSTORE, vm.PUSH1, 32, vm.PUSH1, 0, vm.RETURN)))
		r := c.Call(Tx{From: Deployer, To: addr})
		if r.Err != nil {
			t.Fatal(r.Err)
		}
		if got := new(uint256.Int).SetBytes(r.Ret); got.Uint64() != tt.want {
			t.Errorf("block gas limit set to %d: GASLIMIT = %d, want %d", tt.set, got, tt.want)
		}
	}
}

// TestNestedOversizedCreate: a contract whose constructor CREATEs code over
// EIP-170's 24,576 bytes deploys it, as forge's tests do (a Foundry
// setUp() that does `new` on a big contract), and a project's
// code_size_limit holds at that depth too.
func TestNestedOversizedCreate(t *testing.T) {
	inner := initCode(30_000, nil)
	// Outer runtime: copy the inner init code (appended after this
	// prefix) to memory, CREATE it, store the address at slot 0.
	n := len(inner)
	const prefixLen = 20
	runtime := asm(vm.PUSH2, n>>8, n&0xff, vm.PUSH1, prefixLen, vm.PUSH1, 0, vm.CODECOPY,
		vm.PUSH2, n>>8, n&0xff, vm.PUSH1, 0, vm.PUSH1, 0, vm.CREATE,
		vm.PUSH1, 0, vm.SSTORE, vm.STOP)
	if len(runtime) != prefixLen {
		t.Fatalf("prefix is %d bytes, want %d", len(runtime), prefixLen)
	}
	runtime = append(runtime, inner...)
	for _, tt := range []struct {
		limit uint64
		ok    bool
	}{{0, true}, {40_000, true}, {24_576, false}} {
		c, err := New(Config{CodeSizeLimit: tt.limit}, nil)
		if err != nil {
			t.Fatal(err)
		}
		factory := deploy(t, c, initCode(0, runtime))
		if r := c.Call(Tx{From: Deployer, To: factory}); r.Err != nil {
			t.Fatalf("limit %d: call: %v", tt.limit, r.Err)
		}
		created := common.BytesToAddress(c.State().GetState(factory, common.Hash{}).Bytes())
		if got := len(c.State().GetCode(created)); tt.ok && (created == (common.Address{}) || got != 30_000) {
			t.Errorf("limit %d: CREATE gave %x with %d bytes, want 30000 bytes", tt.limit, created, got)
		} else if !tt.ok && created != (common.Address{}) {
			t.Errorf("limit %d: CREATE of 30000 bytes succeeded at %x, want it refused", tt.limit, created)
		}
	}
}
