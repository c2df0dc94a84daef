package engine

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"
)

// privilegedExecs is the budget of the owner-configured market campaigns.
const privilegedExecs = 20_000

// TestOwnerConfigures checks that the deployer sends transactions even when
// no storage slot names it (an immutable owner): the owner enables the
// market's parameters, a user creates a market and borrows past the
// planted bug.
func TestOwnerConfigures(t *testing.T) {
	path := filepath.Join("testdata", "privileged", "OwnedMarket.sol")
	bs := compile(t, path)
	rep, err := Fuzz(context.Background(), bs, Options{Settings: Settings{Seed: 1, Execs: privilegedExecs}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := found(rep), expected(t, path); !reflect.DeepEqual(got, want) {
		t.Errorf("findings %v, want %v", got, want)
	}
	// The code behind the configuration ran: all but the lines of
	// functions no sequence completes (none here) were covered.
	if p := rep.LinePercent(); p < 90 {
		t.Errorf("%d of %d lines covered (%.0f%%), want at least 90%%", rep.LinesCovered, rep.Lines, p)
	}
	t.Logf("%d of %d lines covered, %d execs", rep.LinesCovered, rep.Lines, rep.Execs)
}
