package solc

import (
	"reflect"
	"testing"
)

// TestScanBodies: each contract with the functions of its own body and
// their offsets, whatever the comments, strings and nested blocks.
func TestScanBodies(t *testing.T) {
	src := []byte(`// contract Commented { function invariant_no() public {} }
abstract contract Base is Test { function setUp() public virtual {} }
contract VaultTest is Base("x") {
    string s = "function test_str() {}";
    function invariant_solvent() public view { if (true) { } }
    /* function invariant_hidden() */
    function test_deposit() public {}
}
interface I { function f() external; }
contract Broken { function test_unfinished(`)
	at := func(s string) int { return indexOf(src, s) }
	want := []Body{
		{Name: "Base", Kind: "abstract", NameStart: at("Base is"), Functions: []NamedAt{{"setUp", at("setUp")}}},
		{Name: "VaultTest", Kind: "contract", NameStart: at("VaultTest"), Functions: []NamedAt{
			{"invariant_solvent", at("invariant_solvent")}, {"test_deposit", at("test_deposit")}}},
		{Name: "I", Kind: "interface", NameStart: at("I {"), Functions: []NamedAt{{"f", at("f() external")}}},
		{Name: "Broken", Kind: "contract", NameStart: at("Broken"), Functions: []NamedAt{{"test_unfinished", at("test_unfinished")}}},
	}
	if got := ScanBodies(src); !reflect.DeepEqual(got, want) {
		t.Errorf("ScanBodies =\n%+v\nwant\n%+v", got, want)
	}
}

func indexOf(src []byte, s string) int {
	for i := 0; i+len(s) <= len(src); i++ {
		if string(src[i:i+len(s)]) == s {
			return i
		}
	}
	return -1
}

// FuzzScanBodies: any text scans without a panic, every name inside it.
func FuzzScanBodies(f *testing.F) {
	f.Add([]byte("contract A { function f() {} } }} contract B {"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, b := range ScanBodies(src) {
			if b.Name == "" || b.NameStart < 0 || b.NameStart >= len(src) {
				t.Fatalf("bad body %+v in %q", b, src)
			}
		}
	})
}
