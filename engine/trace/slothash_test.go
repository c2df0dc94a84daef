package trace

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
)

// TestSlotHashes: a hash that only addresses storage in its block (a
// mapping read, a += on it, an array element) is a slot; one masked and
// compared, stored as a value, or alive when its block ends is not.
func TestSlotHashes(t *testing.T) {
	k := byte(vm.KECCAK256)
	for _, tt := range []struct {
		name string
		code []byte
		want bool
	}{
		{"read", []byte{k, byte(vm.SLOAD), byte(vm.STOP)}, true},
		{"add to", []byte{k, byte(vm.DUP1), byte(vm.SLOAD), byte(vm.PUSH1), 1, byte(vm.ADD), byte(vm.SWAP1), byte(vm.SSTORE), byte(vm.STOP)}, true},
		{"element", []byte{k, byte(vm.PUSH1), 1, byte(vm.ADD), byte(vm.SLOAD), byte(vm.STOP)}, true},
		{"byte compared", []byte{k, byte(vm.PUSH1), 0xff, byte(vm.AND), byte(vm.PUSH1), 27, byte(vm.EQ), byte(vm.PUSH1), 0, byte(vm.JUMPI)}, false},
		{"stored", []byte{k, byte(vm.PUSH1), 0, byte(vm.SSTORE), byte(vm.STOP)}, false},
		{"alive at jump", []byte{k, byte(vm.DUP1), byte(vm.SLOAD), byte(vm.SWAP1), byte(vm.JUMP)}, false},
	} {
		got := slotHashes(tt.code)
		if (got != nil && got[0]) != tt.want {
			t.Errorf("%s: slot %v, want %v", tt.name, got != nil && got[0], tt.want)
		}
	}
}
