package fuzz

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestRepairChainPrediction fuzzes testdata/predict/RepairChain.sol (the
// move out of cell 9 of mazegen's seed-202 maze: (a1 ^ K) == C below two
// equalities a1 enters) with fixed seeds and a budget of 1,000
// executions. The input-to-state value of a1 breaks both equalities; the
// repair that mends the first runs a path no entry lacks, so unless the
// solver goes on to mend the second from that run (solve's repairDeeper)
// nothing keeps it. Without repairDeeper none of these seeds finds it in
// 5,000 executions.
func TestRepairChainPrediction(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "predict", "RepairChain.sol"))
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			assertFound(t, prog, Config{Settings: Settings{Seed: seed, Execs: 1000}})
		})
	}
}
