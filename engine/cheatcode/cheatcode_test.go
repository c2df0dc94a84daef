package cheatcode

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
)

// newChain returns a chain with the cheatcodes attached and inner's hooks
// chained behind theirs.
func newChain(t testing.TB, inner *tracing.Hooks) (*chain.Chain, *Cheats) {
	t.Helper()
	c := New()
	ch, err := chain.New(chain.Config{}, c.Hooks(inner))
	if err != nil {
		t.Fatal(err)
	}
	c.Attach(ch)
	return ch, c
}

func call(sig string, args ...any) []byte {
	ch := cheatTable[selector(sig)]
	enc, err := ch.in.Pack(args...)
	if err != nil {
		panic(err)
	}
	s := selector(sig)
	return append(s[:], enc...)
}

func TestAddress(t *testing.T) {
	if want := common.HexToAddress("0x7109709ECfa91a80626fF3989D68f67F5b1DD12D"); Address != want {
		t.Fatalf("Address = %s, want forge-std's VM_ADDRESS %s", Address, want)
	}
}

// TestDirectCalls calls cheatcodes from an account, as a transaction: the
// effects are on the chain and persist into later transactions.
func TestDirectCalls(t *testing.T) {
	var opcodes int
	ch, c := newChain(t, &tracing.Hooks{OnOpcode: func(uint64, byte, uint64, uint64, tracing.OpContext, []byte, int, error) { opcodes++ }})
	from := ch.Senders()[0]
	who := common.HexToAddress("0x1234")
	for _, in := range [][]byte{
		call("warp(uint256)", big.NewInt(1_900_000_000)),
		call("roll(uint256)", big.NewInt(777)),
		call("deal(address,uint256)", who, big.NewInt(99)),
		call("store(address,bytes32,bytes32)", who, [32]byte{31: 1}, [32]byte{31: 5}),
		call("etch(address,bytes)", who, []byte{0x60, 0x00}),
		call("label(address,string)", who, "who"),
		call("setNonce(address,uint64)", who, uint64(3)),
	} {
		if r := ch.Call(chain.Tx{From: from, To: Address, Input: in}); r.Err != nil {
			t.Fatalf("%x: %s", in[:4], describeRevert(nil, r.Ret, r.Err))
		}
	}
	st := ch.State()
	if ch.Block.Time != 1_900_000_000 || ch.Block.Number != 777 {
		t.Errorf("block = %+v", ch.Block)
	}
	if st.GetBalance(who).Uint64() != 99 || st.GetState(who, common.Hash{31: 1}) != (common.Hash{31: 5}) ||
		!bytes.Equal(st.GetCode(who), []byte{0x60, 0x00}) || st.GetNonce(who) != 3 || c.Labels()[who] != "who" {
		t.Errorf("state of %s: balance %v, slot 1 %x, code %x, nonce %d, label %q", who,
			st.GetBalance(who), st.GetState(who, common.Hash{31: 1}), st.GetCode(who), st.GetNonce(who), c.Labels()[who])
	}
	r := ch.Call(chain.Tx{From: from, To: Address, Input: call("load(address,bytes32)", who, [32]byte{31: 1})})
	if r.Err != nil || !bytes.Equal(r.Ret, common.Hash{31: 5}.Bytes()) {
		t.Errorf("load = %x, %v", r.Ret, r.Err)
	}
	r = ch.Call(chain.Tx{From: from, To: Address, Input: call("addr(uint256)", big.NewInt(1))})
	key, _ := crypto.ToECDSA(common.LeftPadBytes([]byte{1}, 32))
	if want := crypto.PubkeyToAddress(key.PublicKey); r.Err != nil || common.BytesToAddress(r.Ret) != want {
		t.Errorf("addr(1) = %x, %v; want %s", r.Ret, r.Err, want)
	}
	r = ch.Call(chain.Tx{From: from, To: Address, Input: call("addr(uint256)", big.NewInt(0))})
	if msg, _ := decodeError(r.Ret); r.Err == nil || msg != "vm.addr(uint256): invalid private key 0" {
		t.Errorf("addr(0) = %q, %v", msg, r.Err)
	}
	if opcodes != 0 {
		t.Errorf("inner hook saw %d opcodes of calls without code", opcodes)
	}
	// The inner hooks see what runs: the etched PUSH1 0 and the STOP past
	// the end of the code.
	if r := ch.Call(chain.Tx{From: from, To: who}); r.Err != nil || opcodes != 2 {
		t.Errorf("call to etched code: %v, inner hook saw %d opcodes, want 2", r.Err, opcodes)
	}
}

