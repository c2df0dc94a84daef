package session

import (
	"testing"

	"github.com/foresight-sol/foresight/engine/report"
)

// TestWhyOf: every reason the engine gives has its kind, worded as the
// engine words it, and one the engine does not know is "not deployed".
func TestWhyOf(t *testing.T) {
	for r, want := range map[report.SkipReason]Why{
		report.SkipReverted:       Reverted,
		report.SkipTooLarge:       TooLarge,
		report.SkipLibraryMissing: LibraryMissing,
		report.SkipNotDeployed:    NotDeployed,
		report.SkipNoFunctions:    NoFunctions,
		report.SkipSetUpFailed:    SetUpFailed,
		report.SkipOtherSetUp:     OtherSetUp,
		report.SkipReason(200):    NotDeployed,
	} {
		got := whyOf(r)
		if got != want || !got.Noted() || got.Short() != r.String() {
			t.Errorf("whyOf(%q) = %q (noted %v), want %q", r, got.Short(), got.Noted(), want.Short())
		}
	}
}
