package deploy

import "testing"

// TestNamesContract: a constructor's address parameter whose name says
// contract is kept from the senders; one that says owner, admin or
// another account is not.
func TestNamesContract(t *testing.T) {
	for name, want := range map[string]bool{
		"accountFactory":   true,
		"anAggregator":     true,
		"_entryPoint":      true,
		"priceFeed":        true,
		"tokenAddress":     true,
		"owner":            false,
		"admin":            false,
		"_verifyingSigner": false,
		"recipient":        false,
		"to":               false,
	} {
		if got := namesContract(name); got != want {
			t.Errorf("namesContract(%q) = %v, want %v", name, got, want)
		}
	}
}
