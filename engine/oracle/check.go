package oracle

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/cheatcode"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// failures is the transaction's own failure: the storage-write probe,
// then an assert or panic at its origin, then a revert right after a
// failed call in a loop.
type failures struct{ *Machine }

func (o *failures) Check(x *Context) *finding.Finding {
	if f := o.checkTx(x.Tx, x.Result, x.Probe); f != nil {
		return f
	}
	return o.checkLoopFailure(len(x.Hist), x.Result)
}

// properties calls the property and invariant functions after every
// transaction.
type properties struct {
	*Machine
	checked  []int                         // contracts with such functions
	checksOf func(ci int) []program.Method // their functions
	// failedSel[ci] is the selector of contract ci's failed() (nil: none),
	// called after each of its checks: a ds-test suite's assertEq does
	// not revert but records the failure, which forge reads with failed()
	// after the invariant.
	failedSel [][]byte
}

func newProperties(m *Machine, checked []int, checksOf func(ci int) []program.Method) *properties {
	o := &properties{Machine: m, checked: checked, checksOf: checksOf}
	if len(checked) == 0 {
		return o
	}
	o.failedSel = make([][]byte, len(m.Prog.Contracts))
	for _, ci := range checked {
		o.failedSel[ci] = failedSelector(m.Prog.Contracts[ci])
	}
	return o
}

// failedSelector returns the selector of c's failed() returning bool
// (DSTest's, forge-std's StdAssertions'), or nil.
func failedSelector(c *program.Contract) []byte {
	f, ok := c.ABI.Methods["failed"]
	if !ok || len(f.Inputs) != 0 || len(f.Outputs) != 1 || f.Outputs[0].Type.T != abi.BoolTy {
		return nil
	}
	return f.ID
}

func (o *properties) Check(*Context) *finding.Finding { return o.checkProperties() }

// checkTx applies the transaction oracles to a finished transaction.
func (o *failures) checkTx(tx *txseq.Tx, r chain.Result, probe bool) *finding.Finding {
	if origin, hit := o.Tracer.ProbeHit(); hit && probe && r.Err == nil && o.enabled(finding.StorageWrite) {
		// A storage write landed on the campaign's arbitrary probe slot:
		// the written location is attacker-controlled (HARVEY §4.3).
		f := &finding.Finding{Kind: finding.StorageWrite, Contract: origin.Contract, PC: origin.PC}
		o.locate(f, origin.Site)
		return f
	}
	if r.Err != nil && cheatcode.IsRejection(r.Ret) {
		// vm.assume(false): a rejected input, not a failure.
		return nil
	}
	fail := o.Tracer.Failure()
	kind, ok := finding.Failure(r.Err, r.Ret, fail.Invalid)
	if !ok || !o.enabled(kind) {
		return nil
	}
	if c := fail.Origin.Contract; kind == finding.AssertFailure && fail.Origin.Valid && c >= 0 && c < len(o.Prog.Contracts) && o.Prog.Contracts[c].CallerAssert(fail.Origin.PC) {
		// `assert(msg.sender == WETH)`: an access check that turned a
		// caller away, not an invariant broken (program.CallerAssert).
		return nil
	}
	f := &finding.Finding{Kind: kind, Contract: tx.Contract}
	if fail.Origin.Valid {
		f.Contract, f.PC = fail.Origin.Contract, fail.Origin.PC
		o.locate(f, fail.Origin.Site)
	}
	return f
}

// checkProperties calls every property and invariant function of the
// targets on the current state; the first violation is a finding.
func (o *properties) checkProperties() *finding.Finding {
	for _, ci := range o.checked {
		c := o.Prog.Contracts[ci]
		checks := o.checksOf(ci)
		for i := range checks {
			// By pointer: a copy's Selector[:] would move the whole
			// method to the heap on every call.
			m := &checks[i]
			r := o.Chain.ProbeFailed(o.Chain.Senders()[0], o.Dep.Addrs[ci], m.Selector[:], o.failedSel[ci])
			if !violated(m, r) && !r.Failed || cheatcode.IsRejection(r.Ret) {
				continue
			}
			kind := finding.Property
			if m.Kind == program.Invariant {
				kind = finding.Invariant
			}
			if !o.enabled(kind) {
				continue
			}
			f := &finding.Finding{Kind: kind, Contract: ci, Check: m.RawName}
			if fn, ok := c.Function(m.RawName); ok {
				f.Location = fn.Location
				f.Located = true
			}
			return f
		}
	}
	return nil
}

// violated reports a failed check: it reverted, or returned false.
func violated(m *program.Method, r chain.Result) bool {
	if r.Err != nil {
		return true
	}
	if len(m.Outputs) == 1 && m.Outputs[0].Type.String() == "bool" {
		return len(r.Ret) < 32 || r.Ret[31] == 0
	}
	return false
}
