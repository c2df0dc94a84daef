package program

import "github.com/ethereum/go-ethereum/core/vm"

// WithoutMetadata is code without the CBOR metadata solc appends (its
// length in the last two bytes, a map's first byte where it starts): the
// metadata hash is no instruction, and it changes with paths and compiler
// settings.
func WithoutMetadata(code []byte) []byte {
	if n := len(code); n >= 2 {
		if m := int(code[n-2])<<8 | int(code[n-1]); m > 0 && m+2 <= n && code[n-2-m]&0xe0 == 0xa0 { // CBOR major type 5: a map
			return code[:n-2-m]
		}
	}
	return code
}

// CodeHas reports whether code, its metadata left out, has an instruction
// for which is reports true; push data is skipped, so it errs towards
// true only where data follows the code.
func CodeHas(code []byte, is func(vm.OpCode) bool) bool {
	code = WithoutMetadata(code)
	for pc := 0; pc < len(code); pc++ {
		switch op := vm.OpCode(code[pc]); {
		case op >= vm.PUSH1 && op <= vm.PUSH32:
			pc += int(op - vm.PUSH0)
		case is(op):
			return true
		}
	}
	return false
}
