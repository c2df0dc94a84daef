package solc

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"testing"
)

// compareOutline says how the outline of src differs from what its AST
// gives ("" when it does not): contracts, functions (with file id 0),
// number literals and string literals, as sets.
func compareOutline(src []byte, raw json.RawMessage) string {
	o, ok := OutlineText(src)
	if !ok {
		return "OutlineText refused the file"
	}
	ast, err := ParseAST(raw)
	if err != nil {
		return err.Error()
	}
	if got, want := o.Contracts, Contracts(ast); !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
		return fmt.Sprintf("contracts\n%+v\nwant\n%+v", got, want)
	}
	want := Functions(ast)
	for i := range want {
		want[i].File = 0
	}
	if got := o.Functions; !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
		return fmt.Sprintf("functions\n%+v\nwant\n%+v", got, want)
	}
	var nums, strs []string
	Walk(ast, func(n Node, _ []Node) bool {
		if n.Type() != "Literal" {
			return true
		}
		switch n.String("kind") {
		case "number":
			nums = append(nums, n.String("value")+" "+n.String("subdenomination"))
		case "string", "unicodeString", "hexString":
			strs = append(strs, n.String("hexValue"))
		}
		return true
	})
	var gotNums, gotStrs []string
	for _, n := range o.Numbers {
		gotNums = append(gotNums, n.Value+" "+n.Subdenomination)
	}
	for _, s := range o.Strings {
		gotStrs = append(gotStrs, fmt.Sprintf("%x", s))
	}
	if a, b := uniq(gotNums), uniq(nums); !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("numbers\n%q\nwant\n%q", a, b)
	}
	if a, b := uniq(gotStrs), uniq(strs); !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("strings\n%q\nwant\n%q", a, b)
	}
	return ""
}

func uniq(xs []string) []string {
	seen := map[string]bool{}
	out := []string{}
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	sort.Strings(out)
	return out
}

// TestOutlineTextRefuses: anything the outline cannot read as the AST
// would, or that the engine reads from an AST beyond the outline, makes
// OutlineText refuse the file (which then keeps its AST).
func TestOutlineTextRefuses(t *testing.T) {
	const head = "pragma solidity ^0.8.0;\nimport \"./x.sol\";\n"
	refused := map[string]string{
		"contract":          "contract C {}",
		"interface":         "interface I { function f() external; }",
		"free function":     "function f() pure returns (uint) { return 1; }",
		"file constant":     "uint constant K = 1;",
		"public function":   "library L { function f() public pure {} }",
		"external function": "library L { function f() external pure {} }",
		"no visibility":     "library L { function f() pure {} }",
		"modifier":          "library L { modifier m() { _; } }",
		"modifier use":      "library L { function f() internal m {} }",
		"creates":           "library L { function f() internal { new bytes(1); } }",
		"asserts":           "library L { function f(uint x) internal pure { assert(x > 0); } }",
		"unchecked":         "library L { function f(uint x) internal pure returns (uint) { unchecked { return x + 1; } } }",
		"unknown escape":    `library L { function f() internal pure returns (bytes memory) { return "\b"; } }`,
		"mixed literals":    `library L { function f() internal pure returns (bytes memory) { return "a" hex"00"; } }`,
		"unterminated":      "library L { function f() internal pure {",
		"inheritance":       "library L is M {}",
	}
	for name, src := range refused {
		if o, ok := OutlineText([]byte(head + src)); ok {
			t.Errorf("%s: outlined %+v, want refused", name, o)
		}
	}
	o, ok := OutlineText([]byte(head + "library L { function f() internal pure returns (uint) { return 2 ether; } }\nlibrary M {}"))
	if !ok || len(o.Contracts) != 2 || len(o.Functions) != 1 || len(o.Numbers) != 1 || o.Numbers[0] != (NumberLiteral{"2", "ether"}) {
		t.Errorf("two libraries: %+v, %v", o, ok)
	}
}

// FuzzOutlineText feeds OutlineText arbitrary text: it must not panic,
// and an outline it accepts places every library and function inside the
// text, each function inside a library.
func FuzzOutlineText(f *testing.F) {
	f.Add([]byte("library L { function f(uint x) internal pure returns (uint) { return x + 1 ether; } }"))
	f.Add([]byte("pragma solidity ^0.8.0;\nimport \"./A.sol\";\nlibrary console {\n    address constant A = address(0x000000000000000000636F6e736F6c652e6c6f67);\n    bytes constant S = hex\"00ff\" \"a\\tb\" unicode\"é\";\n    function log(string memory p) internal view { _send(abi.encodeWithSignature(\"log(string)\", p)); }\n    function _send(bytes memory p) private view { assembly { let r := staticcall(gas(), 0, add(p, 32), mload(p), 0, 0) } }\n}\n"))
	f.Add([]byte("library L { /* unterminated"))
	f.Add([]byte("library L { function f() internal { string memory s = \"\\u00e9\\x41\"; } }"))
	f.Add([]byte("contract C { function f() external {} }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		o, ok := OutlineText(src)
		if !ok {
			return
		}
		in := func(start, end int) bool { return 0 <= start && start <= end && end <= len(src) }
		for _, c := range o.Contracts {
			if c.Kind != "library" || !in(c.Start, c.End) {
				t.Fatalf("contract %+v: want a library inside the %d-byte text", c, len(src))
			}
		}
		for _, fn := range o.Functions {
			if !in(fn.Start, fn.End) {
				t.Fatalf("function %+v outside the %d-byte text", fn, len(src))
			}
			inside := false
			for _, c := range o.Contracts {
				inside = inside || c.Name == fn.Contract && c.Start <= fn.Start && fn.End <= c.End
			}
			if !inside {
				t.Fatalf("function %+v in no library of %+v", fn, o.Contracts)
			}
		}
	})
}
