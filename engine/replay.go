package engine

import (
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
	"path/filepath"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fork"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/solc"
	"github.com/foresight-sol/foresight/solc/position"
	"github.com/holiman/uint256"
)

// A Trace is a replayed finding, one step per transaction.
type Trace struct {
	Steps []TraceStep
	// Reproduced reports that the same kind of finding fired at the same
	// place on the last step.
	Reproduced bool
	Finding    *report.Finding // what fired, if anything
}

// TraceStep is one replayed transaction.
type TraceStep struct {
	Call    report.Call
	Outcome string   // "ok", "reverted: ...", "panic 0x01 (assertion failed)", ...
	Events  []string // decoded where the ABI knows the event
	// Inner are the calls the transaction made inside, rendered:
	// "CALL 0x… (reentrant attacker) value 1000 -> reverted".
	Inner   []string
	GasUsed uint64
	Block   uint64
	Time    uint64
}

// ErrReplay is wrapped by errors about a finding that cannot be replayed
// against the given builds (a contract or function no longer exists).
var ErrReplay = errors.New("cannot replay")

// Replay re-executes a finding deterministically on builds, deploying with
// the recorded constructor arguments.
func Replay(builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	return ReplayOn(nil, builds, setup, f)
}

// ReplayOn is Replay on a fork, which a finding made on one needs
// (Setup.Fork); src may be nil for one that was not.
func ReplayOn(src *fork.Source, builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	return ReplayForked(src, nil, builds, setup, f)
}

// ReplayForked is ReplayOn whose set-up may select forks itself, through
// forks (fork.go).
func ReplayForked(src *fork.Source, forks *SetUpForks, builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	prog, err := newProgram(builds)
	if err != nil {
		return nil, err
	}
	return replayProgram(prog, src, forks, builds, setup, f)
}

// replayProgram is ReplayForked on prog, the program of builds that the
// caller already made (Recheck judges staleness on it first).
func replayProgram(prog *program.Program, src *fork.Source, forks *SetUpForks, builds []*solc.Build, setup report.Setup, f report.Finding) (*Trace, error) {
	var err error
	cc := chain.Config{EVMVersion: chainVersion(builds)}
	chainLimits(builds, &cc)
	if cc.Fork, err = replayFork(prog, src, forks, setup); err != nil {
		return nil, err
	}
	cc.Forks = forks.forker(builds)
	steps, err := replaySteps(prog, cc, setup, f)
	if err != nil {
		return nil, err
	}
	tr := &Trace{}
	names := setupAddrs(setup)
	for i, s := range steps {
		ts := TraceStep{Call: f.Calls[i], GasUsed: s.GasUsed, Block: s.Block.Number, Time: s.Block.Time}
		ts.Outcome = outcome(s)
		if s.Passed != nil {
			pf := plainFinding(prog, s.Passed, setup.Seed, nil)
			ts.Outcome += fmt.Sprintf(" (and %s at %s:%d, passed over as the campaign did: reported on its own)", pf.Kind, filepath.Base(pf.Path), pf.Line)
		}
		for _, l := range s.Logs {
			ts.Events = append(ts.Events, describeLog(prog, l.Topics, l.Data))
		}
		for _, c := range s.Inner {
			ts.Inner = append(ts.Inner, describeInner(prog, names, c))
		}
		tr.Steps = append(tr.Steps, ts)
		if s.Finding != nil {
			rf := plainFinding(prog, s.Finding, setup.Seed, nil)
			// The message names the calls: rendered again with the
			// report's (the replayed finding carries no sequence).
			rf.Calls = f.Calls[:i+1]
			names := render.Principals(nil)
			rf.Message = render.Message(rf, nil, names)
			if fl := render.FlowOf(prog, setup, s.Finding.Flow); fl != nil {
				// The oracle's record of the replayed run's ether.
				rf.Message = render.Message(rf, fl, names)
			}
			tr.Finding = &rf
			tr.Reproduced = sameSite(rf, f)
		}
	}
	return tr, nil
}

// rawCalls checks a finding's calls (report.ValidateFinding: a report may
// come from anyone) and maps them onto prog.
func rawCalls(prog *program.Program, setup report.Setup, f report.Finding) ([]fuzz.RawCall, error) {
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
		// Without a set-up the principals are fixed: the index must name
		// the recorded sender (a Foundry set-up's senders come from its
		// setUp()).
		if setup.SetUp == "" && deploy.PrincipalIndex(v.Sender) != c.SenderIndex {
			return nil, fmt.Errorf("%w: call %d: %w: senderIndex %d is not sender %s", ErrReplay, i+1, report.ErrInvalid, c.SenderIndex, v.Sender.Hex())
		}
		calls[i] = fuzz.RawCall{Contract: ct.Index, Sender: c.SenderIndex, Input: v.Input, Value: v.Value, Blocks: c.Blocks, Seconds: c.Seconds}
	}
	return calls, nil
}

func outcome(s fuzz.Step) string {
	switch {
	case s.Err == nil:
		return "ok"
	case errors.Is(s.Err, vm.ErrExecutionReverted):
		if code, ok := finding.PanicCode(s.Ret); ok {
			return fmt.Sprintf("panic 0x%02x (%s)", code, finding.Describe(finding.PanicKind(code)).Title)
		}
		if reason, ok := revertReason(s.Ret); ok {
			return fmt.Sprintf("reverted: %q", reason)
		}
		if len(s.Ret) > 0 {
			return "reverted with data 0x" + hex.EncodeToString(s.Ret)
		}
		return "reverted"
	default:
		return "failed: " + s.Err.Error()
	}
}

