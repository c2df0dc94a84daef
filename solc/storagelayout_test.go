package solc

import (
	"path/filepath"
	"reflect"
	"testing"
)

// TestContractVars reads the state variables of a contract type from a
// real compile's storage layout: inherited ones, packed ones at their
// offset, and none of an address or a mapping type.
func TestContractVars(t *testing.T) {
	tc := testToolchain(t)
	b := compileFile(t, tc, filepath.Join("testdata", "layout", "Vars.sol"), nil)
	got := artifact(t, b, "Exchange").ContractVars
	want := []ContractVar{
		{Label: "registry", Slot: 1, Offset: 0, Contract: "IRegistry"},
		{Label: "pair", Slot: 3, Offset: 1, Contract: "Pair"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ContractVars = %+v, want %+v", got, want)
	}
	if got := artifact(t, b, "Pair").ContractVars; len(got) != 0 {
		t.Errorf("Pair's ContractVars = %+v, want none", got)
	}
}
