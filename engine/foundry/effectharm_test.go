package foundry_test

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/holiman/uint256"
)

// TestRenderedPhishAndGasDoS checks the harm the SWC-115 and SWC-128
// tests assert (effectharm.go) from what the engine measured, and that
// an unmeasured finding keeps the weaker test.
func TestRenderedPhishAndGasDoS(t *testing.T) {
	target := common.HexToAddress("0x00000000000000000000000000000000000c0ffe")
	user := chain.SenderAddress(0)
	grow := foundry.Call{Contract: "C", To: target, HasTo: true, Sender: user, From: "user 1", Text: "C.grow()", Input: []byte{1, 2, 3, 4}, Value: *uint256.NewInt(1)}
	use := foundry.Call{Contract: "C", To: target, HasTo: true, Sender: user, From: "user 1", Text: "C.use()", Input: []byte{5, 6, 7, 8}}
	word := foundry.Word{Address: target, Slot: common.HexToHash("0x00"), Value: common.HexToHash("0x2a")}
	for _, tt := range []struct {
		name      string
		f         foundry.Finding
		want, not []string
	}{
		{"SWC-115 phished", foundry.Finding{Kind: "SWC-115", Phished: true, Stored: []foundry.Word{word}, Calls: []foundry.Call{grow, use}}, []string{
			"vm.prank(" + user.Hex() + ", DEPLOYER);\n        (ok, ret) = address(" + target.Hex() + `).call(hex"05060708");`,
			`assertTrue(ok, "the phished call commits");`,
			`"load(address,bytes32)", address(` + target.Hex() + "), bytes32(" + word.Slot.Hex() + ")",
			"== bytes32(" + word.Value.Hex() + "), \"expected the phished call to write what the owner's does\");",
		}, []string{"The evidence is the execution itself", "vm.prank(" + user.Hex() + ", " + user.Hex() + ");\n        (ok, ret) = address(" + target.Hex() + `).call(hex"05060708")`}},
		{"SWC-115 unmeasured", foundry.Finding{Kind: "SWC-115", Calls: []foundry.Call{grow, use}}, []string{"The evidence is the execution itself"}, []string{user.Hex() + ", DEPLOYER)", "load(address,bytes32)"}},
		{"SWC-128 repeated", foundry.Finding{Kind: "SWC-128", Repeat: 3555, Calls: []foundry.Call{grow, use}}, []string{
			"function _foresightGasOf(address from, address to, bytes calldata data) external {",
			`abi.encodeWithSignature("cool(address)", to)`,
			"(bool ok, ) = to.call{gas: 29979000}(data);",
			"for (uint256 i = 0; i < 888; i++) {\n                vm.prank(" + user.Hex() + ", " + user.Hex() + ");\n                (ok, ret) = address(" + target.Hex() + `).call{value: 1}(hex"01020304");`,
			"used[k] = _gasOf(" + user.Hex() + ", target, last);",
			"if (more > 14220) more = 14220;",
			"uint256 spent = _gasOf(" + user.Hex() + ", target, last);",
			"bool harmed = spent >= 29979000;",
			`assertTrue(harmed, "expected the last call to run out of a block's gas");`,
		}, []string{`assertTrue(ok, "the last transaction commits");`}},
		{"SWC-128 unmeasured", foundry.Finding{Kind: "SWC-128", Calls: []foundry.Call{grow, use}}, []string{`assertTrue(ok, "the last transaction commits");`}, []string{"_gasOf", "harmed"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.f
			f.Contract, f.Title, f.Detail = "C", "title", "detail"
			f.Style = foundry.Proof // each assertion as written (a regression test and-s them into its verdict)
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
		})
	}
}

// TestRenderedLoopBlock checks SWC-113's harm (effectharm.go): the loop
// reverts with the rejecting recipient in it, and once that recipient
// accepts (its code removed) the same call pays the others the replay
// saw paid; the recipient rejects in the test too when it accepted in the
// campaign. An unmeasured finding keeps the weaker test.
func TestRenderedLoopBlock(t *testing.T) {
	target := common.HexToAddress("0x00000000000000000000000000000000000c0ffe")
	user := chain.SenderAddress(0)
	blocker := common.HexToAddress("0x0000000000000000000000000000000A77aC0003")
	other := chain.SenderAddress(1)
	bid := foundry.Call{Contract: "C", To: target, HasTo: true, Sender: user, From: "user 1", Text: "C.bid()", Input: []byte{1, 2, 3, 4}, Value: *uint256.NewInt(1)}
	refund := foundry.Call{Contract: "C", To: target, HasTo: true, Sender: user, From: "user 1", Text: "C.refundAll()", Input: []byte{5, 6, 7, 8}, Value: *uint256.NewInt(3)}
	call := "vm.prank(" + user.Hex() + ", " + user.Hex() + ");\n        (ok, ret) = address(" + target.Hex() + `).call{value: 3}(hex"05060708");`
	measured := foundry.Finding{Kind: "SWC-113", Blocker: blocker, HasBlocker: true, Paid: []common.Address{user, other}, Calls: []foundry.Call{bid, refund}}
	etched := measured
	etched.EtchBlocker = true
	for _, tt := range []struct {
		name      string
		f         foundry.Finding
		want, not []string
	}{
		{"SWC-113 measured", measured, []string{
			"uint256 paid0 = address(" + user.Hex() + ").balance;\n        uint256 paid1 = address(" + other.Hex() + ").balance;\n        " + call,
			`assertFalse(ok, "expected one failing recipient to revert the loop");`,
			"vm.etch(" + blocker.Hex() + ", hex\"\");\n        " + call,
			"bool paid = false;",
			"if (address(" + user.Hex() + ").balance + 3 > paid0) paid = true;",
			"if (address(" + other.Hex() + ").balance > paid1) paid = true;",
			`assertTrue(paid, "expected the loop to pay another recipient once the failing one accepts");`,
		}, []string{"hex\"60006000fd\""}},
		{"SWC-113 etched", etched, []string{
			"vm.etch(" + blocker.Hex() + ", hex\"60006000fd\");\n        " + call,
			"vm.etch(" + blocker.Hex() + ", hex\"\");\n        " + call,
			`assertTrue(paid, "expected the loop to pay another recipient once the failing one accepts");`,
		}, nil},
		{"SWC-113 unmeasured", foundry.Finding{Kind: "SWC-113", Calls: []foundry.Call{bid, refund}}, []string{
			`assertFalse(ok, "expected one failing recipient to revert the loop");`,
		}, []string{"paid", "hex\"\""}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.f
			f.Contract, f.Title, f.Detail = "C", "title", "detail"
			f.Style = foundry.Proof // each assertion as written (a regression test and-s them into its verdict)
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
		})
	}
}
