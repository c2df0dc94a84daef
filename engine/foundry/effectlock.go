package foundry

import "github.com/foresight-sol/foresight/engine/finding"

// renderLockBefore records, before the last call (a depositor's
// withdrawal), the depositor's ether.
func (g *gen) renderLockBefore(w func(string, ...any)) {
	last := g.f.Calls[len(g.f.Calls)-1]
	w("        // The depositor's ether before its withdrawal.\n")
	w("        uint256 beforeLast = address(%s).balance;\n", last.Sender.Hex())
}

// renderLock asserts owner-lock's harm: after the privileged call the
// depositor's withdrawal pays it nothing, reverting or not (the oracle
// saw it pay without that call). Fixed, it pays.
func (g *gen) renderLock(w func(string, ...any)) {
	last := g.f.Calls[len(g.f.Calls)-1]
	sent := ""
	if !last.Value.IsZero() {
		sent = " + " + last.Value.Dec()
	}
	w("        // The harm: the withdrawal paid the depositor nothing. Fixed, it pays.\n")
	w("        bool harmed = address(%s).balance%s <= beforeLast;\n", last.Sender.Hex(), sent)
	w("        %s\n", g.assertTrue("harmed", "expected the withdrawal to pay the depositor nothing"))
}

// renderFrozen asserts freezing-ether's harm: the contract holds ether
// and its runtime code has no instruction that can send any (CALL,
// CALLCODE, DELEGATECALL, CREATE, CREATE2, SELFDESTRUCT), scanned as the
// oracle does, PUSH data skipped, and solc's metadata too (the oracle
// reports only code whose metadata hides no such byte, and forge's build
// has a metadata hash of its own). Fixed, it can send (a withdrawal).
func (g *gen) renderFrozen(w func(string, ...any)) {
	addr := g.contractAddress()
	w("        %s\n", g.assertTrue("ok", "the transaction that pays the contract commits"))
	w("        // The harm: it holds ether, and no instruction of its code can send any.\n")
	w("        bool harmed = address(%s).balance > 0 && !_canSendEther(%s);\n", addr.Hex(), addr.Hex())
	w("        %s\n", g.assertTrue("harmed", "expected ether no instruction of the contract can send"))
}

// renderEmptied asserts SWC-106's harm when the ether went to no sender
// (the owner, say): the selfdestruct anyone could reach sent all of the
// contract's ether away. Fixed, the call reverts and the ether stays.
func (g *gen) renderEmptied(w func(string, ...any)) {
	w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
	w("        // The harm: the selfdestruct sent all of the contract's ether away.\n")
	w("        bool harmed = address(%s).balance == 0;\n", g.f.Emptied.Hex())
	w("        %s\n", g.assertTrue("harmed", "expected the selfdestruct to empty the contract"))
}

// canSendEtherFunc is the Solidity scan renderFrozen calls, in the
// language of every compiler the test admits (no address.code before
// 0.8).
const canSendEtherFunc = `
    /// Whether code has an instruction that can send ether: CALL,
    /// CALLCODE, DELEGATECALL, CREATE, CREATE2 or SELFDESTRUCT (PUSH data
    /// and solc's metadata skipped), as Foresight's ` + string(finding.FreezingEther) + ` oracle
    /// scans it.
    function _canSendEther(address where) internal view returns (bool) {
        uint256 n;
        assembly { n := extcodesize(where) }
        bytes memory code = new bytes(n);
        assembly { extcodecopy(where, add(code, 0x20), 0, n) }
        // solc's metadata ends the code, its length in the last two bytes:
        // data, not instructions (forge's build has a hash of its own).
        if (n >= 2) {
            uint256 m = uint256(uint8(code[n - 2])) * 256 + uint256(uint8(code[n - 1])) + 2;
            if (m <= n) n -= m;
        }
        for (uint256 i = 0; i < n; i++) {
            uint8 op = uint8(code[i]);
            if (op == 0xf0 || op == 0xf1 || op == 0xf2 || op == 0xf4 || op == 0xf5 || op == 0xff) return true;
            if (op >= 0x60 && op <= 0x7f) i += op - 0x5f;
        }
        return false;
    }
`

// renderHelpers writes the test contract's helper functions its harm
// assertion calls.
func (g *gen) renderHelpers(w func(string, ...any)) {
	if g.x.Assert == finding.AssertFrozen {
		w("%s", canSendEtherFunc)
	}
	g.renderGasOf(w) // effectharm.go
}

// lockAssertion renders the assertions of the kinds whose last call
// need not commit or whose harm is not a vulnerability oracle's;
// it reports false for other kinds.
func (g *gen) lockAssertion(w func(string, ...any)) bool {
	switch g.x.Assert {
	case finding.AssertLocked:
		w("\n        // %s: %s\n", solComment(g.f.Title), solComment(g.f.Detail))
		g.renderLock(w)
	case finding.AssertFrozen:
		w("\n        // %s: %s\n", solComment(g.f.Title), solComment(g.f.Detail))
		g.renderFrozen(w)
	default:
		return false
	}
	return true
}
