package solc

import (
	"strconv"
	"strings"
)

// StorageLayout is a contract's storageLayout output (solc 0.5.13 and
// later; older compilers give none).
type StorageLayout struct {
	Storage []StorageEntry `json:"storage"`
}

// StorageEntry is one state variable's place in storage.
type StorageEntry struct {
	Label  string `json:"label"`
	Offset int    `json:"offset"`
	Slot   string `json:"slot"` // decimal
	Type   string `json:"type"` // solc's type identifier, "t_contract(IVault)123"
}

// A ContractVar is a state variable declared with a contract or interface
// type (IVault public vault): the author says it holds a contract the
// code calls, not just an account.
type ContractVar struct {
	Label  string
	Slot   uint64
	Offset int
	// Contract is the declared type's name.
	Contract string
}

// contractVars lists l's state variables of a contract type, in storage
// order; nil without a layout.
func contractVars(l *StorageLayout) []ContractVar {
	if l == nil {
		return nil
	}
	var out []ContractVar
	for _, e := range l.Storage {
		rest, ok := strings.CutPrefix(e.Type, "t_contract(")
		if !ok {
			continue
		}
		name, _, ok := strings.Cut(rest, ")")
		slot, err := strconv.ParseUint(e.Slot, 10, 64)
		if !ok || err != nil {
			continue
		}
		out = append(out, ContractVar{Label: e.Label, Slot: slot, Offset: e.Offset, Contract: name})
	}
	return out
}
