package report

import (
	"reflect"
	"testing"
)

// TestIsMock: folders mock(s), test(s), testing and names holding "Mock"
// (or starting with "mock") are test helpers; a name that merely holds
// "test" or "mock" inside a word is not.
func TestIsMock(t *testing.T) {
	for _, tt := range []struct {
		unit, contract string
		want           bool
	}{
		{"contracts/mocks/helpers/Killable.sol", "Killable", true},
		{"mock/Token.sol", "Token", true},
		{"test/Handler.sol", "Handler", true},
		{"tests/utils/Helper.sol", "Helper", true},
		{"contracts/testing/Harness.sol", "Harness", true},
		{`contracts\mocks\W.sol`, "W", true},
		{"contracts/WETHMock.sol", "WETHMock", true},
		{"contracts/Tokens.sol", "MockWETH", true},
		{"contracts/mockOracle.sol", "Oracle", true},
		{"contracts/Vault.sol", "Vault", false},
		{"contracts/testnet/Faucet.sol", "Faucet", false},
		{"contracts/Hammock.sol", "Hammock", false},
		{"src/Attestation.sol", "Attestation", false},
	} {
		if got := IsMock(tt.unit, tt.contract); got != tt.want {
			t.Errorf("IsMock(%q, %q) = %v, want %v", tt.unit, tt.contract, got, tt.want)
		}
	}
}

// TestMocksLast: the project's own findings first, the mocks' after them,
// each group in its order; Own counts the first group.
func TestMocksLast(t *testing.T) {
	fs := []Finding{{Kind: "a", Mock: true}, {Kind: "b"}, {Kind: "c", Mock: true}, {Kind: "d"}}
	MocksLast(fs)
	var got []string
	for _, f := range fs {
		got = append(got, f.Kind)
	}
	if want := []string{"b", "d", "a", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if n := Own(fs); n != 2 {
		t.Errorf("Own = %d, want 2", n)
	}
}
