package engine

import (
	"errors"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
)

// chooseSetUp picks the campaign's Foundry set-up: the one Options.SetUp
// names, else the first Foundry test contract of the requested files
// (those with invariant functions first). A campaign runs one set-up; the
// other test contracts are reported as skipped.
func chooseSetUp(p *program.Program, cfg *fuzz.Config) []Skipped {
	tests := p.SetUpContracts()
	if cfg.SetUp == "" && len(tests) > 0 {
		cfg.SetUp = tests[0].Name
	}
	var out []Skipped
	for _, c := range tests {
		if c.Name == cfg.SetUp {
			continue
		}
		out = append(out, Skipped{Contract: c.Name, Unit: c.Artifact.Unit, Kind: report.SkipOtherSetUp,
			Reason: "a campaign runs one Foundry set-up and this one ran " + cfg.SetUp + "'s (--setup " + c.Name + " runs this one)"})
	}
	return out
}

// skippedSetUp reports the set-up contract whose setUp() failed.
func skippedSetUp(p *program.Program, name string, err error) []Skipped {
	cause := err
	if se := (*fuzz.SetUpError)(nil); errors.As(err, &se) && se.Contract == name {
		cause = se.Err // the skip names the contract already
	}
	s := Skipped{Contract: name, Reason: skipReason(err), Kind: report.SkipSetUpFailed, Cause: failure(cause)}
	if c, ok := p.Lookup(name); ok {
		s.Unit = c.Artifact.Unit
	}
	return []Skipped{s}
}

// notDeployed reports the contracts of the requested files that a plain
// deployment could not deploy (constructor reverted for every argument
// set, out of gas, code too large, a missing library) or that have no
// function to call, with the reason.
func notDeployed(p *program.Program, d *deploy.Deployment) []Skipped {
	if d == nil {
		return nil
	}
	var out []Skipped
	for i, c := range p.Contracts {
		err := d.Errors[i]
		if err == nil && c.Root && !c.FoundryTest && !c.Target {
			out = append(out, Skipped{Contract: c.Name, Unit: c.Artifact.Unit, Reason: "no callable functions", Kind: report.SkipNoFunctions})
			continue
		}
		if err == nil || !c.Root || c.FoundryTest || errors.Is(err, fuzz.ErrNotInSetUp) {
			continue
		}
		out = append(out, Skipped{Contract: c.Name, Unit: c.Artifact.Unit, Reason: "not deployed: " + err.Error(), Kind: skipOf(err)})
	}
	return out
}

// skipOf names the reason a deployment error kept a contract from being
// fuzzed, by the errors it wraps: a missing library first (its
// constructor never ran), then a constructor that failed by reverting.
func skipOf(err error) report.SkipReason {
	switch {
	case err == nil:
		return report.SkipNone
	case errors.Is(err, deploy.ErrLibraryMissing):
		return report.SkipLibraryMissing
	case errors.Is(err, vm.ErrMaxCodeSizeExceeded), errors.Is(err, chain.ErrCodeSizeLimit):
		return report.SkipTooLarge
	case errors.Is(err, deploy.ErrConstructorFailed) && errors.Is(err, vm.ErrExecutionReverted):
		return report.SkipReverted
	}
	return report.SkipNotDeployed
}
