package deploy

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
	priv, ent := PrivilegedOf(addrs, &Deployment{Args: [][]byte{args}}, p)
	wantPriv := []bool{true, false, false, false, true}
	wantEnt := []bool{false, true, false, true, false}
	for i := range addrs {
		if priv[i] != wantPriv[i] || ent[i] != wantEnt[i] {
			t.Errorf("%s: privileged %v entitled %v, want %v %v", addrs[i], priv[i], ent[i], wantPriv[i], wantEnt[i])
		}
	}
	// Without the program, every address-like word names a privileged one.
	priv, ent = PrivilegedOf(addrs, &Deployment{Args: [][]byte{args}}, nil)
	if !priv[1] || ent[1] {
		t.Errorf("no program: payee privileged %v entitled %v, want true false", priv[1], ent[1])
	}
}

// TestPrivilegedWhere: a principal a constructor was given one by one is
// privileged for that contract only; the deployer, a role holder and a
// list member are not narrowed.
func TestPrivilegedWhere(t *testing.T) {
	parsed, err := abi.JSON(strings.NewReader(`[{"type":"constructor","inputs":[{"name":"admin","type":"address"},{"name":"members","type":"address[]"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	admin, member, role := chain.SenderAddress(0), chain.SenderAddress(1), chain.SenderAddress(2)
	args, err := parsed.Constructor.Inputs.Pack(admin, []common.Address{member})
	if err != nil {
		t.Fatal(err)
	}
	both, err := parsed.Constructor.Inputs.Pack(role, []common.Address{})
	if err != nil {
		t.Fatal(err)
	}
	p := &program.Program{Contracts: []*program.Contract{{ABI: parsed}, {ABI: parsed}, {ABI: parsed}}}
	d := &Deployment{Args: [][]byte{nil, args, both}, Roles: []common.Address{role}}
	addrs := []common.Address{admin, member, role, chain.Deployer}
	where := PrivilegedWhere(addrs, d, p)
	if want := []bool{false, true, false}; len(where[0]) != len(want) || where[0][0] || !where[0][1] || where[0][2] {
		t.Errorf("admin named by contract 1: privileged at %v, want %v", where[0], want)
	}
	for i := 1; i < len(addrs); i++ {
		if where[i] != nil {
			t.Errorf("%s: narrowed to %v, want nil (a member, a role holder or the deployer)", addrs[i], where[i])
		}
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

// TestGrowMembers: a member list of two grows to three with the next
// member, an array of its length (shares) grows with it by its last
// element, an array of another length and a list already long enough
// stay; an input with no short list is left alone.
func TestGrowMembers(t *testing.T) {
	parsed, err := abi.JSON(strings.NewReader(`[{"type":"constructor","inputs":[{"name":"payees","type":"address[]"},{"name":"shares","type":"uint256[]"},{"name":"other","type":"uint256[]"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	c := &program.Contract{ABI: parsed}
	mem := []common.Address{chain.SenderAddress(0), AttackerAddress(Reentrant), chain.SenderAddress(1), AttackerAddress(Reverting)}
	fixed := 0
	grow := growMembers(func(*ctorInput) { fixed++ }, c, nil, mem)
	if grow == nil {
		t.Fatal("no grow for a constructor with a member list")
	}
	in := &ctorInput{args: make([]calldata.Value, 3)}
	for j, p := range parsed.Constructor.Inputs {
		in.args[j].Type = &p.Type
	}
	elem := func(j int, w uint64) calldata.Value {
		e := calldata.Value{Type: parsed.Constructor.Inputs[j].Type.Elem}
		e.Word.SetUint64(w)
		return e
	}
	in.args[0].Elems = []calldata.Value{elem(0, 0), elem(0, 0)}
	in.args[0].Elems[0].Word.SetBytes20(mem[0].Bytes())
	in.args[0].Elems[1].Word.SetBytes20(mem[1].Bytes())
	in.args[1].Elems = []calldata.Value{elem(1, 5), elem(1, 7)}
	in.args[2].Elems = []calldata.Value{elem(2, 9)}
	if !grow(in) || fixed != 1 {
		t.Fatalf("grew nothing (fix ran %d times)", fixed)
	}
	if n := len(in.args[0].Elems); n != 3 || common.Address(in.args[0].Elems[2].Word.Bytes20()) != mem[2] {
		t.Errorf("payees: %d elements, third %x; want 3, %s", n, in.args[0].Elems[2].Word.Bytes20(), mem[2])
	}
	if n := len(in.args[1].Elems); n != 3 || in.args[1].Elems[2].Word.Uint64() != 7 {
		t.Errorf("shares: %d elements, want 3 ending in 7", n)
	}
	if n := len(in.args[2].Elems); n != 1 {
		t.Errorf("other: %d elements, want 1", n)
	}
	if grow(in) || fixed != 1 {
		t.Error("a list of three grew again")
	}
	in.args[0].Elems = nil
	if grow(in) {
		t.Error("an empty list grew")
	}
	noList, err := abi.JSON(strings.NewReader(`[{"type":"constructor","inputs":[{"name":"owner","type":"address"},{"name":"shares","type":"uint256[]"}]}]`))
	if err != nil {
		t.Fatal(err)
	}
	if growMembers(func(*ctorInput) {}, &program.Contract{ABI: noList}, nil, mem) != nil {
		t.Error("grow for a constructor without a member list")
	}
}
