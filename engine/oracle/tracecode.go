package oracle

import (
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
)

// TraceCode builds the tracer's static description of contract ct: its
// branches and storage writes, and for code compiled before 0.8 what the
// oracles need to know of its arithmetic and INVALID instructions, and
// the AssertionFailed events that report failed assertions.
func TraceCode(ct *program.Contract) *trace.Code {
	code := trace.NewCode(ct.Artifact.Runtime.Bytes, ct.UserPC)
	if ct.Legacy() {
		code.SetLegacy()
	} else {
		code.SetChecked()
	}
	for _, s := range append(ct.ArithSites(), ct.UncheckedSites()...) {
		code.SetArith(s.PC, trace.ArithType{Bits: uint16(s.Bits), Signed: s.Signed})
	}
	for _, s := range ct.InvalidSites() {
		if s.Revert {
			code.SetInvalid(s.PC, "") // fails like a revert: no finding
			continue
		}
		code.SetInvalid(s.PC, finding.PanicKind(s.Panic))
	}
	if fc, ok := ct.Foreign(); ok {
		code.SetForeign(fc.PC, fc.In, fc.Out)
	}
	for _, ev := range ct.ABI.Events {
		if ev.RawName == "AssertionFailed" && !ev.Anonymous {
			code.SetAssertionEvent(ev.ID)
		}
	}
	return code
}
