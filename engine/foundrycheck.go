package engine

import (
	"fmt"
	"strings"
)

// checkedCalls checks what an export writes of a finding and its setup,
// and returns the calls' values parsed: the test is built from those
// values and from names that are identifiers, never from a report's text
// (soltext.go). A field that does not check is an error, not an export.
func checkedCalls(f Finding, setup Setup) ([]callValues, error) {
	if err := ValidateFinding(f); err != nil {
		return nil, err
	}
	if err := ValidateSetup(setup); err != nil {
		return nil, err
	}
	if !isIdent(f.Contract) {
		return nil, fmt.Errorf("%w: contract %q is not a contract name", ErrBadReport, f.Contract)
	}
	if _, ok := panicCode(f.Kind); strings.HasPrefix(f.Kind, "panic-") && !ok {
		return nil, fmt.Errorf("%w: kind %q has no panic code", ErrBadReport, f.Kind)
	}
	calls := make([]callValues, len(f.Calls))
	for i, c := range f.Calls {
		v, err := parseCall(c)
		if err != nil {
			return nil, fmt.Errorf("call %d: %w", i+1, err)
		}
		calls[i] = v
	}
	return calls, nil
}
