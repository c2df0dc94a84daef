package solc

import (
	"reflect"
	"testing"
)

// TestScanContracts: declarations with their kind and bases, whatever the
// comments, strings, base arguments and qualified names around them.
func TestScanContracts(t *testing.T) {
	src := []byte(`// contract Commented is X {}
/* abstract contract Hidden {} */
abstract contract Base is IERC20, Lib.Owned { string s = "contract Str {}"; }
contract Child is Base("name", f(1, 2)), Other {
    function f() public {}
}
interface IThing { function g() external; }
library L {}
contract Plain {}
contract Broken is`)
	want := []Declared{
		{Name: "Base", Kind: "abstract", Bases: []string{"IERC20", "Owned"}},
		{Name: "Child", Kind: "contract", Bases: []string{"Base", "Other"}},
		{Name: "IThing", Kind: "interface"},
		{Name: "L", Kind: "library"},
		{Name: "Plain", Kind: "contract"},
		{Name: "Broken", Kind: "contract"},
	}
	if got := ScanContracts(src); !reflect.DeepEqual(got, want) {
		t.Errorf("ScanContracts =\n%+v\nwant\n%+v", got, want)
	}
}

// FuzzScanContracts: any text scans without a panic.
func FuzzScanContracts(f *testing.F) {
	f.Add([]byte("abstract contract A is B(1, (2)), C.D { }"))
	f.Add([]byte("contract"))
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, d := range ScanContracts(src) {
			if d.Name == "" {
				t.Fatalf("a declaration without a name in %q", src)
			}
		}
	})
}
