package deploy

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
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

// TestBuildABIsSameName: two interfaces of one name (OpenZeppelin's IERC20
// and a fork's with name()) give the functions both have, whatever order
// the compiler's output map is walked in (it chose one at random, and the
// deployment with it).
func TestBuildABIsSameName(t *testing.T) {
	fn := func(sigs ...string) json.RawMessage {
		var parts []string
		for _, s := range sigs {
			parts = append(parts, `{"type":"function","name":"`+s+`","inputs":[],"outputs":[],"stateMutability":"view"}`)
		}
		return json.RawMessage("[" + strings.Join(parts, ",") + "]")
	}
	b := &solc.Build{Output: &solc.Output{Contracts: map[string]map[string]solc.Contract{
		"oz/IERC20.sol":   {"IERC20": {ABI: fn("totalSupply", "decimals")}},
		"fork/IERC20.sol": {"IERC20": {ABI: fn("totalSupply", "name")}},
		"a/A.sol":         {"A": {ABI: fn("name")}},
	}}}
	p := &program.Program{Contracts: []*program.Contract{{Name: "A", Build: b}}}
	for range 20 {
		ids := buildABIs(p)["IERC20"]
		if len(ids) != 1 || !ids[[4]byte(crypto.Keccak256([]byte("totalSupply()"))[:4])] {
			t.Fatalf("IERC20 selectors %v, want totalSupply() alone", ids)
		}
	}
}
