package replay

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/render"
	"github.com/foresight-sol/foresight/engine/report"
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

// Outcome words how a replayed step ended: "ok", "reverted: ...", "panic
// 0x01 (assertion failed)".
func Outcome(s fuzz.Step) string {
	switch {
	case s.Err == nil:
		return "ok"
	case errors.Is(s.Err, vm.ErrExecutionReverted):
		if code, ok := finding.PanicCode(s.Ret); ok {
			return fmt.Sprintf("panic 0x%02x (%s)", code, finding.Describe(finding.PanicKind(code)).Title)
		}
		if reason, ok := RevertReason(s.Ret); ok {
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

// SameSite reports whether two findings are of one kind at one place.
func SameSite(a, b report.Finding) bool {
	return a.Kind == b.Kind && a.Path == b.Path && a.Start == b.Start && a.End == b.End
}

// RevertReason decodes Error(string) revert data.
func RevertReason(ret []byte) (string, bool) {
	if len(ret) < 68 || hex.EncodeToString(ret[:4]) != "08c379a0" {
		return "", false
	}
	n := new(uint256.Int).SetBytes(ret[36:68]).Uint64()
	if 68+n > uint64(len(ret)) {
		return "", false
	}
	return string(ret[68 : 68+n]), true
}

// Format renders a trace for people, with the source line of the
// failure.
func Format(t *Trace, builds []*solc.Build) string {
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

// SetupAddrs maps the deployed addresses of a setup to contract names.
func SetupAddrs(setup report.Setup) map[common.Address]string {
	out := map[common.Address]string{}
	for _, d := range setup.Contracts {
		if common.IsHexAddress(d.Address) {
			out[common.HexToAddress(d.Address)] = d.Name
		}
	}
	return out
}

// DescribeInner renders an inner call for a trace, naming the program's
// contracts, the fuzzer's accounts and the called function.
func DescribeInner(prog *program.Program, names map[common.Address]string, c fuzz.InnerCall) string {
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
