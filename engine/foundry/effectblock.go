package foundry

import (
	"fmt"

	"github.com/foresight-sol/foresight/engine/chain"
)

// This file gives the exported test of a bad-randomness finding (SWC-120)
// the block data the campaign's chain had: forge's blockhashes and
// PREVRANDAO differ from Foresight's (engine/chain: fixed functions of the
// block number), so without them a branch on a blockhash goes another
// way under forge and the winnings the test asserts are not paid.

// blockDataFunc is the Solidity helper renderBlockData calls after every
// vm.roll. It sets a value only where forge's differs, so a runner that
// already has Foresight's values (Foresight's own cheatcodes) needs no
// cheatcode beyond those docs/foundry-export.md lists; the cheatcodes are
// called by address and signature (setBlockhash is recent), so a forge
// without them fails the gain assertion, not the build.
const blockDataFunc = `
    /// Gives block n the blockhashes of the 256 blocks before it%s that
    /// Foresight's chain has (a fixed function of the number), so a
    /// branch on them goes the campaign's way.
    function _foresightBlock(uint256 n) internal {
        address cheats = %s;
        bool set;%s
        for (uint256 i = 1; i <= 256 && i <= n; i++) {
            uint256 h = ((n - i) * %#x) %% 2**64;
            if (uint256(blockhash(n - i)) != h) {
                (set, ) = cheats.call(abi.encodeWithSignature("setBlockhash(uint256,bytes32)", n - i, bytes32(h)));
            }
        }
        set;
    }
`

// prevRandaoSet sets PREVRANDAO as chain.PrevRandao computes it.
const prevRandaoSet = `
        uint256 r = (n * %#x + 1) %% 2**64;
        if (block.difficulty != r) {
            (set, ) = cheats.call(abi.encodeWithSignature("prevrandao(bytes32)", bytes32(r)));
        }`

// setsBlockData reports whether the test gives each block Foresight's
// block data.
func (g *gen) setsBlockData() bool { return g.f.ChainBlocks }

// renderBlockDataFunc writes the helper renderBlockData calls.
func (g *gen) renderBlockDataFunc(w func(string, ...any)) {
	if !g.setsBlockData() {
		return
	}
	randao, and := "", ""
	if g.f.PrevRandao {
		randao, and = fmt.Sprintf(prevRandaoSet, uint64(chain.PrevRandaoFactor)), " and the PREVRANDAO"
	}
	w(blockDataFunc, and, cheatcodes.Hex(), randao, uint64(chain.BlockHashFactor))
}

// renderBlockData gives the block just rolled to Foresight's block data.
func (g *gen) renderBlockData(w func(string, ...any)) {
	if g.setsBlockData() {
		w("        _foresightBlock(blockNumber);\n")
	}
}
