package foundry

import (
	"fmt"

	"github.com/foresight-sol/foresight/engine/finding"
)

// This file is the harm of the kinds whose finding's sequence does not
// show it by itself: SWC-115, an authorisation through tx.origin, whose
// harm is a call the owner is lured into (the phish); SWC-128, a
// function whose gas grows with state any sender adds to, whose harm
// shows once the state grew past a block's gas; and SWC-113, a loop of
// payments one failing recipient reverts, whose harm is the others'
// payments it stops.

// blockExecGas is what a block of Foresight's chain (and the SWC-128
// oracle) leaves a call's execution: its 30,000,000 gas less a
// transaction's intrinsic 21,000.
const blockExecGas = 30_000_000 - 21_000

// phished reports whether the test sends the last call as a phishing
// contract would (SWC-115), asserting the words the owner's call writes.
func (g *gen) phished() bool {
	return g.x.Harm.Has(finding.HarmPhish) && g.f.Phished && len(g.f.Stored) > 0
}

// renderPhish writes SWC-115's last call as the phish: the owner (the
// deployer) calls a contract of the sender's, which sends the same call
// on, so msg.sender is the sender and tx.origin the owner.
func (g *gen) renderPhish(w func(string, ...any), c Call) {
	addr, _ := g.addressOf(c)
	w("        // The phish: the owner (the deployer) is lured into calling a\n")
	w("        // contract of this sender's, which sends this call on: msg.sender\n")
	w("        // is the sender, tx.origin the owner.\n")
	w("        vm.prank(%s, DEPLOYER);\n", c.Sender.Hex())
	w("        (ok, ret) = address(%s).call%s(hex\"%x\");\n", addr.Hex(), g.callOptions(c, ""), c.Input)
}

// gasDoS reports whether the test asserts SWC-128's harm: the last call
// running out of a block's gas once the call before it is repeated.
func (g *gen) gasDoS() bool {
	n := len(g.f.Calls)
	return g.x.Harm.Has(finding.HarmRepeat) && g.f.Repeat > 0 && n >= 2 && !g.f.Calls[n-1].ViaAttacker
}

// harmAssertion asserts the harm of SWC-115 and SWC-128 when the engine
// measured it; it reports false otherwise.
func (g *gen) harmAssertion(w func(string, ...any)) bool {
	switch {
	case g.phished():
		w("\n        // %s: %s\n", solComment(g.f.Title), solComment(g.f.Detail))
		w("        %s\n", g.assertTrue("ok", "the phished call commits"))
		w("        // The harm: the phished call wrote what only the owner's may\n")
		w("        // (the owner's own call writes the same), read back. Fixed, the\n")
		w("        // check is on msg.sender and the call reverts.\n")
		w("        bool loaded;\n        bytes memory word;\n")
		for _, s := range g.f.Stored {
			g.renderLoad(w, s.Address, s.Slot, s.Value, "expected the phished call to write what the owner's does")
		}
		return true
	case g.gasDoS():
		g.renderGasDoS(w)
		return true
	case g.loopBlocked():
		g.renderLoopBlocked(w)
		return true
	}
	return false
}

// loopBlocked reports whether the test asserts SWC-113's harm: the
// engine measured the recipient that blocks the loop and others it pays,
// and the last call does not come through that recipient.
func (g *gen) loopBlocked() bool {
	n := len(g.f.Calls)
	return g.x.Harm.Has(finding.HarmLoopBlock) && g.f.HasBlocker && len(g.f.Paid) > 0 && n > 0 &&
		g.f.Calls[n-1].Sender != g.f.Blocker
}

// renderLoopBefore records, right before the last call, the ether of the
// accounts the loop pays besides the blocker, and makes the blocker
// reject payments when it accepted them in the campaign (as the oracle
// ran the call again).
func (g *gen) renderLoopBefore(w func(string, ...any)) {
	w("        // The ether of the others the loop pays, before it.\n")
	for i, a := range g.f.Paid {
		w("        uint256 paid%d = address(%s).balance;\n", i, a.Hex())
	}
	if g.f.EtchBlocker {
		w("        // This recipient rejects payments, as the oracle ran the call.\n")
		w("        vm.etch(%s, hex\"%x\");\n", g.f.Blocker.Hex(), rejectCode)
	}
}

// renderLoopBlocked asserts SWC-113's harm: with the blocker in it the
// loop reverts, and once the blocker accepts (its code removed) the same
// call pays one of the others, so the failing recipient alone is what
// kept them unpaid. Fixed (the loop goes on past a failed payment, or
// each recipient withdraws its own), the call commits with the blocker
// rejecting, or the call pays no one once it accepts.
func (g *gen) renderLoopBlocked(w func(string, ...any)) {
	last := g.f.Calls[len(g.f.Calls)-1]
	w("\n        // %s: %s\n", solComment(g.f.Title), solComment(g.f.Detail))
	w("        %s\n", g.assertNot("ok", "expected one failing recipient to revert the loop"))
	w("        // The harm: the failing recipient is what keeps the others unpaid.\n")
	w("        // Made to accept (its code removed), the same call pays them.\n")
	w("        vm.etch(%s, hex\"\");\n", g.f.Blocker.Hex())
	g.renderCall(w, last, "        ", "")
	w("        bool paid = false;\n")
	for i, a := range g.f.Paid {
		spent := ""
		if a == last.Sender && !last.Value.IsZero() {
			spent = " + " + last.Value.Dec() // what the call itself sent
		}
		w("        if (address(%s).balance%s > paid%d) paid = true;\n", a.Hex(), spent, i)
	}
	w("        %s\n", g.assertTrue("paid", "expected the loop to pay another recipient once the failing one accepts"))
}

