package behaviour

import (
	"fmt"
	"testing"
)

// TestChangedFunctions checks which functions the command line compares
// when it has no edited lines: the function whose text changed, or all
// of a contract whose code changed outside its public functions.
func TestChangedFunctions(t *testing.T) {
	old := fixtureBuild(t, "base")
	for _, tc := range []struct{ name, want string }{
		{"base", "[]"},
		{"rounding", "[Vault.deposit(uint256)]"},
		{"revert-message", "[Vault.withdraw(uint256)]"},
		{"access", "[Vault.setLimit(uint256)]"},
		// A state variable moved: every function may read it.
		{"layout", "[Vault.balance(address) Vault.calls() Vault.deposit(uint256) Vault.limit() Vault.owner() Vault.setLimit(uint256) Vault.total() Vault.withdraw(uint256)]"},
		// A new internal function: every function may call it.
		{"refactor", "[Vault.balance(address) Vault.calls() Vault.deposit(uint256) Vault.limit() Vault.owner() Vault.setLimit(uint256) Vault.total() Vault.withdraw(uint256)]"},
	} {
		got, err := Changed(old, fixtureBuild(t, tc.name))
		if err != nil {
			t.Fatal(err)
		}
		if s := fmt.Sprint(got); s != tc.want {
			t.Errorf("%s: changed %s, want %s", tc.name, s, tc.want)
		}
	}
}
