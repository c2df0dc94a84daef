package engine

import (
	"github.com/foresight-sol/foresight/engine/corpus"
	"github.com/foresight-sol/foresight/engine/fuzz"
)

// ForgeSeedCounts say how many of the forge sequences of a campaign's
// set-up ran (Used) and why the others did not.
type ForgeSeedCounts = fuzz.AddrSeedCounts

// ForgeSkip is why a forge sequence did not fit a campaign.
type ForgeSkip = fuzz.AddrSkip

// forgeSeeds are the address seeds of a campaign from the set-up of
// test contract setUp: forge's sequences of that test contract (forge
// keeps them by test contract and invariant; Foresight checks every
// invariant of the test contract in one campaign). A campaign without a
// set-up has none: forge's addresses are those its set-up deploys at.
func forgeSeeds(bySuite map[string][]corpus.ForgeSequence, setUp string) [][]fuzz.AddrCall {
	if setUp == "" {
		return nil
	}
	seqs := bySuite[setUp]
	out := make([][]fuzz.AddrCall, 0, len(seqs))
	for _, seq := range seqs {
		calls := make([]fuzz.AddrCall, len(seq))
		for i, c := range seq {
			calls[i] = fuzz.AddrCall{From: c.Sender, To: c.Target, Input: c.Calldata, Value: c.Value, Blocks: c.Roll, Seconds: c.Warp}
		}
		out = append(out, calls)
	}
	return out
}
