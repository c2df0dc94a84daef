package session

import (
	"context"

	"github.com/foresight-sol/foresight/engine/behaviour"
	"github.com/foresight-sol/foresight/solc"
)

// This file is a behaviour comparison of two builds of the same code
// (`foresight diff`, and the editor's check after a save, AfterSave):
// which functions were compared, how each behaved, and each difference
// with what replays it, for the front ends to show, export or trace.

// DiffBudget is `foresight diff`'s default number of generated sequences
// that end in each compared function.
const DiffBudget = behaviour.DefaultBudget

// Comparison is a comparison of the functions of Old and New on
// sequences of Seed (Report: what was compared and what differs).
type Comparison struct {
	Report   *behaviour.Report
	Old, New []*solc.Build
	Seed     uint64
	// NoneChanged says the edit changed no function the comparison was
	// limited to (CompareRequest.All unset).
	NoneChanged bool
}

// BehaviourDifference is one difference of a Comparison: the function
// whose behaviour changed (Function, "Vault.withdraw(uint256)"; its
// Contract and Name) and how (Message), with the builds and seed that
// replay it.
type BehaviourDifference struct {
	Function       string
	Contract, Name string
	Message        string
	d              behaviour.Difference
	old, new       []*solc.Build
	seed           uint64
}

// Differences are c's differences, in the report's order.
func (c Comparison) Differences() []BehaviourDifference {
	if c.Report == nil {
		return nil
	}
	out := make([]BehaviourDifference, 0, len(c.Report.Differences))
	for _, d := range c.Report.Differences {
		out = append(out, BehaviourDifference{Function: d.Function.String(), Contract: d.Function.Contract, Name: nameOf(d.Function.Signature),
			Message: d.Message, d: d, old: c.Old, new: c.New, seed: c.Seed})
	}
	return out
}

// nameOf is a signature's function name, without its parameters.
func nameOf(sig string) string {
	for i := range sig {
		if sig[i] == '(' {
			return sig[:i]
		}
	}
	return sig
}

// Export renders d as a Foundry test asserting the old build's behaviour:
// its path under the project root, slash-separated, and its text.
func (d BehaviourDifference) Export(ctx context.Context) (rel, text string, err error) {
	return behaviour.ExportFoundry(ctx, d.old, d.new, d.d.Sequence, d.seed)
}

// Trace replays d's sequence on both builds and says, call by call, what
// each did.
func (d BehaviourDifference) Trace(ctx context.Context) (string, error) {
	return behaviour.Trace(ctx, d.old, d.new, d.d.Sequence, d.seed)
}

// CompareRequest is `foresight diff`'s comparison: Budget sequences of
// Seed ending in each function, the inputs of the corpus folder Corpus
// ("": none) first, over every function both builds share (All) or those
// the edit changed.
type CompareRequest struct {
	Budget int
	Seed   uint64
	Corpus string
	All    bool
}

// Compare compares the functions of old and new as req asks.
func Compare(ctx context.Context, old, new []*solc.Build, req CompareRequest) (Comparison, error) {
	c := Comparison{Old: old, New: new, Seed: req.Seed}
	opts := behaviour.Options{Budget: req.Budget, Seed: req.Seed}
	var err error
	if req.Corpus != "" {
		if opts.Inputs, err = folderSequences(req.Corpus); err != nil {
			return c, err
		}
	}
	if !req.All {
		if opts.Functions, err = behaviour.Changed(old, new); err != nil {
			return c, err
		}
		c.NoneChanged = len(opts.Functions) == 0
	}
	c.Report, err = behaviour.Compare(ctx, old, new, opts)
	return c, err
}
