package foundry_test

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/holiman/uint256"
)

// TestRenderedHarm checks the harm each kind's exported test asserts
// (effect.go, effectstore.go, effectlock.go) from the effect the engine
// measured, and that a finding whose effect was not measured asserts no
// harm it cannot show.
func TestRenderedHarm(t *testing.T) {
	target := common.HexToAddress("0x00000000000000000000000000000000000c0ffe")
	user := chain.SenderAddress(0)
	call := foundry.Call{Contract: "C", To: target, HasTo: true, Sender: user, From: "user 1", Text: "C.f()", Input: []byte{1, 2, 3, 4}}
	paid := call
	paid.Value = *uint256.NewInt(5)
	word := foundry.Word{Address: target, Slot: common.HexToHash("0x07"), Value: common.HexToHash("0x2a")}
	for _, tt := range []struct {
		name      string
		f         foundry.Finding
		want, not []string
	}{
		{"SWC-107 gained", foundry.Finding{Kind: "SWC-107", Gained: true}, []string{
			"uint256 before0 = address(" + user.Hex() + ").balance;",
			"if (address(" + user.Hex() + ").balance > before0) gained = true;",
			`assertTrue(gained, `,
		}, nil},
		{"SWC-107 no gain", foundry.Finding{Kind: "SWC-107"}, []string{`assertTrue(ok, "the last transaction commits");`}, []string{"gained", "before0"}},
		{"SWC-116 gained", foundry.Finding{Kind: "SWC-116", Gained: true}, []string{`assertTrue(gained, `}, nil},
		{"SWC-120 block data", foundry.Finding{Kind: "SWC-120", Gained: true, ChainBlocks: true, PrevRandao: true}, []string{
			"function _foresightBlock(uint256 n) internal {",
			"uint256 h = ((n - i) * 0x9e3779b97f4a7c15) % 2**64;",
			`"setBlockhash(uint256,bytes32)", n - i, bytes32(h)`,
			"uint256 r = (n * 0xc2b2ae3d27d4eb4f + 1) % 2**64;",
			`"prevrandao(bytes32)", bytes32(r)`,
			"vm.warp(timestamp);\n        _foresightBlock(blockNumber);",
			`assertTrue(gained, `,
		}, nil},
		{"SWC-120 before the merge", foundry.Finding{Kind: "SWC-120", ChainBlocks: true}, []string{"setBlockhash(uint256,bytes32)"}, []string{"prevrandao(bytes32)"}},
		{"SWC-116 no block data", foundry.Finding{Kind: "SWC-116", Gained: true}, nil, []string{"_foresightBlock"}},
		{"SWC-106 emptied", foundry.Finding{Kind: "SWC-106", Emptied: target, HasEmptied: true}, []string{
			"bool harmed = address(" + target.Hex() + ").balance == 0;",
			`assertTrue(harmed, "expected the selfdestruct to empty the contract");`,
		}, []string{"gained"}},
		{"SWC-104 rejected", foundry.Finding{Kind: "SWC-104", Stored: []foundry.Word{word}, Callee: user, HasCallee: true}, []string{
			"vm.etch(" + user.Hex() + `, hex"60006000fd");`,
			"bytes32(" + word.Value.Hex() + ")",
		}, nil},
		{"SWC-104 unmeasured", foundry.Finding{Kind: "SWC-104"}, []string{`assertTrue(ok, "the last transaction commits");`}, []string{"vm.etch(" + user.Hex(), "load(address,bytes32)"}},
		{"SWC-112 marker", foundry.Finding{Kind: "SWC-112", Delegate: user, Delegator: target, HasDelegate: true}, []string{
			"vm.etch(" + user.Hex() + `, hex"7f`,
			`"load(address,bytes32)", address(` + target.Hex() + ")",
			`expected the delegatecalled code to write the contract's storage`,
		}, nil},
		{"SWC-112 unmeasured", foundry.Finding{Kind: "SWC-112"}, []string{"The evidence is the execution itself"}, []string{"load(address,bytes32)"}},
		{"freezing-ether", foundry.Finding{Kind: "freezing-ether"}, []string{
			"function _canSendEther(address where) internal view returns (bool)",
			"bool harmed = address(" + target.Hex() + ").balance > 0 && !_canSendEther(" + target.Hex() + ");",
			`assertTrue(harmed, `,
		}, nil},
		{"owner-lock", foundry.Finding{Kind: "owner-lock", Calls: []foundry.Call{call, paid}}, []string{
			"uint256 beforeLast = address(" + user.Hex() + ").balance;",
			"bool harmed = address(" + user.Hex() + ").balance + 5 <= beforeLast;",
			`assertTrue(harmed, "expected the withdrawal to pay the depositor nothing");`,
		}, []string{`assertTrue(ok, `}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.f
			f.Contract, f.Title, f.Detail = "C", "title", "detail"
			f.Style = foundry.Proof // each assertion as written (a regression test and-s them into its verdict)
			if f.Calls == nil {
				f.Calls = []foundry.Call{call}
			}
			_, src, err := foundry.Test(f, foundry.Setup{}, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(src, w) {
					t.Errorf("the test lacks %q:\n%s", w, src)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(src, n) {
					t.Errorf("the test has %q:\n%s", n, src)
				}
			}
			if strings.Contains(tt.name, "marker") || strings.Contains(tt.name, "rejected") || tt.f.Kind == "owner-lock" {
				// What the harm needs is set up right before the last call.
				last := strings.LastIndex(src, "vm.prank(")
				first := strings.Index(src, tt.want[0])
				if first < 0 || first > last {
					t.Errorf("%q is not before the last call", tt.want[0])
				}
			}
		})
	}
}
