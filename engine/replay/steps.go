package replay

import (
	"errors"
	"fmt"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
)

// ErrReplay is wrapped by errors about a finding that cannot be replayed
// against the given builds (a contract or function no longer exists).
var ErrReplay = errors.New("cannot replay")

// rawCalls checks a finding's calls (report.ValidateFinding: a report may
// come from anyone) and maps them onto prog.
func rawCalls(prog *program.Program, f report.Finding) ([]fuzz.RawCall, error) {
	if err := report.ValidateFinding(f); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrReplay, err)
	}
	calls := make([]fuzz.RawCall, len(f.Calls))
	for i, c := range f.Calls {
		ct, ok := prog.Lookup(c.Contract)
		if !ok {
			return nil, fmt.Errorf("%w: contract %s is gone", ErrReplay, c.Contract)
		}
		v, err := report.ParseCall(c)
		if err != nil {
			return nil, fmt.Errorf("%w: call %d: %w", ErrReplay, i+1, err)
		}
		// The sender is the account at the recorded address on the
		// replayed system (fuzz.RawCall.From): the index is the
		// campaign's numbering of its principals, which its deployment
		// decided (role holders come before the attackers and the
		// deployer), so it is no more than a hint.
		if err := checkAttacker(c, v); err != nil {
			return nil, fmt.Errorf("%w: call %d: %w", ErrReplay, i+1, err)
		}
		calls[i] = fuzz.RawCall{Contract: ct.Index, Sender: c.SenderIndex, From: v.Sender, Input: v.Input, Value: v.Value, Blocks: c.Blocks, Seconds: c.Seconds}
	}
	return calls, nil
}

// checkAttacker refuses a call whose attacker is not the one at its
// sender's address: a call through an attacker names both.
func checkAttacker(c report.Call, v report.CallValues) error {
	a, isAttacker := deploy.AttackerAt(v.Sender)
	switch {
	case isAttacker && c.Attacker == "":
		return fmt.Errorf("%w: sender %s is the %s attacker, and the call names no attacker", report.ErrInvalid, v.Sender.Hex(), a)
	case !isAttacker && c.Attacker != "":
		return fmt.Errorf("%w: attacker %s is not sender %s", report.ErrInvalid, c.Attacker, v.Sender.Hex())
	case isAttacker && int(a) != v.Attacker:
		return fmt.Errorf("%w: attacker %s is not sender %s (the %s attacker)", report.ErrInvalid, c.Attacker, v.Sender.Hex(), a)
	}
	return nil
}

// Steps re-executes f's calls on setup's deployment under cc with
// only f's oracle on: what engine.Replay and the export's effect
// (engine/exporteffect.go) read.
func Steps(prog *program.Program, cc chain.Config, setup report.Setup, f report.Finding) ([]fuzz.Step, error) {
	plan, err := Plan(prog, setup)
	if err != nil {
		return nil, err
	}
	calls, err := rawCalls(prog, f)
	if err != nil {
		return nil, err
	}
	steps, err := fuzz.ReplayFrom(prog, setup.SetUp, cc, setup.Seed, plan, calls, map[finding.Kind]bool{finding.Kind(f.Kind): true}, WantKey(prog, f))
	if rce := (*fuzz.RecordedCallError)(nil); errors.As(err, &rce) {
		// A sender or contract the replayed system lacks: the code or
		// its deployment changed since (a role holder gone), or the
		// report names an account no campaign has.
		return nil, fmt.Errorf("%w: %w", ErrReplay, err)
	}
	return steps, err
}

// WantKey is the deduplication key (finding.Finding.Key) of a report's
// finding in prog: its kind at its source range, or, unlocated, at its
// contract's PC.
func WantKey(prog *program.Program, f report.Finding) *finding.Key {
	k := finding.Key{Kind: finding.Kind(f.Kind)}
	if f.Path != "" {
		k.Path, k.Start, k.End = f.Path, f.Start, f.End
		return &k
	}
	k.Contract, k.PC = -1, f.PC
	for i, c := range prog.Contracts {
		if c.Name == f.Contract {
			k.Contract = i
			break
		}
	}
	return &k
}
