package report

import (
	"fmt"
	"strings"
)

// Harness names the Foundry test a finding's campaign started from when
// the command line ran a project's invariant suites beside its direct
// campaign (engine/harness picks them): replay and export compile File
// alone and deploy with Setup, not with the report's own setup.
type Harness struct {
	File     string `json:"file"` // the test file, relative to the report's root in a report
	Contract string `json:"contract"`
	Setup    Setup  `json:"setup"`
}

// validateHarness checks a finding's harness the way ValidateSetup checks
// a report's setup: a .sol path, a contract name, and that contract's
// set-up.
func validateHarness(h *Harness) error {
	if h == nil {
		return nil
	}
	if !strings.HasSuffix(h.File, ".sol") || !printableUnit(h.File) {
		return fmt.Errorf("%w: harness file %q is not a Solidity path", ErrInvalid, h.File)
	}
	if !IsIdent(h.Contract) || h.Setup.SetUp != h.Contract {
		return fmt.Errorf("%w: harness contract %q is not the set-up %q", ErrInvalid, h.Contract, h.Setup.SetUp)
	}
	return ValidateSetup(h.Setup)
}