// replaySteps re-executes f's calls on setup's deployment under cc with
// only f's oracle on: what Replay and the export's effect
// (exporteffect.go) read.
func replaySteps(prog *program.Program, cc chain.Config, setup report.Setup, f report.Finding) ([]fuzz.Step, error) {
	plan, err := planOf(prog, setup)
	if err != nil {
		return nil, err
	}
	calls, err := rawCalls(prog, setup, f)
	if err != nil {
		return nil, err
	}
	return fuzz.ReplayFrom(prog, setup.SetUp, cc, setup.Seed, plan, calls, map[finding.Kind]bool{finding.Kind(f.Kind): true}, wantKey(prog, f))
}

// wantKey is the deduplication key (finding.Finding.Key) of a report's
// finding in prog: its kind at its source range, or, unlocated, at its
// contract's PC.
func wantKey(prog *program.Program, f report.Finding) *finding.Key {
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

// sameSite reports whether two findings are of one kind at one place.
func sameSite(a, b report.Finding) bool {
	return a.Kind == b.Kind && a.Path == b.Path && a.Start == b.Start && a.End == b.End
}

// revertReason decodes Error(string) revert data.
func revertReason(ret []byte) (string, bool) {
	if len(ret) < 68 || hex.EncodeToString(ret[:4]) != "08c379a0" {
		return "", false
	}
	n := new(uint256.Int).SetBytes(ret[36:68]).Uint64()
	if 68+n > uint64(len(ret)) {
		return "", false
	}
	return string(ret[68 : 68+n]), true
}

// FormatTrace renders a trace for people, with the source line of the
// failure.
func FormatTrace(t *Trace, builds []*solc.Build) string {
	var b strings.Builder
	for i, s := range t.Steps {
		from := fmt.Sprintf("%s (%s)", render.SenderName(s.Call), s.Call.Sender)
		fmt.Fprintf(&b, "[%d] block %d, time %d: from %s\n    %s\n    -> %s (gas %d)\n", i+1, s.Block, s.Time, from, s.Call.String(), s.Outcome, s.GasUsed)
		for _, c := range s.Inner {
			fmt.Fprintf(&b, "    %s\n", c)
		}
		for _, e := range s.Events {
			fmt.Fprintf(&b, "    emit %s\n", e)
		}
	}
	if f := t.Finding; f != nil {
		fmt.Fprintf(&b, "%s (%s)", f.Title, f.Kind)
		if f.Path != "" {
			fmt.Fprintf(&b, " at %s:%d:%d", f.Path, f.Line, f.Column)
			if line := sourceLine(builds, f.Unit, f.Start); line != "" {
				fmt.Fprintf(&b, "\n    %s", line)
			}
		}
		fmt.Fprintf(&b, "\n    %s", f.Message)
		if f.Detail != "" {
			fmt.Fprintf(&b, "\n    %s", f.Detail)
		}
		b.WriteString("\n")
	} else if len(t.Steps) == 0 {
		// A constructor's finding (fuzz/ctorwrap.go) has no transaction.
		b.WriteString("nothing to replay: the finding is in a constructor, run with the arguments its message gives\n")
	} else {
		b.WriteString("no finding: the sequence no longer fails\n")
	}
	return b.String()
}

func sourceLine(builds []*solc.Build, unit string, off int) string {
	for _, bd := range builds {
		if u := bd.Units[unit]; u != nil {
			m := position.NewMapper(u.Content)
			line, _, err := m.LineCol(off)
			if err != nil {
				return ""
			}
			s, e := m.LineRange(line)
			return strings.TrimSpace(string(u.Content[s:e]))
		}
	}
	return ""
}

// setupAddrs maps the deployed addresses of a setup to contract names.
func setupAddrs(setup report.Setup) map[common.Address]string {
	out := map[common.Address]string{}
	for _, d := range setup.Contracts {
		if common.IsHexAddress(d.Address) {
			out[common.HexToAddress(d.Address)] = d.Name
		}
	}
	return out
}

// describeInner renders an inner call for a trace, naming the program's
// contracts, the fuzzer's accounts and the called function.
func describeInner(prog *program.Program, names map[common.Address]string, c fuzz.InnerCall) string {
	who := func(a common.Address) string {
		if n, ok := names[a]; ok {
			return n
		}
		i := deploy.PrincipalIndex(a)
		if i < 0 {
			return a.Hex()
		}
		if _, att, isAtt := deploy.PrincipalAddress(i); isAtt {
			return a.Hex() + " (" + att.String() + " attacker)"
		}
		return a.Hex() + " (sender)"
	}
	s := strings.Repeat("  ", c.Depth-1) + "↳ " + c.Op + " " + who(c.From) + " -> " + who(c.To)
	if n, ok := names[c.To]; ok && len(c.Input) == 4 {
		if ct, ok := prog.Lookup(n); ok {
			for _, m := range ct.Methods {
				if string(m.Selector[:]) == string(c.Input) {
					s += "." + m.RawName + "(…)"
				}
			}
		}
	}
	if !c.Value.IsZero() {
		s += " value " + c.Value.Dec()
	}
	if c.Reverted {
		s += " [reverted]"
	}
	return s
}
