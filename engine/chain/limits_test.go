package chain

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
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
		if tt.size > params.MaxCodeSize && tt.limit <= params.MaxCodeSize {
			// geth's own EIP-170 check refuses it first.
			if !errors.Is(r.Err, vm.ErrMaxCodeSizeExceeded) {
				t.Errorf("limit %d, %d bytes: %v, want EIP-170's error", tt.limit, tt.size, r.Err)
			}
		} else if !errors.Is(r.Err, ErrCodeSizeLimit) {
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
