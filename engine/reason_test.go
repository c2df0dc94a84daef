package engine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/foresight-sol/foresight/engine/internal/testbuild"
)

// TestNotFuzzedNeverEmpty: a campaign whose budget runs out before or
// during set-up (300 contracts, a budget of a
// millisecond) says why nothing was fuzzed, with the budget and how to
// raise it; and a report with no note and nothing skipped still has a
// reason. The editor ended such a campaign "not fuzzed: " with nothing
// after it.
func TestNotFuzzedNeverEmpty(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 300 contracts")
	}
	builds := testbuild.ManyContracts(t, 300)
	rep, err := Fuzz(context.Background(), builds, Options{Settings: Settings{Seed: 1, Duration: time.Millisecond}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Execs != 0 {
		t.Fatalf("a 1 ms budget over 300 contracts ran %d executions; want none", rep.Execs)
	}
	why := rep.NotFuzzed()
	t.Logf("not fuzzed: %s", why)
	for _, want := range []string{"time budget ran out", "(1ms)", "raise it"} {
		if !strings.Contains(why, want) {
			t.Errorf("why nothing was fuzzed %q lacks %q", why, want)
		}
	}
	for _, r := range []*Report{{}, {Skipped: []Skipped{{Contract: "C"}}}} {
		if r.NotFuzzed() == "" {
			t.Errorf("report %+v: no reason why nothing was fuzzed", r)
		}
	}
	if got := skipReason(errEmpty{}); strings.TrimPrefix(got, "not fuzzed: ") == "" {
		t.Errorf("skipReason of an error with no message: %q", got)
	}
}

// errEmpty is an error whose message is empty.
type errEmpty struct{}

func (errEmpty) Error() string { return "" }
