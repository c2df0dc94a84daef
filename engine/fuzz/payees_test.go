package fuzz

import (
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
)

// TestConstructorNames: an address given on its own is privileged, one
// given only in an address list is a member (entitled, unprivileged).
func TestConstructorNames(t *testing.T) {
	parsed, err := abi.JSON(strings.NewReader(`[{"type":"constructor","inputs":[{"name":"owner","type":"address"},{"name":"payees","type":"address[]"},{"name":"shares","type":"uint256[]"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	owner, payee, att := chain.SenderAddress(0), chain.SenderAddress(1), AttackerAddress(Reentrant)
	args, err := parsed.Constructor.Inputs.Pack(owner, []common.Address{payee, att, owner}, []*big.Int{big.NewInt(1), big.NewInt(2), big.NewInt(3)})
	if err != nil {
		t.Fatal(err)
	}
	p := &program.Program{Contracts: []*program.Contract{{ABI: parsed}}}
	addrs := []common.Address{owner, payee, chain.SenderAddress(2), att, chain.Deployer}
	priv, ent := privilegedOf(addrs, &Deployment{Args: [][]byte{args}}, p)
	wantPriv := []bool{true, false, false, false, true}
	wantEnt := []bool{false, true, false, true, false}
	for i := range addrs {
		if priv[i] != wantPriv[i] || ent[i] != wantEnt[i] {
			t.Errorf("%s: privileged %v entitled %v, want %v %v", addrs[i], priv[i], ent[i], wantPriv[i], wantEnt[i])
		}
	}
	// Without the program, every address-like word names a privileged one.
	priv, ent = privilegedOf(addrs, &Deployment{Args: [][]byte{args}}, nil)
	if !priv[1] || ent[1] {
		t.Errorf("no program: payee privileged %v entitled %v, want true false", priv[1], ent[1])
	}
}

// TestShrinkInts: 256-bit integers keep their low 32 bits, small ones and
// other types stay.
func TestShrinkInts(t *testing.T) {
	u256, _ := abi.NewType("uint256", "", nil)
	arr, _ := abi.NewType("uint256[]", "", nil)
	addr, _ := abi.NewType("address", "", nil)
	vals := []calldata.Value{{Type: &u256}, {Type: &arr, Elems: []calldata.Value{{Type: &u256}, {Type: &u256}}}, {Type: &addr}}
	vals[0].Word.SetFromHex("0x6cba8153c80c1219adb8a221179479fbae72aac52f9528ef216081ccafe020df")
	vals[1].Elems[0].Word.SetUint64(7)
	vals[1].Elems[1].Word.SetFromHex("0x2f449732c853dc3c5c47cdde5054b53766fff47aae977c6cda28368be3b73c4c")
	vals[2].Word.SetFromHex("0xffffffffffffffffffffffffffffffffffffffff")
	if !shrinkInts(vals) {
		t.Fatal("nothing shrunk")
	}
	if got := vals[0].Word.Uint64(); !vals[0].Word.IsUint64() || got != 0xafe020df {
		t.Errorf("rate %s, want 0xafe020df", vals[0].Word.Hex())
	}
	if vals[1].Elems[0].Word.Uint64() != 7 || vals[1].Elems[1].Word.Uint64() != 0xe3b73c4c {
		t.Errorf("shares %s %s", vals[1].Elems[0].Word.Hex(), vals[1].Elems[1].Word.Hex())
	}
	if vals[2].Word.IsUint64() {
		t.Error("an address was shrunk")
	}
	if shrinkInts(vals) {
		t.Error("small integers shrunk again")
	}
}
