package fuzz

import (
	"context"
	"path/filepath"
	"testing"
)

// TestConditionClasses fuzzes one contract per class of condition
// (engine/testdata/classes, one assertion each, compiled with the
// optimizer as its foundry.toml says) with a fixed seed and budget and
// checks which classes the solvers solve: the table is what
// engine/solve's rules (doc.go) and the fuzzer's writer -> reader
// sequences (writers.go) cover today, so a row flips when a rule for its
// class lands or a change loses one. The *WrittenEarlier rows put the
// condition in a later call behind a position and an ordinary guard, as
// a maze's cell does. The keccak of an input equal to a constant the
// source does not hold stays out of reach of every rule; a byte of it
// does not.
func TestConditionClasses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		found bool
		execs uint64 // 0: classExecs
		delay bool   // Config.DelayPrediction
	}{
		{"LinearTwoInputs", true, 0, false},
		{"ProductTwoInputs", true, 0, false},
		{"StorageWrittenEarlier", true, 0, false},
		{"SlotWrittenEarlier", true, 0, false},
		// Bimodal at 5,000 executions: the saturating chain starts
		// early or some 40,000 executions later (seeds 1-7: two late
		// with bit lifting, seeds 1 and 4; two without, 5 and 6).
		{"SumWrittenEarlier", true, 50_000, false},
		// Aggressive mode must first show that move needs the flag,
		// then code's bytes be solved, then the writer go in.
		{"BytesWrittenEarlier", true, 25_000, false},
		{"StringEquality", true, 0, false},
		{"BytesEquality", true, 0, false},
		{"LoopCounterBound", true, 0, false},
		{"KeccakOfLiteral", true, 0, false},
		{"KeccakOfInput", false, 0, false},
		// A byte of the keccak of an input that a linear equation above
		// binds: the walk along the equation's kernel (engine/solve
		// hashwalk.go), then the pinned equation below from two points
		// that pass the hash, or a third input.
		{"HashByteOnLine", true, 0, false},
		{"HashByteThirdInput", true, 0, false},
		// The same class written apart from the walk's fixtures: a
		// require, an even coefficient; ten masked bits of a two-word
		// encoding; uint128 inputs bound by a difference.
		{"HashByteRequired", true, 0, false},
		{"HashBitsOfTwoWords", true, 0, false},
		{"HashByteWideInputs", true, 0, false},
		// Another contract's answer: an invertible function of an
		// input it returns, and a value it stored that a call of the
		// target forwarded.
		{"ReturnedByOtherContract", true, 0, false},
		{"StoredByOtherContract", true, 0, false},
		// A one-input rule's class with the input bound by a linear
		// equation above that every mutant of it alone breaks: the rule
		// run along a joint solve's line (engine/solve linepin.go).
		{"MixPinBelowLinear", true, 0, false},
		{"PreimagePinBelowLinear", true, 0, false},
		// The equation moves the input by multiples of 16 only: the
		// preimage's step divided out with its power of two.
		{"PreimageEvenStepBelowLinear", true, 0, false},
		// The same bound through two equations over three inputs: the
		// line is the direction an elimination solved along.
		{"MixPinThroughTwoLinear", true, 0, false},
		// The equation moves the input by even steps only: lifting
		// flips the step's bit below the output's by the step's power
		// of two.
		{"MixEvenStepBelowLinear", true, 0, false},
		// A product of two inputs above an equation that pins one
		// factor, or a window on one and a bound on the other: the
		// other factor repaired along the product (engine/solve
		// repair.go).
		{"ProductThenPin", true, 0, false},
		{"ProductThenWindow", true, 0, false},
		// A byte of a keccak above a linear equation that binds its
		// input and a window on it: the walk past the hash learns the
		// equation from its first run past it (engine/solve
		// hashbelow.go). Seeds 1-8 at 100,000 executions: found at 5.
		{"HashByteAboveWindow", true, 0, false},
		// Bound inputs no rule solves yet: a product on a linear
		// equation's line, a loop's sum whose rounds an equation below
		// pins, a hashed guard above an equation that binds its input to
		// one an equation below pins.
		{"ProductPinnedBelow", false, 0, false},
		{"LoopSumPinnedBelow", false, 0, false},
		{"LoopSumBelowLinearRange", false, 0, false},
		{"HashBytePinnedThroughLinear", false, 0, false},
		// Two classes that blocked the fresh mazes of session 53's
		// check (fp5601, fp5603): a window on an input no probe of it
		// evaluates, needed to pick its residue modulo 256; a product
		// and a linear equation over the same two inputs.
		{"LinearUnderHiddenWindow", false, 0, false},
		{"ProductThenLinear", false, 0, false},
		// Time guards over a stored time: the delay before the call
		// is computed (engine/solve delay.go).
		{"CliffWindow", true, 0, true},
		{"UnlockDeadline", true, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog := compile(t, filepath.Join("..", "testdata", "classes", tc.name+".sol"))
			execs := uint64(classExecs)
			if tc.execs > 0 {
				execs = tc.execs
			}
			cfg := Config{Settings: Settings{Seed: 1, Execs: execs}, DelayPrediction: tc.delay}
			res, err := Run(context.Background(), prog, cfg)
			if err != nil {
				t.Fatal(err)
			}
			found := asserts(res.Findings) > 0
			if found != tc.found {
				t.Errorf("found %v in %d executions (%d of %d predictions hit), want %v", found, execs, res.PredictionHits, res.Predictions, tc.found)
			}
			if found {
				t.Logf("found after %d executions", res.Findings[0].Execs)
			}
		})
	}
}

// classExecs is TestConditionClasses' budget per class.
const classExecs = 5000
