package replay

import (
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/solc"
)

// maxTxGas bounds a project's per-transaction gas limit: Foundry projects
// often set gas_limit to 2^64-1, and a transaction that loops that long
// would stall a campaign (the wall-clock guard would end it after seconds).
const maxTxGas = 1 << 30

// ChainLimits applies the gas and code-size limits the project configures
// (foundry.toml's gas_limit, block_gas_limit, code_size_limit and
// disable_code_size_limit) to a campaign's chain.
func ChainLimits(builds []*solc.Build, cfg *chain.Config) {
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

// ChainVersion is the EVM version a campaign's chain follows: the one the
// project compiles for (the attacker contracts run on every version), or,
// when it names none or one the chain does not know, the newest rules.
func ChainVersion(builds []*solc.Build) string {
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
