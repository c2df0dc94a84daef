package fuzz

import (
	"context"
	"path/filepath"
	"testing"
)

// TestUnreachableTarget fuzzes a guard no input meets (testdata/predict/
// NoRoot.sol: x * x == 3 wrapping) with a fixed seed and budget: every
// mutation of x proposes a prediction at it, and each misses. Prediction
// must back off (engine/solve/yield.go), leaving most executions to
// mutation and exploration (main at a52688f spent 32% of the executions
// on predictions), and the report must name the target and its yield.
func TestUnreachableTarget(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "predict", "NoRoot.sol"))
	const execs = 20000
	res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: execs}})
	if err != nil {
		t.Fatal(err)
	}
	share := float64(res.Predictions) / float64(res.Execs)
	t.Logf("%d predictions in %d executions (%.1f%%), %d hit", res.Predictions, res.Execs, 100*share, res.PredictionHits)
	if share > 0.10 {
		t.Fatalf("predictions took %.1f%% of the executions on a target no input reaches, want at most 10%%", 100*share)
	}
	if len(res.PredictionTargets) == 0 || res.PredictionTargets[0].Made == 0 {
		t.Fatalf("no per-target prediction yield in the report: %+v", res.PredictionTargets)
	}
}
