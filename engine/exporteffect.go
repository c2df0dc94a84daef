package engine

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/foundry"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// maxEffectWords bounds the storage words an exported test asserts.
const maxEffectWords = 8

// storedEffect replays f on builds and returns the storage its last
// transaction changed, for the kinds whose harm is a write
// (foundry.StorageKinds): the wrapped value stored (SWC-101), the slot
// written (SWC-124). A word that holds what it held before is no change.
// nil when the replay cannot say (no builds, a fork,
// the last transaction reverted).
func storedEffect(builds []*solc.Build, setup report.Setup, f report.Finding) []foundry.Word {
	if len(builds) == 0 || setup.Fork != nil || !foundry.StorageKinds[f.Kind] {
		return nil
	}
	prog, err := newProgram(builds)
	if err != nil {
		return nil
	}
	if len(f.Calls) == 0 {
		return nil
	}
	cc := chain.Config{EVMVersion: chainVersion(builds)}
	chainLimits(builds, &cc)
	steps, err := replaySteps(prog, cc, setup, f)
	if err != nil || len(steps) != len(f.Calls) || steps[len(steps)-1].Err != nil {
		return nil
	}
	type key struct {
		addr common.Address
		slot common.Hash
	}
	var out []foundry.Word
	seen := map[key]bool{}
	last := steps[len(steps)-1].Stored
	for i := len(last) - 1; i >= 0 && len(out) < maxEffectWords; i-- {
		s := last[i] // the last write of a word is what it holds
		k := key{s.Address, s.Slot}
		if seen[k] || s.Value == s.Before {
			continue
		}
		seen[k] = true
		out = append(out, foundry.Word{Address: s.Address, Slot: s.Slot, Value: s.Value})
	}
	return out
}
