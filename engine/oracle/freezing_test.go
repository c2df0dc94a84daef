package oracle

import "testing"

// TestCanSendEtherSkipsMetadata checks that the bytes of solc's metadata
// trailer are not read as instructions: a CALL byte in the hash must not
// make code that cannot send ether look as if it could.
func TestCanSendEtherSkipsMetadata(t *testing.T) {
	body := []byte{0x60, 0x01, 0x00}         // PUSH1 1, STOP
	meta := []byte{0xa1, 0x41, byte(0xf1)}   // a CBOR map whose bytes hold 0xf1 (CALL)
	trailer := []byte{0x00, byte(len(meta))} // its length, big-endian
	for _, tt := range []struct {
		name string
		code []byte
		want bool
	}{
		{"metadata hides CALL", append(append(append([]byte{}, body...), meta...), trailer...), false},
		{"CALL in the code", append(append(append([]byte{0xf1}, body...), meta...), trailer...), true},
		{"no metadata", []byte{0x60, 0xf1, 0x00}, false},
		{"CALL without metadata", []byte{0x00, 0xf1}, true},
	} {
		if got := canSendEther(tt.code); got != tt.want {
			t.Errorf("%s: canSendEther(%x) = %v, want %v", tt.name, tt.code, got, tt.want)
		}
	}
}
