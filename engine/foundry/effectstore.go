package foundry

import (
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/finding"
)

// markerSlot and markerValue are the word the code an SWC-112 test
// installs at the delegatecalled account writes: a slot no variable uses,
// so that it can only be written by code the caller chose.
var (
	markerSlot  = crypto.Keccak256Hash([]byte("foresight.delegatecall.slot"))
	markerValue = crypto.Keccak256Hash([]byte("foresight.delegatecall.value"))
)

// MarkerCode is what the delegatecalled account runs in an SWC-112 test:
// SSTORE(markerSlot, markerValue), then STOP (no PUSH0: any EVM version).
func MarkerCode() []byte {
	code := []byte{byte(vm.PUSH32)}
	code = append(code, markerValue[:]...)
	code = append(code, byte(vm.PUSH32))
	code = append(code, markerSlot[:]...)
	return append(code, byte(vm.SSTORE), byte(vm.STOP))
}

// renderStored asserts that the words the last call changed hold what
// they held in the campaign: fixed, the call reverts or writes others.
func (g *gen) renderStored(w func(string, ...any)) {
	w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
	if g.x.Harm.Has(finding.HarmRejected) {
		w("        // The harm: the call it made failed, yet the state it changed\n")
		w("        // stays changed, read back. Fixed, the transaction reverts.\n")
	} else {
		w("        // The harm: the storage the last call wrote, read back.\n")
	}
	w("        bool loaded;\n        bytes memory word;\n")
	for _, s := range g.f.Stored {
		g.renderLoad(w, s.Address, s.Slot, s.Value, "expected the word the finding wrote")
	}
}

// renderLoad asserts that a storage word holds value, read with load.
func (g *gen) renderLoad(w func(string, ...any), addr common.Address, slot, value common.Hash, msg string) {
	w("        (loaded, word) = address(%s).staticcall(abi.encodeWithSignature(\"load(address,bytes32)\", address(%s), bytes32(%s)));\n", cheatcodes.Hex(), addr.Hex(), slot.Hex())
	w("        %s\n", g.assertTrue(fmt.Sprintf("loaded && abi.decode(word, (bytes32)) == bytes32(%s)", value.Hex()), msg))
}

// rejectCode reverts whatever it is sent: REVERT(0, 0).
var rejectCode = []byte{byte(vm.PUSH1), 0, byte(vm.PUSH1), 0, byte(vm.REVERT)}

// renderRejecter makes, before the last call, the account it pays reject
// the payment, as SWC-104's oracle ran it: the finding is that the call's
// failure goes unnoticed.
func (g *gen) renderRejecter(w func(string, ...any)) {
	w("        // The account this call pays or calls rejects it, as the oracle\n")
	w("        // ran it: the call fails, and nothing checks that it did.\n")
	w("        vm.etch(%s, hex\"%x\");\n", g.f.Callee.Hex(), rejectCode)
}

// renderMarkerCode installs, before the last call, code at the account
// it delegatecalls that writes a marker word: what any caller could have
// put there.
func (g *gen) renderMarkerCode(w func(string, ...any)) {
	w("        // The account this call delegatecalls gets code that writes a\n")
	w("        // word no variable uses: code its caller chose, as anyone could.\n")
	w("        vm.etch(%s, hex\"%x\");\n", g.f.Delegate.Hex(), MarkerCode())
}

// renderMarker asserts that the caller's code wrote the contract's own
// storage (SWC-112: it could as well overwrite the owner or take the
// ether). Fixed, the contract delegatecalls only code it trusts.
func (g *gen) renderMarker(w func(string, ...any)) {
	w("        %s\n", g.assertTrue("ok", "the last transaction commits"))
	w("        // The harm: code the caller chose wrote the contract's storage.\n")
	w("        bool loaded;\n        bytes memory word;\n")
	g.renderLoad(w, g.f.Delegator, markerSlot, markerValue, "expected the delegatecalled code to write the contract's storage")
}
