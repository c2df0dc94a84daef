package deploy

import (
	"bytes"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// This file gives the deployer a constructor's owner parameter, as
// deployment scripts do (Foundry's and Hardhat's pass msg.sender): an
// address argument the constructor stored in one of the contract's first
// slots, a slot its runtime code reads near a CALLER (require(msg.sender
// == owner)). A sender the search drew instead would own the contract as
// an ordinary user: its configuration would be no more likely than any
// user's call, and setOwner could hand the contract away for good.

// callerWindow is how many instructions apart a slot's SLOAD and a
// CALLER may be for the slot to count as compared with msg.sender: a
// modifier's inline check, or an internal owner() next to its caller.
const callerWindow = 48

// ownerNames are the words of a parameter's name that hint at an owner:
// a hint that lets a slot read anywhere in the code count, where the
// check is spread over internal functions (OpenZeppelin's owner() !=
// _msgSender()), never a rule alone.
var ownerNames = []string{"owner", "admin", "governance", "governor", "guardian", "authority", "manager", "operator", "controller"}

// ownerVariant returns in with every top-level address argument that is
// an account with no code other than the deployer, stored (as-is, or
// packed) in a slot below roleSlots that the runtime code of created
// reads near a CALLER (or anywhere, in code with a CALLER, if the
// parameter's name in params hints at an owner), set to the deployer; nil
// when no argument is.
func (s *ctorSearch) ownerVariant(created common.Address, in *ctorInput, params abi.Arguments) *ctorInput {
	st := s.ch.State()
	near, read := callerSlots(st.GetCode(created))
	if len(read) == 0 {
		return nil
	}
	var out *ctorInput
	for j := range in.args {
		v := &in.args[j]
		if v.Type.T != abi.AddressTy {
			continue
		}
		a := common.Address(v.Word.Bytes20())
		if a == chain.Deployer || a == (common.Address{}) || len(st.GetCode(a)) > 0 {
			continue
		}
		slots := near
		if j < len(params) && hintsOwner(params[j].Name) {
			slots = read
		}
		for _, k := range slots {
			w := st.GetState(created, common.Hash(uint256.NewInt(k).Bytes32()))
			if bytes.Contains(w[:], a[:]) {
				if out == nil {
					out = in.clone()
				}
				out.args[j].Word.SetBytes20(chain.Deployer[:])
				break
			}
		}
	}
	return out
}

// hintsOwner reports whether a parameter's name has one of ownerNames.
func hintsOwner(name string) bool {
	name = strings.ToLower(name)
	for _, w := range ownerNames {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}

// callerSlots returns the slots below roleSlots that code (metadata left
// out) loads with a constant slot (a PUSH within the three instructions
// before the SLOAD): near, those loaded at most callerWindow
// instructions from a CALLER, and read, every one if the code has a
// CALLER; each in ascending order.
func callerSlots(code []byte) (near, read []uint64) {
	code = program.WithoutMetadata(code)
	type load struct {
		at   int
		slot uint64
	}
	var callers []int
	var loads []load
	lastPush, lastPushAt := uint64(0), -1<<30
	n := 0 // instruction index
	for pc := 0; pc < len(code); pc, n = pc+1, n+1 {
		op := vm.OpCode(code[pc])
		switch {
		case op == vm.PUSH0:
			lastPush, lastPushAt = 0, n
		case op >= vm.PUSH1 && op <= vm.PUSH32:
			size := int(op - vm.PUSH0)
			var x uint256.Int
			x.SetBytes(code[pc+1 : min(pc+1+size, len(code))])
			lastPush, lastPushAt = roleSlots, n // not a small slot
			if x.IsUint64() && x.Uint64() < roleSlots {
				lastPush = x.Uint64()
			}
			pc += size
		case op == vm.CALLER:
			callers = append(callers, n)
		case op == vm.SLOAD && n-lastPushAt <= 3 && lastPush < roleSlots:
			loads = append(loads, load{n, lastPush})
		}
	}
	if len(callers) == 0 {
		return nil, nil
	}
	var isNear, isRead [roleSlots]bool
	for _, l := range loads {
		isRead[l.slot] = true
		for _, c := range callers {
			if c-l.at <= callerWindow && l.at-c <= callerWindow {
				isNear[l.slot] = true
				break
			}
		}
	}
	for k := range uint64(roleSlots) {
		if isNear[k] {
			near = append(near, k)
		}
		if isRead[k] {
			read = append(read, k)
		}
	}
	return near, read
}
