package fuzz

import (
	"context"
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
	const budget = 1000
	for seed := uint64(1); seed <= 3; seed++ {
		res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: seed, Execs: budget}})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Findings) != 1 {
			t.Errorf("seed %d: %d findings in %d executions (%d of %d predictions hit), want the assertion", seed, len(res.Findings), budget, res.PredictionHits, res.Predictions)
			continue
		}
		t.Logf("seed %d: found after %d executions", seed, res.Findings[0].Execs)
	}
}
