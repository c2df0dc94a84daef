package program

import (
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
)

// TestIsFoundryTest: a setUp() plus forge-std's marks or invariant
// functions make a Foundry test; a harness with only echidna properties,
// or a contract with setUp(uint256), does not.
func TestIsFoundryTest(t *testing.T) {
	fn := func(name, inputs string) string {
		return `{"type":"function","name":"` + name + `","inputs":[` + inputs + `],"outputs":[],"stateMutability":"nonpayable"}`
	}
	arg := `{"name":"x","type":"uint256"}`
	for _, tt := range []struct {
		name string
		fns  []string
		want bool
	}{
		{"IS_TEST", []string{fn("setUp", ""), fn("IS_TEST", "")}, true},
		{"StdInvariant", []string{fn("setUp", ""), fn("targetContracts", "")}, true},
		{"invariant", []string{fn("setUp", ""), fn("invariant_solvent", "")}, true},
		{"invariantCamel", []string{fn("setUp", ""), fn("invariantSolvent", "")}, true},
		{"no setUp", []string{fn("IS_TEST", ""), fn("invariant_solvent", "")}, false},
		{"setUp with an argument", []string{fn("setUp", arg), fn("IS_TEST", "")}, false},
		{"echidna harness", []string{fn("setUp", ""), fn("echidna_ok", "")}, false},
	} {
		parsed, err := abi.JSON(strings.NewReader("[" + strings.Join(tt.fns, ",") + "]"))
		if err != nil {
			t.Fatal(err)
		}
		if got := IsFoundryTest(parsed); got != tt.want {
			t.Errorf("%s: IsFoundryTest = %v, want %v", tt.name, got, tt.want)
		}
	}
}
