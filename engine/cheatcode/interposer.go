package cheatcode

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
)

// interposer returns the code installed at a redirected call's host. It
// copies its calldata, calls target with it (CALL with value, or
// STATICCALL), asks the cheatcode contract for the verdict and returns or
// reverts with the verdict's data. It uses no PUSH0, so it runs on every
// fork since Byzantium (STATICCALL, RETURNDATACOPY).
func interposer(op vm.OpCode, target common.Address, value [32]byte) []byte {
	code := make([]byte, 0, 160)
	emit := func(parts ...any) {
		for _, p := range parts {
			switch x := p.(type) {
			case vm.OpCode:
				code = append(code, byte(x))
			case int:
				code = append(code, byte(x))
			case []byte:
				code = append(code, x...)
			}
		}
	}
	// mem[0:calldatasize] = calldata
	emit(vm.CALLDATASIZE, vm.PUSH1, 0, vm.PUSH1, 0, vm.CALLDATACOPY)
	// call(gas, target, value, 0, calldatasize, 0, 0); the result flag is
	// dropped: the hooks saw the outcome.
	emit(vm.PUSH1, 0, vm.PUSH1, 0, vm.CALLDATASIZE, vm.PUSH1, 0)
	if op == vm.CALL {
		emit(vm.PUSH32, value[:])
	}
	emit(vm.PUSH20, target.Bytes(), vm.GAS, op, vm.POP)
	// staticcall(gas, cheatcodes, 0, 4, 0, 0) with the verdict selector
	var word [32]byte
	copy(word[:], verdictSelector[:])
	emit(vm.PUSH32, word[:], vm.PUSH1, 0, vm.MSTORE)
	emit(vm.PUSH1, 0, vm.PUSH1, 0, vm.PUSH1, 4, vm.PUSH1, 0, vm.PUSH20, Address.Bytes(), vm.GAS, vm.STATICCALL)
	// return or revert with the verdict's data
	emit(vm.RETURNDATASIZE, vm.PUSH1, 0, vm.PUSH1, 0, vm.RETURNDATACOPY)
	ok := len(code) + 3 + 4 // PUSH1 dest JUMPI, then RETURNDATASIZE PUSH1 0 REVERT
	emit(vm.PUSH1, ok, vm.JUMPI, vm.RETURNDATASIZE, vm.PUSH1, 0, vm.REVERT)
	emit(vm.JUMPDEST, vm.RETURNDATASIZE, vm.PUSH1, 0, vm.RETURN)
	if code[ok] != byte(vm.JUMPDEST) {
		panic(fmt.Sprintf("interposer: jump destination %d is not JUMPDEST", ok))
	}
	return code
}

// describeMismatch says how revert data differed from the expected.
func describeMismatch(got, want []byte) string {
	g := fmt.Sprintf("0x%x", got)
	if msg, ok := decodeError(got); ok {
		g = fmt.Sprintf("%q", msg)
	}
	return fmt.Sprintf("call reverted with %s but 0x%x (%q) was expected", g, want, want)
}
