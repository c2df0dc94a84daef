package engine

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/solc"
)

// Status is what a stored finding is on a new build.
type Status string

const (
	// StillFailing: its sequence, replayed on the new build, fails with
	// the same kind of finding.
	StillFailing Status = "still failing"
	// Fixed: its sequence replayed and no longer fails.
	Fixed Status = "fixed"
	// Stale: its sequence cannot be replayed: a contract, function or
	// check it calls, or its set-up, is gone.
	Stale Status = "stale"
)

// A Verdict is a stored finding replayed on a new build.
type Verdict struct {
	Status Status
	// Now is where the finding fails on the new build (StillFailing only):
	// its place moves with the edit.
	Now *report.Finding
	// Reason says why a finding is stale: "function withdraw(uint256) of
	// Vault is gone".
	Reason string
}

// Recheck replays a stored finding's sequence on builds (the code after
// an edit) and classifies it. A sequence that names a contract, function,
// check or set-up the builds lack is Stale, not an error: only a replay
// that cannot run for another reason (a broken report) is an error.
func Recheck(builds []*solc.Build, setup report.Setup, f report.Finding) (Verdict, error) {
	v, _, err := RecheckForked(nil, nil, builds, setup, f)
	return v, err
}

// RecheckForked is Recheck on a fork (ReplayForked), which also returns
// the replay's trace (nil when the finding is stale).
func RecheckForked(src *fork.Source, forks *SetUpForks, builds []*solc.Build, setup report.Setup, f report.Finding) (Verdict, *Trace, error) {
	// A report others may write is checked first: a broken one is an
	// error, never a stale finding.
	if err := report.ValidateFinding(f); err != nil {
		return Verdict{}, nil, fmt.Errorf("%w: %w", ErrReplay, err)
	}
	prog, err := replay.Program(builds)
	if err != nil {
		return Verdict{}, nil, err
	}
	if why := gone(prog, setup, f); why != "" {
		return Verdict{Status: Stale, Reason: why}, nil, nil
	}
	tr, err := replayProgram(prog, src, forks, builds, setup, f)
	switch {
	case errors.Is(err, ErrReplay) && !errors.Is(err, report.ErrInvalid):
		return Verdict{Status: Stale, Reason: strings.TrimPrefix(err.Error(), ErrReplay.Error()+": ")}, nil, nil
	case err != nil:
		return Verdict{}, nil, err
	case tr.Finding != nil && tr.Finding.Kind == f.Kind:
		return Verdict{Status: StillFailing, Now: tr.Finding}, tr, nil
	}
	return Verdict{Status: Fixed}, tr, nil
}

// gone names what the finding's sequence needs that prog lacks, or "".
// Without this check a call to a removed function would revert (or reach
// a fallback) and the finding would look fixed.
func gone(prog *program.Program, setup report.Setup, f report.Finding) string {
	if setup.SetUp != "" {
		if _, ok := prog.Lookup(setup.SetUp); !ok {
			return fmt.Sprintf("set-up contract %s is gone", setup.SetUp)
		}
	}
	for i, c := range f.Calls {
		ct, ok := prog.Lookup(c.Contract)
		if !ok {
			return fmt.Sprintf("contract %s is gone", c.Contract)
		}
		if c.Function == "" {
			continue // a plain transfer: the contract's receive decides
		}
		data, err := hex.DecodeString(strings.TrimPrefix(c.Calldata, "0x"))
		if err != nil || len(data) < 4 {
			return fmt.Sprintf("call %d has no selector", i+1)
		}
		// A proxy answers its implementation's functions too (replay.Program
		// gave it their methods), which its own ABI lacks.
		_, err = ct.ABI.MethodById(data[:4])
		if err != nil && !slices.ContainsFunc(ct.Methods, func(m program.Method) bool { return string(m.Selector[:]) == string(data[:4]) }) {
			return fmt.Sprintf("function %s of %s is gone", c.Function, c.Contract)
		}
	}
	if f.Check != "" {
		if ct, ok := prog.Lookup(f.Contract); !ok || !hasCheck(ct, f.Check) {
			return fmt.Sprintf("check %s of %s is gone", f.Check, f.Contract)
		}
	}
	return ""
}

func hasCheck(ct *program.Contract, name string) bool {
	for _, m := range ct.Checks {
		if m.RawName == name {
			return true
		}
	}
	return false
}
