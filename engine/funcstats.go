package engine

import (
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/replay"
	"github.com/foresight-sol/foresight/engine/report"
	"github.com/foresight-sol/foresight/engine/solve"
)

// functionStats renders the campaign's per-function counts, with the
// most frequent failure decoded.
func functionStats(p *program.Program, fs []fuzz.FuncStat) []report.FunctionStat {
	var total, gas float64
	for _, f := range fs {
		total += float64(f.Time)
		gas += float64(f.Gas)
	}
	out := make([]report.FunctionStat, 0, len(fs))
	for _, f := range fs {
		c := p.Contracts[f.Contract]
		name, sig := "receive/fallback", ""
		if f.Method >= 0 {
			name, sig = c.Methods[f.Method].Name, c.Methods[f.Method].Sig
		}
		s := report.FunctionStat{Contract: c.Name, Function: name, Signature: sig, Completed: f.Completed, Reverted: f.Reverted}
		if total > 0 {
			s.TimeShare = 100 * float64(f.Time) / total
		}
		if gas > 0 {
			s.GasShare = 100 * float64(f.Gas) / gas
		}
		s.ShareCut = f.Cut
		if f.TopCount > 0 {
			s.TopRevert = failureText(f.TopRevert, f.TopErr, p, f.Contract)
		}
		out = append(out, s)
	}
	return out
}

// failureText decodes a failure: Error(string), Panic(uint256), a custom
// error of contract ci's ABI or, failing that, of any contract of p (an
// error a callee raised, or an implementation behind a proxy), or no
// revert data.
func failureText(ret []byte, err error, p *program.Program, ci int) string {
	switch {
	case errors.Is(err, vm.ErrOutOfGas):
		return "out of gas"
	case errors.Is(err, chain.ErrTxTimeout):
		return "wall-clock limit"
	case !errors.Is(err, vm.ErrExecutionReverted):
		return err.Error()
	case len(ret) == 0:
		return "no reason"
	}
	if s, ok := replay.RevertReason(ret); ok {
		return s
	}
	if code, ok := finding.PanicCode(ret); ok {
		return fmt.Sprintf("Panic(0x%02x)", code)
	}
	if len(ret) >= 4 {
		if name, ok := errorName(&p.Contracts[ci].ABI, ret); ok {
			return name
		}
		for i := range p.Contracts {
			if name, ok := errorName(&p.Contracts[i].ABI, ret); ok {
				return name
			}
		}
	}
	return fmt.Sprintf("revert data 0x%x", ret[:min(len(ret), 4)])
}

// errorName is the name of a's custom error whose selector starts ret.
func errorName(a *abi.ABI, ret []byte) (string, bool) {
	for _, e := range a.Errors {
		if [4]byte(e.ID[:4]) == [4]byte(ret[:4]) {
			return e.Name, true
		}
	}
	return "", false
}

// completedFunctions counts the functions of contract ci (any contract
// for ci -1) that completed at least once: only those count as fuzzed.
func completedFunctions(fs []fuzz.FuncStat, ci int) int {
	n := 0
	for _, f := range fs {
		if (ci < 0 || f.Contract == ci) && f.Method >= 0 && f.Completed > 0 {
			n++
		}
	}
	return n
}

// yieldShown bounds the targets the report lists with their prediction
// yield: the few that took most predicted runs.
const yieldShown = 5

// predictionYield renders the targets prediction ran the most inputs at.
func predictionYield(p *program.Program, ts []solve.TargetYield) []report.PredictionYield {
	out := make([]report.PredictionYield, 0, min(len(ts), yieldShown))
	for _, t := range ts[:min(len(ts), yieldShown)] {
		c := p.Contracts[t.Contract]
		name := "receive/fallback"
		if t.Method >= 0 {
			name = c.Methods[t.Method].Name
		}
		out = append(out, report.PredictionYield{Contract: c.Name, Function: name, Target: t.Target, Made: t.Made, Reached: t.Reached})
	}
	return out
}
