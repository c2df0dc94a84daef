package deploy

import (
	"strings"
	"testing"
)

func TestIfaceName(t *testing.T) {
	for in, want := range map[string]string{
		"contract IERC20":          "IERC20",
		"contract IERC20[]":        "IERC20",
		"contract Lib.Pool[2][]":   "Pool",
		"contract ERC4626":         "ERC4626",
		"address":                  "",
		"struct S":                 "",
		"contract ":                "",
		"contract X]":              "",
		"contract IUniswapV2Pair2": "IUniswapV2Pair2",
	} {
		got, ok := ifaceName(in)
		if got != want || ok != (want != "") {
			t.Errorf("ifaceName(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

// FuzzIfaceName: any internalType gives a name without array brackets,
// qualifier or anything but identifier characters, or none.
func FuzzIfaceName(f *testing.F) {
	for _, s := range []string{"contract IERC20", "contract A.B[3][]", "address[]", "contract [", "contract ]]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		name, ok := ifaceName(s)
		if !ok {
			if name != "" {
				t.Fatalf("%q: name %q without ok", s, name)
			}
			return
		}
		if name == "" || strings.ContainsAny(name, "[]. ") || !strings.Contains(s, name) {
			t.Fatalf("%q: bad name %q", s, name)
		}
	})
}
