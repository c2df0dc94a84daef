package program

import (
	"testing"

	"github.com/ethereum/go-ethereum/core/vm"
)

// TestCodeHas checks that push data and solc's metadata tail are not read
// as instructions, and that the code before them is.
func TestCodeHas(t *testing.T) {
	isCall := func(op vm.OpCode) bool { return op == vm.CALL }
	meta := []byte{0xa1, 0xf1, 0x00, 0x02} // a one-byte CBOR map holding 0xf1, its length 2
	for _, tt := range []struct {
		name string
		code []byte
		want bool
	}{
		{"call", []byte{0x60, 0x00, 0xf1}, true},
		{"push data", []byte{0x60, 0xf1, 0x00}, false},
		{"metadata", append([]byte{0x00}, meta...), false},
		{"call before metadata", append([]byte{0xf1}, meta...), true},
		{"no map where the length points", []byte{0x00, 0xf1, 0x00, 0x02}, true},
	} {
		if got := CodeHas(tt.code, isCall); got != tt.want {
			t.Errorf("%s: CodeHas(%x) = %v, want %v", tt.name, tt.code, got, tt.want)
		}
	}
}
