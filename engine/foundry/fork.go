package foundry

import (
	"bytes"
	"strconv"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/solc"
)

// This file is the fork part of an exported Foundry test (docs/cli.md, "Fork mode"):
// a finding made on a fork replays on the same block of the same chain,
// selected with vm.createSelectFork before anything is deployed, and the
// contracts the campaign found deployed there (--target-address) are
// called where they are instead of being deployed.

// forkURLEnv is the environment variable an exported test reads the fork
// URL from when the report's was redacted: credentials are never written
// in a test.
const forkURLEnv = "FORESIGHT_FORK_URL"

// startBlock is how the test writes the block number and timestamp it
// starts at: the fork block's, once selected, else a fresh chain's.
func (g *gen) startBlock() (number, time string) {
	if g.setup.Fork != nil {
		return "block.number", "block.timestamp"
	}
	start, err := chain.New(chain.Config{}, nil)
	if err != nil {
		return "1", "1700000000"
	}
	return strconv.FormatUint(start.Block.Number, 10), strconv.FormatUint(start.Block.Time, 10)
}

// renderFork selects the fork the campaign ran on, calling the cheatcodes
// at address(vm) (cheats: "vm") or at their address.
func (g *gen) renderFork(w func(string, ...any), cheats string) {
	fk := g.setup.Fork
	if fk == nil {
		return
	}
	// Through the cheatcode address, not the Vm interface: the project's
	// forge-std may predate createSelectFork, and ds-test has none.
	w("        // The campaign ran on a fork of chain %d at block %d (%s).\n", fk.ChainID, fk.Block, solComment(fk.URL))
	if fk.Redacted {
		w("        // The report keeps no credentials: set %s to the node's URL.\n", forkURLEnv)
		w("        (bool hasURL, bytes memory rawURL) = address(%s).call(abi.encodeWithSignature(\"envString(string)\", %s));\n", cheats, solString(forkURLEnv))
		w("        require(hasURL, \"set %s to the fork's node\");\n", forkURLEnv)
		w("        string memory forkURL = abi.decode(rawURL, (string));\n")
	} else {
		w("        string memory forkURL = %s;\n", solString(fk.URL))
	}
	w("        (bool forked, ) = address(%s).call(abi.encodeWithSignature(\"createSelectFork(string,uint256)\", forkURL, uint256(%d)));\n", cheats, fk.Block)
	w("        require(forked, \"vm.createSelectFork failed: is the fork's node running?\");\n")
	w("        require(block.chainid == %d, \"the fork is another chain\");\n", fk.ChainID)
}

// forked reports whether d was already deployed on the fork: the test
// calls it there.
func (g *gen) forked(d Deployed) bool {
	if g.setup.Fork == nil {
		return false
	}
	for _, t := range g.setup.Fork.Targets {
		if t.Contract == d.Name && d.HasAddress && t.Address == d.Address {
			return true
		}
	}
	return false
}

// forkSelectors are the selectors of the cheatcodes that select a fork.
var forkSelectors = func() [][]byte {
	var out [][]byte
	for _, sig := range []string{"createSelectFork(string)", "createSelectFork(string,uint256)", "createSelectFork(string,bytes32)", "selectFork(uint256)"} {
		out = append(out, append([]byte{0x63}, crypto.Keccak256([]byte(sig))[:4]...)) // PUSH4 selector
	}
	return out
}()

// selectsFork reports whether a contract's code calls a cheatcode that
// selects a fork: a set-up contract whose setUp() (or a base's) does
// needs no fork selected for it.
func selectsFork(a *solc.Artifact) bool {
	for _, sel := range forkSelectors {
		if bytes.Contains(a.Runtime.Bytes, sel) {
			return true
		}
	}
	return false
}

// renderSetUpFork writes, for a set-up campaign that ran on a fork its
// setUp() did not select, a constructor that selects it: forge runs the
// constructor before setUp(), which then deploys on the fork as the
// campaign's did (docs/cli.md, "Fork mode").
func (g *gen) renderSetUpFork(w func(string, ...any), setUp *solc.Artifact) {
	if g.setup.Fork == nil || setUp == nil || selectsFork(setUp) {
		return
	}
	w("    constructor() public {\n")
	w("        // setUp() ran on the fork in the campaign: forge runs it there too.\n")
	g.renderFork(w, cheatcodes.Hex())
	w("    }\n\n")
}
