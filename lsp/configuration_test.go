package lsp

import (
	"testing"
	"time"
)

func TestParseSettings(t *testing.T) {
	st, ok, err := parseSettings(map[string]any{"foresight": map[string]any{"fuzzExecs": 5, "seed": 3, "oracles": map[string]any{"panics": true}, "targeted": false}})
	if err != nil || !ok || st.FuzzExecs != 5 || st.Seed != 3 || !st.Oracles["panics"] || st.targeted() {
		t.Errorf("section: %+v %v %v", st, ok, err)
	}
	st, ok, _ = parseSettings(map[string]any{"solcVersion": "0.8.19"})
	if !ok || st.SolcVersion != "0.8.19" {
		t.Errorf("bare section: %+v %v", st, ok)
	}
	for _, v := range []any{nil, map[string]any{"editor": map[string]any{"tabSize": 4}}, map[string]any{"foresight": nil}} {
		if _, ok, err := parseSettings(v); ok || err != nil {
			t.Errorf("parseSettings(%v) = %v, %v; want not ok", v, ok, err)
		}
	}
	if _, _, err := parseSettings(map[string]any{"foresight": map[string]any{"fuzzExecs": "many"}}); err == nil {
		t.Error("no error for a bad value")
	}
}

func TestBudget(t *testing.T) {
	zero, ten := 0.0, 10.0
	for _, tt := range []struct {
		st       Settings
		override time.Duration
		execs    uint64
		duration time.Duration
	}{
		{Settings{}, 0, 0, defaultBudget},
		{Settings{FuzzBudgetSeconds: &ten}, 0, 0, 10 * time.Second},
		{Settings{FuzzExecs: 100, FuzzBudgetSeconds: &zero}, 0, 100, 0},
		{Settings{FuzzBudgetSeconds: &zero}, 0, 0, defaultBudget}, // never unbounded
		{Settings{}, time.Minute, 0, time.Minute},
		{Settings{FuzzExecs: 100, FuzzBudgetSeconds: &zero}, time.Minute, 100, 0},
	} {
		o := tt.st.options(tt.override)
		if o.Execs != tt.execs || o.Duration != tt.duration || o.Seed == 0 {
			t.Errorf("%+v, %v: execs %d duration %v seed %d; want %d, %v, non-zero", tt.st, tt.override, o.Execs, o.Duration, o.Seed, tt.execs, tt.duration)
		}
	}
}