func TestUnsupportedIsNamed(t *testing.T) {
	ch, c := newChain(t, nil)
	sel := selector("ffi(string[])")
	r := ch.Call(chain.Tx{From: ch.Senders()[0], To: Address, Input: sel[:]})
	msg, _ := decodeError(r.Ret)
	var ue *UnsupportedError
	if r.Err == nil || msg != "foresight: unsupported cheatcode vm.ffi(string[])" || !errors.As(c.Err(), &ue) || ue.Signature != "ffi(string[])" {
		t.Errorf("ffi: %q, %v, Err() = %v", msg, r.Err, c.Err())
	}
}

// TestTablesAreConsistent: no supported signature is also listed as
// unsupported, and no two signatures share a selector.
func TestTablesAreConsistent(t *testing.T) {
	seen := map[[4]byte]string{}
	for _, s := range supported {
		sel := selector(s.sig)
		if prev, ok := seen[sel]; ok {
			t.Errorf("%s and %s share a selector", prev, s.sig)
		}
		seen[sel] = s.sig
	}
	for _, sig := range unsupported {
		if prev, ok := seen[selector(sig)]; ok {
			t.Errorf("%s is listed twice (%s)", sig, prev)
		}
		seen[selector(sig)] = sig
	}
	if _, ok := seen[verdictSelector]; ok {
		t.Error("the interposer's selector collides with a cheatcode")
	}
}

// FuzzRun feeds arbitrary input to the cheatcode contract: it reverts or
// answers, and never panics.
func FuzzRun(f *testing.F) {
	for _, s := range supported {
		sel := selector(s.sig)
		f.Add(append(sel[:], make([]byte, 96)...))
	}
	f.Add(call("etch(address,bytes)", common.Address{1}, []byte{1, 2, 3}))
	f.Add([]byte{1, 2})
	ch, c := newChain(f, nil)
	base := ch.Snapshot()
	f.Fuzz(func(t *testing.T, input []byte) {
		ch.Reset(base)
		c.Reset()
		out, err := c.Run(input)
		if err != nil && !errors.Is(err, vm.ErrExecutionReverted) {
			t.Fatalf("Run(%x) = %x, %v: only reverts are errors", input, out, err)
		}
	})
}

func TestAssertions(t *testing.T) {
	ch, _ := newChain(t, nil)
	a, b := common.HexToAddress("0xa"), common.HexToAddress("0xb")
	for _, tt := range []struct {
		in   []byte
		want string // "" passes
	}{
		{call("assertEq(uint256,uint256)", big.NewInt(1), big.NewInt(1)), ""},
		{call("assertEq(uint256,uint256)", big.NewInt(1), big.NewInt(2)), "assertion failed: 1 != 2"},
		{call("assertEq(uint256,uint256,string)", big.NewInt(1), big.NewInt(2), "balance"), "balance: 1 != 2"},
		{call("assertLt(int256,int256)", big.NewInt(-1), big.NewInt(2)), ""},
		{call("assertGe(int256,int256)", big.NewInt(-1), big.NewInt(2)), "assertion failed: -1 < 2"},
		{call("assertEq(address,address)", a, b), "assertion failed: " + a.Hex() + " != " + b.Hex()},
		{call("assertNotEq(bytes,bytes)", []byte{1}, []byte{1}), "assertion failed: 0x01 == 0x01"},
		{call("assertEq(string,string)", "x", "x"), ""},
		{call("assertTrue(bool,string)", false, "must hold"), "must hold"},
		{call("assertFalse(bool)", false), ""},
	} {
		r := ch.Call(chain.Tx{From: ch.Senders()[0], To: Address, Input: tt.in})
		got := ""
		if r.Err != nil {
			got, _ = decodeError(r.Ret)
		}
		if got != tt.want {
			t.Errorf("%x: %q, want %q", tt.in[:4], got, tt.want)
		}
	}
}

// TestPrankNeedsHooks: on a chain without the cheatcode hooks, prank
// fails saying why instead of silently doing nothing.
func TestPrankNeedsHooks(t *testing.T) {
	c := New()
	ch, err := chain.New(chain.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.Attach(ch)
	r := ch.Call(chain.Tx{From: ch.Senders()[0], To: Address, Input: call("prank(address)", common.Address{1})})
	if msg, _ := decodeError(r.Ret); r.Err == nil || msg != "vm.prank(address) needs the cheatcode tracing hooks, which this chain lacks" {
		t.Errorf("prank without hooks: %q, %v", msg, r.Err)
	}
	if r := ch.Call(chain.Tx{From: ch.Senders()[0], To: Address, Input: call("warp(uint256)", big.NewInt(5))}); r.Err != nil || ch.Block.Time != 5 {
		t.Errorf("warp without hooks: %v, time %d", r.Err, ch.Block.Time)
	}
}