// renderGasDoS asserts SWC-128's harm where forge can show it: a forge
// test is one transaction, so the storage the repeated calls wrote is
// warm and cheaper to touch again than in the blocks the oracle ran them
// in. The test therefore measures the growth itself (_gasOf: the last
// call's gas with the contract's storage cooled, undone after), as the
// oracle did: a quarter of the oracle's calls, twice, then as many more
// as the growth says cross a block's gas (and a sixteenth more), at most
// four times the oracle's; then the last call, sent with a block's gas,
// must run out. Fixed (the loop bounded, or the calls not growing it),
// nothing grows, no call is repeated and it completes.
func (g *gen) renderGasDoS(w func(string, ...any)) {
	n := len(g.f.Calls)
	grow, use := g.f.Calls[n-2], g.f.Calls[n-1]
	addr, _ := g.addressOf(use)
	step := max(g.f.Repeat/4, 1)
	w("\n        // %s: %s\n", solComment(g.f.Title), solComment(g.f.Detail))
	w("        // The harm: calls of %s make\n", solComment(grow.Text))
	w("        // %s need more gas than a block has (%d for\n", solComment(use.Text), blockExecGas)
	w("        // its execution): sent with that, it runs out.\n")
	w("        address target = address(%s);\n", addr.Hex())
	w("        bytes memory last = hex\"%x\";\n", use.Input)
	w("        uint256[2] memory used;\n")
	w("        for (uint256 k = 0; k < 2; k++) {\n")
	w("            for (uint256 i = 0; i < %d; i++) {\n", step)
	g.renderCall(w, grow, "                ", "")
	w("            }\n")
	w("            used[k] = _gasOf(%s, target, last);\n", use.Sender.Hex())
	w("        }\n")
	w("        uint256 more = 0;\n")
	w("        if (used[1] > used[0] && used[1] < %d) {\n", blockExecGas)
	w("            uint256 per = (used[1] - used[0]) / %d + 1;\n", step)
	w("            more = (%d - used[1]) / per + 1;\n", blockExecGas)
	w("            more += more / 16;\n")
	w("            if (more > %d) more = %d;\n", 4*g.f.Repeat, 4*g.f.Repeat)
	w("        }\n")
	w("        for (uint256 i = 0; i < more; i++) {\n")
	g.renderCall(w, grow, "            ", "")
	w("        }\n")
	w("        uint256 spent = _gasOf(%s, target, last);\n", use.Sender.Hex())
	w("        bool harmed = spent >= %d;\n", blockExecGas)
	w("        %s\n", g.assertTrue("harmed", "expected the last call to run out of a block's gas"))
}

// gasOfFunc measures, with the contract's storage cooled (cool: the
// calls before it, in the same forge transaction, warmed it), the gas a
// call sent with a block's gas uses, all of it when it runs out; it
// reverts, so the call's effects (and the warmth) are undone.
const gasOfFunc = `
    /// The gas a call from "from", sent with a block's gas, uses in the
    /// state the test has, undone after (all of it when it runs out).
    function _gasOf(address from, address to, bytes memory data) internal returns (uint256) {
        (, bytes memory r) = address(this).call(abi.encodeWithSignature("_foresightGasOf(address,address,bytes)", from, to, data));
        return abi.decode(r, (uint256));
    }

    function _foresightGasOf(address from, address to, bytes calldata data) external {
        require(msg.sender == address(this), "only the test measures");
        address cheats = 0x7109709ECfa91a80626fF3989D68f67F5b1DD12D;
        (bool cooled, ) = cheats.call(abi.encodeWithSignature("cool(address)", to));
        cooled; // a forge without cool measures warm: the growth is then smaller
        (bool pranked, ) = cheats.call(abi.encodeWithSignature("prank(address,address)", from, from));
        require(pranked, "prank");
        uint256 before = gasleft();
        (bool ok, ) = to.call%s(data);
        ok;
        uint256 used = before - gasleft();
        assembly {
            mstore(0, used)
            revert(0, 32)
        }
    }
`

// renderGasOf writes _gasOf, in the test's language.
func (g *gen) renderGasOf(w func(string, ...any)) {
	if !g.gasDoS() {
		return
	}
	gas := fmt.Sprintf("{gas: %d}", blockExecGas)
	if g.legacy {
		gas = fmt.Sprintf(".gas(%d)", blockExecGas)
	}
	w(gasOfFunc, gas)
}
