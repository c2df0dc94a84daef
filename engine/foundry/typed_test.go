package foundry

import (
	"encoding/hex"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// TestAmount: ether and integers in units where exact (issue 48: raw wei
// such as 39463584007913130164224 read as noise).
func TestAmount(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"0", "0"},
		{"1", "1"},
		{"1001", "1001"},
		{"10000", "1e4"},
		{"1000000", "1e6"},
		{"2500000", "25e5"},
		{"1000000000000000000", "1 ether"},
		{"10000000000000000000", "10 ether"},
		{"1000000000000000000000000", "1e6 ether"},
		{"1500000000000000000", "15e17"},
		{"39463584007913130164224", "39463584007913130164224"},
		{"40000000000000000000000", "4e4 ether"},
	} {
		var x uint256.Int
		if err := x.SetFromDecimal(tt.in); err != nil {
			t.Fatal(err)
		}
		if got := amount(x); got != tt.want {
			t.Errorf("amount(%s) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDecodeCall: a call is written through the interface only when every
// parameter is an elementary type a literal converts to and the calldata
// is the function's canonical encoding; else it stays raw.
func TestDecodeCall(t *testing.T) {
	abiJSON := `[
		{"type":"function","name":"withdraw","inputs":[{"type":"uint256","internalType":"uint256"}]},
		{"type":"function","name":"give","inputs":[{"type":"address","internalType":"address"},{"type":"bool","internalType":"bool"},{"type":"int8","internalType":"int8"}]},
		{"type":"function","name":"pay","inputs":[{"type":"address","internalType":"address payable"}]},
		{"type":"function","name":"use","inputs":[{"type":"address","internalType":"contract IERC20"}]},
		{"type":"function","name":"tag","inputs":[{"type":"bytes32","internalType":"bytes32"},{"type":"string","internalType":"string"}]}
	]`
	art := &solc.Artifact{ABI: []byte(abiJSON)}
	sel := func(sig string) string { return hex.EncodeToString(crypto.Keccak256([]byte(sig))[:4]) }
	word := func(n *big.Int) string { return hex.EncodeToString(n.FillBytes(make([]byte, 32))) }
	ten := new(big.Int).Mul(big.NewInt(10), new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil))
	addr := "000000000000000000000000000000000000000000000000000000000001000a"
	minus3 := strings.Repeat("f", 63) + "d"
	for _, tt := range []struct {
		name, input, want string // want "" : stays raw
	}{
		{"uint in ether", sel("withdraw(uint256)") + word(ten), "withdraw(10 ether)"},
		{"address, bool, negative int", sel("give(address,bool,int8)") + addr + word(big.NewInt(1)) + minus3, "give(0x000000000000000000000000000000000001000a, true, -3)"},
		{"address payable", sel("pay(address)") + addr, ""},
		{"contract", sel("use(address)") + addr, ""},
		{"bytes32 and string", sel("tag(bytes32,string)") + word(big.NewInt(255)) + word(big.NewInt(64)) + word(big.NewInt(2)) + hex.EncodeToString([]byte("hi")) + strings.Repeat("0", 60),
			`tag(bytes32(hex"00000000000000000000000000000000000000000000000000000000000000ff"), "hi")`},
		{"trailing bytes", sel("withdraw(uint256)") + word(ten) + "00", ""},
		{"unknown selector", "deadbeef", ""},
		{"short", "dead", ""},
	} {
		input, err := hex.DecodeString(tt.input)
		if err != nil {
			t.Fatal(err)
		}
		tc, ok := decodeCall(art, input)
		got := ""
		if ok {
			got = tc.name + "(" + strings.Join(tc.args, ", ") + ")"
		}
		if got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
