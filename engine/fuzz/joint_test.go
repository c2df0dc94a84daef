package fuzz

import (
	"context"
	"math/big"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/oracle"
)

// TestDivMod checks the solve step's division modulo 2^64: an odd
// factor that wraps (one inverse), an even one (a solution modulo 2^63),
// and an odd right-hand side against an even factor (none).
func TestDivMod(t *testing.T) {
	mod := new(big.Int).Lsh(big.NewInt(1), 64)
	for _, tt := range []struct {
		r, c *big.Int
		ok   bool
	}{
		{big.NewInt(-12345), new(big.Int).SetUint64(0x9e3779b97f4a7c15), true},
		{big.NewInt(4242), big.NewInt(778), true},
		{big.NewInt(-10), big.NewInt(-2), true},
		{big.NewInt(3), big.NewInt(2), false},
	} {
		x, ok := divMod(tt.r, tt.c, 64)
		if ok != tt.ok {
			t.Errorf("%v*t = %v: solvable %v, want %v", tt.c, tt.r, ok, tt.ok)
			continue
		}
		if ok {
			got := new(big.Int).Mul(tt.c, x)
			if got.Sub(got, tt.r).Mod(got, mod).Sign() != 0 {
				t.Errorf("%v*%v != %v mod 2^64", tt.c, x, tt.r)
			}
		}
	}
}

// TestJointPrediction shows the joint step at work on nested conditions
// over different arguments (testdata/predict/Nested.sol): with the same
// seed and budget, the single-argument secant never meets the inner
// difference without breaking the outer sum, and joint solving does.
func TestJointPrediction(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "predict", "Nested.sol"))
	const budget = 5000
	joint, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: budget}})
	if err != nil {
		t.Fatal(err)
	}
	single, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: budget}, NoJointPrediction: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(joint.Findings) != 1 {
		t.Fatalf("joint prediction: %d findings in %d executions (%d of %d predictions hit)", len(joint.Findings), budget, joint.PredictionHits, joint.Predictions)
	}
	if len(single.Findings) != 0 {
		t.Errorf("single-argument secant: %d findings in %d executions, want none", len(single.Findings), budget)
	}
	t.Logf("joint: found after %d executions (%d of %d predictions hit); secant alone: %d findings in %d (%d of %d hit)",
		joint.Findings[0].Execs, joint.PredictionHits, joint.Predictions, len(single.Findings), budget, single.PredictionHits, single.Predictions)
}

// TestPredictionOnValue checks that input prediction also solves for
// msg.value: a price no dictionary holds is found within a small budget
// at every seed, while without prediction other mutations stumble on it
// at some seeds only (a third of them before the depth work of issue 16;
// one seed alone would make this half a coin flip).
func TestPredictionOnValue(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "predict", "Price.sol"))
	const budget, seeds = 3000, 8
	with, without := 0, 0
	for seed := uint64(1); seed <= seeds; seed++ {
		for _, noPred := range []bool{false, true} {
			res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: seed, Execs: budget, NoPrediction: noPred}})
			if err != nil {
				t.Fatal(err)
			}
			if asserts(res.Findings) == 0 {
				continue
			}
			if noPred {
				without++
			} else {
				with++
			}
		}
	}
	t.Logf("found at %d of %d seeds with prediction, %d without, in %d executions", with, seeds, without, budget)
	if with != seeds {
		t.Errorf("with prediction: found at %d of %d seeds, want all", with, seeds)
	}
	if 2*without > seeds {
		t.Errorf("without prediction: found at %d of %d seeds, want at most half", without, seeds)
	}
}

func asserts(fs []*Finding) int {
	n := 0
	for _, f := range fs {
		if f.Kind == oracle.AssertFailure {
			n++
		}
	}
	return n
}

// TestGuardShapes fuzzes two guard shapes of the generated mazes
// (testdata/predict/Guards.sol) with a fixed seed and budget: both
// asserts are found with input-to-state and modular pair directions.
func TestGuardShapes(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "predict", "Guards.sol"))
	const budget = 4000
	res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: budget}})
	if err != nil {
		t.Fatal(err)
	}
	if n := asserts(res.Findings); n != 2 {
		t.Fatalf("%d of 2 asserts found in %d executions (%d of %d predictions hit)", n, budget, res.PredictionHits, res.Predictions)
	}
	for _, f := range res.Findings {
		t.Logf("%s after %d executions", f.Kind, f.Execs)
	}
}
