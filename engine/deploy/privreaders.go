package deploy

import (
	"bytes"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/state"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/holiman/uint256"
)

// This file extends the contracts meant for the privileged to those that
// keep no owner of their own but ask one that does: Aave's configurator
// checks require(addressesProvider.getPoolAdmin() == msg.sender) and
// stores only the provider's address, so the role search names the
// provider alone, and the deployer, sending rarely to the configurator,
// never configured a reserve before users acted (a stranger's pool-admin
// takeover went from 4,184 to 125,429 executions).

// readerSlots is how many of a target's first slots are read for a
// marked contract's address: an upgradeable contract keeps its variables
// past an initializer's gap of 50 (Aave's VersionedInitializable).
const readerSlots = 64

// namedReaders marks, in named, each target that reads CALLER, holds the
// address of a marked target (in its first readerSlots slots or as an
// immutable) and pushes the selector of one of that target's getters
// that takes nothing and returns an address: its access check compares
// the caller with what the marked contract says (the oracle's getter
// words, privgetter.go, are the same facts found by running). Marks
// spread until none is added.
func namedReaders(st *state.StateDB, p *program.Program, d *Deployment, named []bool) {
	sels := make([]map[[4]byte]bool, len(p.Contracts))
	for i, c := range p.Contracts {
		if c.Target && d.Errors[i] == nil {
			sels[i] = CallerSelectors(c.Artifact.Runtime.Bytes)
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range p.Contracts {
			if named[i] || len(sels[i]) == 0 {
				continue
			}
			for j := range p.Contracts {
				if j != i && named[j] && asksOwner(st, p, d, i, j, sels[i]) {
					named[i], changed = true, true
					break
				}
			}
		}
	}
}

// asksOwner reports whether target i holds target j's address and
// pushes the selector of one of j's address getters (sels: i's).
func asksOwner(st *state.StateDB, p *program.Program, d *Deployment, i, j int, sels map[[4]byte]bool) bool {
	asks := false
	for _, m := range p.Contracts[j].ABI.Methods {
		if isAddressGetter(&m) && sels[[4]byte(m.ID)] {
			asks = true
			break
		}
	}
	if !asks {
		return false
	}
	a, t := d.Addrs[j], d.Addrs[i]
	for k := uint64(0); k < readerSlots; k++ {
		w := st.GetState(t, common.Hash(uint256.NewInt(k).Bytes32()))
		if common.BytesToAddress(w[12:]) == a {
			return true
		}
	}
	return bytes.Contains(st.GetCode(t), a[:])
}

// isAddressGetter reports whether m takes nothing, writes nothing and
// returns one address.
func isAddressGetter(m *abi.Method) bool {
	return m.IsConstant() && len(m.Inputs) == 0 && len(m.Outputs) == 1 && m.Outputs[0].Type.T == abi.AddressTy
}

// CallerSelectors returns the 4-byte constants code pushes (the
// selectors of the functions it calls, among others) when the code reads
// CALLER, else nil: where a contract may compare what another returns
// with its caller.
func CallerSelectors(code []byte) map[[4]byte]bool {
	code = program.WithoutMetadata(code)
	out := map[[4]byte]bool{}
	caller := false
	for pc := 0; pc < len(code); pc++ {
		op := vm.OpCode(code[pc])
		switch {
		case op == vm.CALLER:
			caller = true
		case op == vm.PUSH4 && pc+4 < len(code):
			out[[4]byte(code[pc+1:pc+5])] = true
		}
		if op >= vm.PUSH1 && op <= vm.PUSH32 {
			pc += int(op - vm.PUSH0)
		}
	}
	if !caller {
		return nil
	}
	return out
}
