package cheatcode

import (
	"slices"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
)

// targetSigs names each target and its functions, "Pot:fill(uint256)".
func targetSigs(t *testing.T, ts []Target) []string {
	t.Helper()
	var out []string
	for _, tg := range ts {
		for _, sel := range tg.Selectors {
			m, err := tg.Contract.ABI.MethodById(sel[:])
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, tg.Name+":"+m.Sig)
		}
	}
	slices.Sort(out)
	return out
}

// TestChoicesEachOnItsOwn: forge reads each StdInvariant getter on its
// own, so a harness that declares only some of them gets those (before,
// targetSenders() was read only after excludeContracts(), and a missing
// getter ended the reading), a reverting getter chooses nothing, and
// excludeSelectors, targetArtifacts, excludeArtifacts and
// targetArtifactSelectors apply as forge applies them.
func TestChoicesEachOnItsOwn(t *testing.T) {
	p := project(t, "test/Choices.t.sol")
	pot := "Pot:drain() Pot:fill(uint256)"
	for _, tt := range []struct {
		test, targets string
		senders       []common.Address
	}{
		{"SendersOnlyTest", pot, []common.Address{common.HexToAddress("0xBEEF")}},
		{"ExcludeOnlyTest", pot, []common.Address{common.HexToAddress("0xa"), common.HexToAddress("0xBAD")}},
		{"RevertingGettersTest", "Breaker:smash(address) " + pot, []common.Address{common.HexToAddress("0xa")}},
		{"ExcludeSelectorsTest", "Pot:fill(uint256)", []common.Address{common.HexToAddress("0xa"), common.HexToAddress("0xBAD")}},
		{"ArtifactsTest", "Pot:drain() Pot:drain() Pot:fill(uint256) Pot:fill(uint256)", nil},
		{"ArtifactSelectorsTest", "Pot:fill(uint256)", nil},
	} {
		t.Run(tt.test, func(t *testing.T) {
			s, err := RunSetUp(p, tt.test, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(targetSigs(t, s.Targets()), " "); got != tt.targets {
				t.Errorf("targets = %s, want %s", got, tt.targets)
			}
			if tt.senders == nil {
				return
			}
			got := s.Senders([]common.Address{common.HexToAddress("0xa"), common.HexToAddress("0xBAD")})
			if !slices.Equal(got, tt.senders) {
				t.Errorf("senders = %v, want %v", got, tt.senders)
			}
		})
	}
}
