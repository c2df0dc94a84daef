package engine

import (
	"errors"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
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
		out = append(out, Skipped{Contract: c.Name, Unit: c.Artifact.Unit,
			Reason: "a campaign runs one Foundry set-up and this one ran " + cfg.SetUp + "'s (--setup " + c.Name + " runs this one)"})
	}
	return out
}

// skippedSetUp reports the set-up contract whose setUp() failed.
func skippedSetUp(p *program.Program, name string, err error) []Skipped {
	s := Skipped{Contract: name, Reason: skipReason(err)}
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
			out = append(out, Skipped{Contract: c.Name, Unit: c.Artifact.Unit, Reason: "no callable functions"})
			continue
		}
		if err == nil || !c.Root || c.FoundryTest || errors.Is(err, fuzz.ErrNotInSetUp) {
			continue
		}
		out = append(out, Skipped{Contract: c.Name, Unit: c.Artifact.Unit, Reason: "not deployed: " + err.Error()})
	}
	return out
}

// maxTxGas bounds a project's per-transaction gas limit: Foundry projects
// often set gas_limit to 2^64-1, and a transaction that loops that long
// would stall a campaign (the wall-clock guard would end it after seconds).
const maxTxGas = 1 << 30

// chainLimits applies the gas and code-size limits the project configures
// (foundry.toml's gas_limit, block_gas_limit, code_size_limit and
// disable_code_size_limit) to a campaign's chain.
func chainLimits(builds []*solc.Build, cfg *chain.Config) {
	for _, b := range builds {
		if b.Project == nil {
			continue
		}
		l := b.Project.Limits
		if l.GasLimit > 0 {
			cfg.GasLimit = min(max(l.GasLimit, 21_000), maxTxGas)
			// Foundry's gas_limit is also the block's unless
			// block_gas_limit says otherwise.
			cfg.BlockGasLimit = l.GasLimit
		}
		if l.BlockGasLimit > 0 {
			cfg.BlockGasLimit = l.BlockGasLimit
		}
		if l.CodeSizeLimit > 0 && !l.NoCodeSizeLimit {
			cfg.CodeSizeLimit = l.CodeSizeLimit
		}
		return
	}
}

// chainVersion is the EVM version a campaign's chain follows: the one the
// project compiles for (the attacker contracts run on every version), or,
// when it names none or one the chain does not know, the newest rules.
func chainVersion(builds []*solc.Build) string {
	for _, b := range builds {
		if b.Project == nil || b.Project.Settings.EVMVersion == "" {
			continue
		}
		v := b.Project.Settings.EVMVersion
		if chain.NotBefore(v, "homestead") {
			return v
		}
		return ""
	}
	return ""
}
