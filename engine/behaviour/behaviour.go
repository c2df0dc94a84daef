package behaviour

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
	"github.com/holiman/uint256"
)

// Defaults of Options.
const (
	DefaultBudget = 64 // sequences per function
	DefaultDepth  = 3  // calls before the function's own
)

// ErrNoBuild is wrapped by errors about a build that does not compile.
var ErrNoBuild = errors.New("nothing to compare")

// Options bound a comparison.
type Options struct {
	// Seed makes the generated sequences reproducible.
	Seed uint64
	// Budget is how many generated sequences end in each compared
	// function (DefaultBudget when 0).
	Budget int
	// Depth is the most calls a generated sequence makes before the
	// function's own (DefaultDepth when 0; -1 for none).
	Depth int
	// Functions restrict the comparison to these functions; nil compares
	// every function the two builds' targets share.
	Functions []Function
	// Names restrict the comparison further to functions named
	// "Contract.name" (every overload), as the editor knows the functions
	// an edit touched; nil: no restriction by name.
	Names []string
	// Inputs are sequences to run before the generated ones (a corpus's
	// inputs); each counts for every compared function it calls.
	Inputs []Sequence
}

// A Function is a contract's function, named by ABI signature.
type Function struct {
	Contract  string
	Signature string // "withdraw(uint256)"
}

func (f Function) String() string { return f.Contract + "." + f.Signature }

// A Call is one transaction of a sequence, independent of either build:
// the contract by name, the calldata as sent.
type Call struct {
	Contract string
	Sender   common.Address
	Input    []byte
	Value    uint256.Int
	// Blocks and Seconds advance the chain before the call.
	Blocks, Seconds uint64
}

// A Sequence is transactions run in order from the deployment.
type Sequence []Call

// A Difference is an observable change, replayed the same twice on each
// build.
type Difference struct {
	Function Function // the function of the call that behaved otherwise
	Sequence Sequence
	// Calls render the sequence: "withdraw(1000)" per call, with the
	// sender when it is not the first sender.
	Calls []string
	// Step is the index of the call that behaved otherwise, or
	// len(Sequence) when only the getters read afterwards differ.
	Step int
	// Aspect is what differs: "outcome", "return", "revert", "events",
	// "ether" or "getter".
	Aspect string
	// Before and After say what the old and the new build did.
	Before, After string
	// Message is the one-line account: "`withdraw(1)` after
	// `deposit(3)`: before returned 333, now 334".
	Message string

	read int // with Aspect "getter": the index of the read that differs
}

// FunctionResult is how many inputs ran through a compared function.
type FunctionResult struct {
	Function    Function
	Inputs      int
	Differences int
	// GasBefore and GasAfter are the mean gas of the function's calls
	// over the inputs that showed no difference (0 when none did): gas
	// alone is no difference, but a person may want to see it (diff -v).
	GasBefore, GasAfter uint64
}

// Report is a comparison's result.
type Report struct {
	Compared    []FunctionResult
	Added       []Function // in the new build only: listed, not compared
	Removed     []Function // in the old build only
	Differences []Difference
}

// Differs reports whether any behaviour changed.
func (r *Report) Differs() bool { return len(r.Differences) > 0 }

// Compare runs the comparison of the old builds with the new ones.
func Compare(ctx context.Context, old, new []*solc.Build, opts Options) (*Report, error) {
	if opts.Budget == 0 {
		opts.Budget = DefaultBudget
	}
	if opts.Depth == 0 {
		opts.Depth = DefaultDepth
	}
	r, err := prepare(ctx, old, new, opts)
	if err != nil {
		return nil, err
	}
	if len(r.m.pairs) == 0 {
		return r.rep, nil
	}
	if err := r.run(); err != nil {
		return nil, err
	}
	sort.SliceStable(r.rep.Differences, func(i, j int) bool {
		return r.rep.Differences[i].Function.String() < r.rep.Differences[j].Function.String()
	})
	return r.rep, nil
}

// prepare matches the builds and, when they share a target, deploys both
// with one plan.
func prepare(ctx context.Context, old, new []*solc.Build, opts Options) (*runner, error) {
	oldProg, err := programOf(old)
	if err != nil {
		return nil, fmt.Errorf("old build: %w", err)
	}
	newProg, err := programOf(new)
	if err != nil {
		return nil, fmt.Errorf("new build: %w", err)
	}
	m := matchPrograms(oldProg, newProg)
	r := &runner{ctx: ctx, m: m, opts: opts, rep: &Report{Added: m.added, Removed: m.removed}}
	if len(m.pairs) == 0 {
		return r, nil // nothing both builds have: listed, not compared
	}
	plan, err := planFor(ctx, newProg, new, opts.Seed)
	if err != nil {
		return nil, err
	}
	if r.before, err = newSide(ctx, oldProg, plan); err != nil {
		return nil, fmt.Errorf("old build: %w", err)
	}
	if r.after, err = newSide(ctx, newProg, plan); err != nil {
		return nil, fmt.Errorf("new build: %w", err)
	}
	r.senders = r.after.ch.Senders()
	r.acctOld = r.before.accounts(r.senders, r.m.pairs)
	r.acctNew = r.after.accounts(r.senders, r.m.pairs)
	return r, nil
}

// programOf is the engine's program of builds, with each proxy given its
// implementation's functions as the campaigns see them.
func programOf(builds []*solc.Build) (*program.Program, error) {
	for _, b := range builds {
		if b.HasErrors() {
			return nil, fmt.Errorf("%w: %s does not compile", ErrNoBuild, b.Label())
		}
	}
	p, err := program.New(builds)
	if err != nil {
		return nil, err
	}
	deploy.AddImplementationMethods(p)
	return p, nil
}
