package mutant

import (
	"fmt"
	"slices"

	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/report"
)

// Status is what became of a mutant.
type Status string

// The statuses: the three a fuzzed mutant gets, and the two of mutants
// dropped before any campaign.
const (
	// Killed: a property of the project failed on it (an invariant, an
	// echidna-style property, an assert in the code) that does not fail
	// on the original, or its set-up failed where the original's ran.
	Killed Status = "killed"
	// Survived: its line was reached (at least the minimum number of
	// times, where the engine counts them) and no property failed.
	Survived Status = "survived"
	// NotReached: its line ran too rarely to say: a gap in coverage
	// (the set-up or the fuzzer does not get there), not in the tests.
	NotReached Status = "not-reached"
	// Invalid: the mutant does not compile.
	Invalid Status = "invalid"
	// Equivalent: its bytecode is the original's (SameCode).
	Equivalent Status = "equivalent"
)

// A Result is a mutant and what became of it.
type Result struct {
	Mutant
	Status Status `json:"status"`
	// Killer is the failure that killed it, with the calls that show it.
	Killer *report.Finding `json:"killer,omitempty"`
	// KilledBy says what killed it in a few words: "invariant_solvent
	// (VaultTest)", "setUp() failed: ...".
	KilledBy string `json:"killedBy,omitempty"`
	// Reached counts the runs of the mutant's line (Probe) over its
	// campaigns; Counted says the engine counts that line (code that
	// runs into a conditional jump): a line that ran but is not counted
	// is taken as reached.
	Reached uint64 `json:"reached"`
	Counted bool   `json:"counted"`
	// Oracles are the built-in oracles' finding kinds the mutant gave
	// that the original did not: counted apart, they kill nothing.
	Oracles []string `json:"oracles,omitempty"`
	// Execs are the executions its campaigns ran.
	Execs uint64 `json:"execs"`
	// Note says why it was dropped (the compiler's first error).
	Note string `json:"note,omitempty"`
}

// Reach is what the campaigns saw of one line: whether code comes from
// it, whether that code ran, and how often where the engine counts it.
type Reach struct {
	Code, Ran bool
	Hits      uint64
}

// Observed is what the campaigns of one build (a mutant's or the
// original's) found and reached.
type Observed struct {
	Findings []report.Finding
	// Lines are the mutated file's lines (one-based) in that build.
	Lines map[int]Reach
	// SetUpFailed names the suites whose set-up failed, with why.
	SetUpFailed []string
	Execs       uint64
}

// IsProperty reports whether a finding kind is one of the project's own
// properties (its invariants, echidna-style properties and asserts), as
// opposed to a built-in oracle.
func IsProperty(kind string) bool {
	switch finding.Kind(kind) {
	case finding.Invariant, finding.Property, finding.AssertFailure:
		return true
	}
	return false
}

// Classify judges a mutant from its campaigns (got) and the original's
// (base, same seed and budget): a failure the original also shows kills
// nothing. minHits is how often a counted line must have run for the
// mutant to survive rather than go unreached.
func Classify(m Mutant, base, got Observed, minHits uint64) Result {
	r := Result{Mutant: m, Execs: got.Execs}
	known := map[string]bool{}
	for _, f := range base.Findings {
		known[keyOf(f, nil)] = true
	}
	for _, f := range got.Findings {
		if known[keyOf(f, &m)] || f.Mock {
			continue
		}
		if IsProperty(f.Kind) {
			if r.Killer == nil {
				f := f
				r.Killer, r.KilledBy = &f, killedBy(f)
			}
			continue
		}
		if !slices.Contains(r.Oracles, f.Kind) {
			r.Oracles = append(r.Oracles, f.Kind)
		}
	}
	slices.Sort(r.Oracles)
	for _, s := range got.SetUpFailed {
		if r.Killer == nil && r.KilledBy == "" && !slices.Contains(base.SetUpFailed, s) {
			r.KilledBy = s
		}
	}
	r.Reached, r.Counted = reach(m, got.Lines)
	switch {
	case r.KilledBy != "":
		r.Status = Killed
	case r.Counted && r.Reached >= minHits || !r.Counted && r.Reached > 0:
		r.Status = Survived
	default:
		r.Status = NotReached
	}
	return r
}

// reach is the runs of the first of the mutant's probe lines that has
// code; uncounted, a line that ran is 1.
func reach(m Mutant, lines map[int]Reach) (uint64, bool) {
	for _, l := range m.Probe {
		r := lines[l]
		switch {
		case !r.Code:
			continue
		case r.Hits > 0:
			return r.Hits, true
		case r.Ran:
			return 1, false
		}
		return 0, true
	}
	return 0, false
}

// keyOf names a failure by kind, check, place and suite; with a mutant,
// a place after its edit in its file is moved back to the original's.
func keyOf(f report.Finding, m *Mutant) string {
	start, end := f.Start, f.End
	if m != nil && f.Path == m.Path && start >= m.End+m.Shift() {
		start, end = start-m.Shift(), end-m.Shift()
	}
	suite := ""
	if f.Harness != nil {
		suite = f.Harness.File + ":" + f.Harness.Contract
	}
	return fmt.Sprintf("%s|%s|%s|%s|%d|%d|%s", f.Kind, f.Check, f.Contract, f.Path, start, end, suite)
}

// killedBy says which property failed.
func killedBy(f report.Finding) string {
	what := f.Check
	if what == "" {
		what = f.Kind
	}
	if f.Harness != nil && f.Harness.Contract != "" {
		return fmt.Sprintf("%s (%s)", what, f.Harness.Contract)
	}
	if f.Contract != "" {
		return fmt.Sprintf("%s (%s)", what, f.Contract)
	}
	return what
}
