package session

import (
	"testing"
	"time"
)

// TestBudget: the documented defaults (check 10 s, fuzz and "Fuzz this
// function" 60 s, a save 10 s unless set), what the user set winning,
// and an editor campaign never unbounded while the command line's
// --timeout 0 is.
func TestBudget(t *testing.T) {
	if CheckBudget != 10*time.Second || FuzzBudget != time.Minute || SaveBudget != 10*time.Second {
		t.Errorf("defaults check %v, fuzz %v, save %v; docs/cli.md and docs/lsp.md say 10s, 1m0s, 10s", CheckBudget, FuzzBudget, SaveBudget)
	}
	zero, five, neg := time.Duration(0), 5*time.Second, -time.Second
	for _, tt := range []struct {
		m     Mode
		set   *time.Duration
		def   time.Duration
		execs uint64
		want  time.Duration
	}{
		{Named, nil, CheckBudget, 0, CheckBudget},
		{Named, nil, FuzzBudget, 0, FuzzBudget},
		{Named, &five, CheckBudget, 0, five},
		{Named, &zero, CheckBudget, 0, 0}, // --timeout 0: until interrupted
		{Named, &neg, CheckBudget, 0, CheckBudget},
		{Save, nil, SaveBudget, 0, SaveBudget},
		{Save, &five, SaveBudget, 0, five},
		{Save, &zero, SaveBudget, 0, SaveBudget}, // never unbounded
		{Save, &zero, SaveBudget, 100, 0},        // the executions bound it
		{Command, nil, FuzzBudget, 0, FuzzBudget},
		{Command, &zero, FuzzBudget, 0, FuzzBudget},
	} {
		if got := Budget(tt.m, tt.set, tt.def, tt.execs); got != tt.want {
			t.Errorf("Budget(%v, %v, %v, %d) = %v, want %v", tt.m, tt.set, tt.def, tt.execs, got, tt.want)
		}
	}
	if ClockSeed(7) != 7 {
		t.Error("a given seed was not kept")
	}
	if a := ClockSeed(0); a == 0 {
		t.Error("no seed from the clock")
	}
}
