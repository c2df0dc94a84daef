package session

import "time"

// The documented default budgets (docs/cli.md, docs/lsp.md), the one
// place the command line and the editor take them from.
const (
	// CheckBudget is `foresight check`'s: a quick answer, in CI too.
	CheckBudget = 10 * time.Second
	// FuzzBudget is `foresight fuzz`'s and the editor's "Fuzz this
	// function": a longer look at what was named.
	FuzzBudget = 60 * time.Second
	// SaveBudget is a save's and "Fuzz this file"'s, unless the
	// fuzzBudgetSeconds setting says otherwise.
	SaveBudget = 10 * time.Second
)

// Budget is a campaign's wall-clock budget in mode m: set, the user's (a
// flag or setting; nil when none was given; 0 means no time limit), else
// def. An editor campaign (Save, Command) always ends, so with neither a
// time nor an execution budget it takes def; on the command line (Named)
// 0 runs until interrupted, as --timeout 0 says.
func Budget(m Mode, set *time.Duration, def time.Duration, execs uint64) time.Duration {
	d := def
	if set != nil {
		d = *set
	}
	if d <= 0 && (m != Named && execs == 0 || d < 0) {
		return def
	}
	return d
}

// ClockSeed is seed, or, when it is 0 (none given), one taken from the
// clock, which the run then prints or logs so that it can be repeated.
func ClockSeed(seed uint64) uint64 {
	if seed != 0 {
		return seed
	}
	if s := uint64(time.Now().UnixNano()); s != 0 {
		return s
	}
	return 1
}
