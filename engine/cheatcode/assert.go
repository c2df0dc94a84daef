package cheatcode

import (
	"bytes"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// forge-std's assertions (StdAssertions since v1.8) are cheatcodes:
// vm.assertEq(uint256,uint256) and so on. A failed one reverts with
// Error(string), "assertion failed: 1 != 2" or "<err>: 1 != 2", as forge.

// assertTypes are the types assertEq and assertNotEq take.
var assertTypes = []string{"uint256", "int256", "address", "bytes32", "bool", "string", "bytes"}

// orderTypes are the types assertLt, assertGt, assertLe and assertGe take.
var orderTypes = []string{"uint256", "int256"}

// assertion signatures, generated with and without the trailing message.
func assertions() []cheatEntry {
	var out []cheatEntry
	add := func(sig string, run func(*Cheats, []any) ([]any, error)) {
		out = append(out, cheatEntry{sig: sig, run: run})
	}
	for _, t := range assertTypes {
		for _, suffix := range []string{"", ",string"} {
			add("assertEq("+t+","+t+suffix+")", compare("!=", func(c int) bool { return c == 0 }))
			add("assertNotEq("+t+","+t+suffix+")", compare("==", func(c int) bool { return c != 0 }))
		}
	}
	for _, t := range orderTypes {
		for _, suffix := range []string{"", ",string"} {
			add("assertLt("+t+","+t+suffix+")", compare(">=", func(c int) bool { return c < 0 }))
			add("assertGt("+t+","+t+suffix+")", compare("<=", func(c int) bool { return c > 0 }))
			add("assertLe("+t+","+t+suffix+")", compare(">", func(c int) bool { return c <= 0 }))
			add("assertGe("+t+","+t+suffix+")", compare("<", func(c int) bool { return c >= 0 }))
		}
	}
	for _, suffix := range []string{"", ",string"} {
		add("assertTrue(bool"+suffix+")", truth(true))
		add("assertFalse(bool"+suffix+")", truth(false))
	}
	return out
}

// compare returns an assertion holding when ok(cmp(left, right)); on
// failure the message shows the operands joined by op.
func compare(op string, ok func(int) bool) func(*Cheats, []any) ([]any, error) {
	return func(_ *Cheats, a []any) ([]any, error) {
		if ok(cmpValues(a[0], a[1])) {
			return nil, nil
		}
		return nil, assertFailed(a, 2, fmt.Sprintf("%s %s %s", show(a[0]), op, show(a[1])))
	}
}

func truth(want bool) func(*Cheats, []any) ([]any, error) {
	return func(_ *Cheats, a []any) ([]any, error) {
		if a[0].(bool) == want {
			return nil, nil
		}
		return nil, assertFailed(a, 1, "")
	}
}

// assertFailed builds forge's failure message: the caller's message (the
// argument after the operands) or "assertion failed", then the detail.
func assertFailed(a []any, operands int, detail string) error {
	msg := "assertion failed"
	if len(a) > operands {
		msg = a[operands].(string)
	}
	if detail != "" {
		msg += ": " + detail
	}
	return &revertError{data: encodeError(msg)}
}

// cmpValues orders two decoded values of the same ABI type; values
// without an order compare 0 when equal and 1 otherwise.
func cmpValues(x, y any) int {
	switch l := x.(type) {
	case *big.Int:
		return l.Cmp(y.(*big.Int))
	case []byte:
		return bytes.Compare(l, y.([]byte))
	}
	if x == y {
		return 0
	}
	return 1
}

func show(v any) string {
	switch x := v.(type) {
	case common.Address:
		return x.Hex()
	case [32]byte:
		return common.Hash(x).Hex()
	case []byte:
		return fmt.Sprintf("0x%x", x)
	}
	return fmt.Sprint(v)
}
