package engine

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// NotFuzzed says why a campaign fuzzed nothing, for callers that found
// nothing fuzzed: its note (the time budget ran out, the campaign was
// cancelled), else its skipped contracts' reasons, else what ran. It is
// never "", so that no caller prints "not fuzzed: " with nothing after
// it.
func (r *Report) NotFuzzed() string {
	if r.Note != "" {
		return r.Note
	}
	for _, sk := range r.Skipped {
		if sk.Reason != "" {
			return sk.Contract + ": " + sk.Reason
		}
	}
	if r.Execs > 0 {
		return fmt.Sprintf("no function completed a transaction in %d executions", r.Execs)
	}
	return "no contract was sent a transaction"
}

// endNote says why a campaign that ended when, with ctx done, fuzzed
// nothing, with its budget (0: none) and how to raise it.
func endNote(ctx context.Context, when string, budget time.Duration) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		if budget <= 0 {
			return "the time budget ran out " + when + ": nothing was fuzzed"
		}
		return fmt.Sprintf("the time budget ran out %s (%s): nothing was fuzzed; raise it (--timeout, or fuzzBudgetSeconds in the editor)", when, budget)
	}
	return "the campaign was cancelled " + when + ": nothing was fuzzed"
}

// skipReason is the reason of a contract err kept from being fuzzed,
// never without the why.
func skipReason(err error) string {
	return "not fuzzed: " + failure(err)
}

// failure is err's message, never "".
func failure(err error) string {
	if err == nil || err.Error() == "" {
		return "it failed with no message"
	}
	return err.Error()
}
