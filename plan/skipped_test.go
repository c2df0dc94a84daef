package plan

import "testing"

// TestClassify: every reason the engine gives has its kind.
func TestClassify(t *testing.T) {
	for reason, want := range map[string]Why{
		"not deployed: deploy A: constructor failed: execution reverted":     Reverted,
		"not deployed: deploy A: constructor failed: max code size exceeded": TooLarge,
		"not deployed: deploy A: constructor failed: out of gas":             NotDeployed,
		"not deployed: A: libraries it links could not be deployed":          LibraryMissing,
		"not deployed: A links library L, which failed to deploy":            LibraryMissing,
		"no callable functions": NoFunctions,
		"not fuzzed: setUp(): unsupported cheatcode vm.ffi(string[])":                       SetUpFailed,
		"a campaign runs one Foundry set-up and this one ran B's (--setup A runs this one)": OtherSetUp,
		"test code": TestCode,
	} {
		if got := Classify(reason); got != want {
			t.Errorf("Classify(%q) = %q, want %q", reason, got.Short(), want.Short())
		}
	}
}
