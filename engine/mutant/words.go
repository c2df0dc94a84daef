package mutant

import (
	"fmt"
	"strconv"
)

// This file words a verdict the way a person reads it, one wording for
// the editor's hint and the command line's JUnit message, so the two
// never drift apart.

// Hint is what a survivor's or an unreached mutant's hint says: "no
// property notices if `>=` becomes `>` here: reached 4,210 times", or
// the coverage gap; "" for the other statuses.
func (r Result) Hint() string {
	switch r.Status {
	case Survived:
		return "no property notices if " + r.Description + " here: " + r.ReachWords()
	case NotReached:
		return "not reached: " + r.Description + " here: " + r.ReachWords() + "; " + CoverageGap
	}
	return ""
}

// CoverageGap says what a mutant not reached means.
const CoverageGap = "a gap in coverage (the set-up or the fuzzer does not get here), not in the properties"

// ReachWords says how often the mutant's line ran in its campaigns.
func (r Result) ReachWords() string {
	switch {
	case !r.Counted && r.Reached > 0:
		return "reached (the engine does not count this line's runs)"
	case r.Reached == 0:
		return fmt.Sprintf("never reached in %s executions", Grouped(r.Execs))
	case r.Reached == 1:
		return "reached once"
	}
	return "reached " + Grouped(r.Reached) + " times"
}

// Grouped writes n with thousands separators: 4,210.
func Grouped(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
