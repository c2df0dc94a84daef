package finding

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
)

func panicData(code byte) []byte {
	d := make([]byte, 36)
	copy(d, []byte{0x4e, 0x48, 0x7b, 0x71})
	d[35] = code
	return d
}

func TestFailure(t *testing.T) {
	errString := append([]byte{0x08, 0xc3, 0x79, 0xa0}, make([]byte, 64)...)
	tests := []struct {
		name    string
		err     error
		ret     []byte
		invalid Kind
		want    Kind
		ok      bool
	}{
		{"success", nil, nil, "", "", false},
		{"assert 0.8", vm.ErrExecutionReverted, panicData(0x01), "", AssertFailure, true},
		{"overflow", vm.ErrExecutionReverted, panicData(0x11), "", "panic-0x11", true},
		{"require", vm.ErrExecutionReverted, errString, "", "", false},
		{"bare revert", vm.ErrExecutionReverted, nil, "", "", false},
		{"truncated panic", vm.ErrExecutionReverted, panicData(0x01)[:35], "", "", false},
		{"assert 0.4", &vm.ErrInvalidOpCode{}, nil, AssertFailure, AssertFailure, true},
		{"index out of bounds 0.4", &vm.ErrInvalidOpCode{}, nil, "panic-0x32", "panic-0x32", true},
		{"undefined opcode elsewhere", &vm.ErrInvalidOpCode{}, nil, "", "", false},
		{"out of gas", vm.ErrOutOfGas, nil, "", "", false},
	}
	for _, tt := range tests {
		got, ok := Failure(tt.err, tt.ret, tt.invalid)
		if got != tt.want || ok != tt.ok {
			t.Errorf("%s: Failure = %q, %v; want %q, %v", tt.name, got, ok, tt.want, tt.ok)
		}
	}
}
