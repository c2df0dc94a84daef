package engine

import (
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
)

// This file is the fork part of an exported Foundry test (docs/fork.md):
// a finding made on a fork replays on the same block of the same chain,
// selected with vm.createSelectFork before anything is deployed, and the
// contracts the campaign found deployed there (--target-address) are
// called where they are instead of being deployed.

// forkURLEnv is the environment variable an exported test reads the fork
// URL from, so that a URL with credentials needs never be written in it.
const forkURLEnv = "FORESIGHT_FORK_URL"

// startBlock is how the test writes the block number and timestamp it
// starts at: the fork block's, once selected, else a fresh chain's.
func (g *foundryGen) startBlock() (number, time string) {
	if g.setup.Fork != nil {
		return "block.number", "block.timestamp"
	}
	start, err := chain.New(chain.Config{}, nil)
	if err != nil {
		return "1", "1700000000"
	}
	return strconv.FormatUint(start.Block.Number, 10), strconv.FormatUint(start.Block.Time, 10)
}

// renderFork selects the fork the campaign ran on.
func (g *foundryGen) renderFork(w func(string, ...any)) {
	fk := g.setup.Fork
	if fk == nil {
		return
	}
	url := fk.URL
	if fk.Redacted {
		url = "" // the report's has its credentials cut out
	}
	w("        // The campaign ran on a fork of chain %d at block %d (%s); set %s\n", fk.ChainID, fk.Block, solComment(fk.URL), forkURLEnv)
	w("        // to the node's URL%s.\n", map[bool]string{true: " (required: the report keeps no credentials)", false: " to use another"}[fk.Redacted])
	if g.lib == dsTest {
		w("        (bool forked, ) = address(vm).call(abi.encodeWithSignature(\"createSelectFork(string,uint256)\", %s, uint256(%d)));\n", solString(url), fk.Block)
		w("        require(forked, \"createSelectFork failed\");\n")
	} else {
		w("        vm.createSelectFork(vm.envOr(%s, string(%s)), %d);\n", solString(forkURLEnv), solString(url), fk.Block)
	}
	w("        require(block.chainid == %d, \"the fork is another chain\");\n", fk.ChainID)
}

// forked reports whether d was already deployed on the fork: the test
// calls it there.
func (g *foundryGen) forked(d Deployed) bool {
	if g.setup.Fork == nil {
		return false
	}
	for _, t := range g.setup.Fork.Targets {
		if t.Contract == d.Name && strings.EqualFold(common.HexToAddress(t.Address).Hex(), d.Address) {
			return true
		}
	}
	return false
}
