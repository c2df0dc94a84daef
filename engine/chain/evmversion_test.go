package chain

import (
	"errors"
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
)

// TestEVMVersionRules runs an opcode introduced by a fork on the chains of
// the versions around it: invalid before, valid from it on.
func TestEVMVersionRules(t *testing.T) {
	push0 := asm(vm.PUSH0, vm.STOP)
	tstore := asm(vm.PUSH1, 1, vm.PUSH1, 0, vm.TSTORE, vm.STOP)
	mcopy := asm(vm.PUSH1, 0, vm.PUSH1, 0, vm.PUSH1, 0, vm.MCOPY, vm.STOP)
	for _, tt := range []struct {
		version string
		code    []byte
		valid   bool
	}{
		{"paris", push0, false},
		{"shanghai", push0, true},
		{"shanghai", tstore, false},
		{"cancun", tstore, true},
		{"paris", mcopy, false},
		{"cancun", mcopy, true},
		{"", tstore, true},
		{"berlin", asm(vm.BASEFEE, vm.STOP), false},
		{"london", asm(vm.BASEFEE, vm.STOP), true},
	} {
		c, err := New(Config{EVMVersion: tt.version}, nil)
		if err != nil {
			t.Fatal(err)
		}
		addr := deploy(t, c, initCode(0, tt.code))
		r := c.Call(Tx{From: c.Senders()[0], To: addr})
		var invalid *vm.ErrInvalidOpCode
		if got := !errors.As(r.Err, &invalid); got != tt.valid || (tt.valid && r.Err != nil) {
			t.Errorf("%q: code %x ended with %v, want valid=%v", tt.version, tt.code, r.Err, tt.valid)
		}
	}
	if _, err := New(Config{EVMVersion: "parix"}, nil); !errors.Is(err, ErrEVMVersion) {
		t.Errorf("unknown version: %v", err)
	}
}
