package engine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/internal/fixtures"
)

// TestBudgetCoversDeployment checks that the wall-clock budget is counted
// from the call of Fuzz, not from the end of deployment: a campaign whose
// deadline has passed before deployment returns at once, says so, and
// runs nothing.
func TestBudgetCoversDeployment(t *testing.T) {
	builds := compile(t, fixtures.Example(t, "SequenceFoo.sol"))
	expired, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	cancelled, cancel2 := context.WithCancel(context.Background())
	cancel2()
	for name, tt := range map[string]struct {
		run  func() (*Report, error)
		note string
	}{
		"expired context": {func() (*Report, error) {
			return Fuzz(expired, builds, Options{Settings: Settings{Seed: 1, Execs: 1_000_000}})
		}, "time budget ran out before deployment"},
		// A 1 ns budget has passed when the deadline is set, long before
		// the contracts are deployed.
		"1ns budget": {func() (*Report, error) {
			return Fuzz(context.Background(), builds, Options{Settings: Settings{Seed: 1, Execs: 1_000_000, Duration: time.Nanosecond}})
		}, "time budget ran out before deployment"},
		"cancelled": {func() (*Report, error) {
			return Fuzz(cancelled, builds, Options{Settings: Settings{Seed: 1, Execs: 1_000_000}})
		}, "campaign was cancelled before deployment"},
	} {
		rep, err := tt.run()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if rep.Execs != 0 || len(rep.Findings) != 0 {
			t.Errorf("%s: ran %d executions, %d findings; want none", name, rep.Execs, len(rep.Findings))
		}
		if !strings.Contains(rep.Note, tt.note) {
			t.Errorf("%s: note %q, want %q", name, rep.Note, tt.note)
		}
	}
}

// TestReportCountsFuzzedCode checks the counts that back a "0 findings"
// summary: contracts and functions sent transactions, restricted by name.
func TestReportCountsFuzzedCode(t *testing.T) {
	builds := compile(t, fixtures.Example(t, "SequenceFoo.sol"))
	rep, err := Fuzz(context.Background(), builds, Options{Settings: Settings{Seed: 1, Execs: 50}})
	if err != nil {
		t.Fatal(err)
	}
	// bar, setY, incX, copyY.
	if rep.Contracts != 1 || rep.Functions != 4 || rep.Note != "" || rep.Execs == 0 {
		t.Errorf("contracts %d, functions %d, execs %d, note %q; want 1, 4, >0, none", rep.Contracts, rep.Functions, rep.Execs, rep.Note)
	}
}
