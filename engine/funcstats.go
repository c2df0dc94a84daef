package engine

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/report"
)

// functionStats renders the campaign's per-function counts, with the
// most frequent failure decoded.
func functionStats(p *program.Program, fs []fuzz.FuncStat) []report.FunctionStat {
	var total float64
	for _, f := range fs {
		total += float64(f.Time)
	}
	abis := map[int]*abi.ABI{}
	out := make([]report.FunctionStat, 0, len(fs))
	for _, f := range fs {
		c := p.Contracts[f.Contract]
		name := "receive/fallback"
		if f.Method >= 0 {
			name = c.Methods[f.Method].Name
		}
		s := report.FunctionStat{Contract: c.Name, Function: name, Completed: f.Completed, Reverted: f.Reverted}
		if total > 0 {
			s.TimeShare = 100 * float64(f.Time) / total
		}
		if f.TopCount > 0 {
			if _, ok := abis[f.Contract]; !ok {
				if a, err := abi.JSON(bytes.NewReader(c.Artifact.ABI)); err == nil {
					abis[f.Contract] = &a
				} else {
					abis[f.Contract] = nil
				}
			}
			s.TopRevert = failureText(f.TopRevert, f.TopErr, abis[f.Contract])
		}
		out = append(out, s)
	}
	return out
}

// failureText decodes a failure: Error(string), Panic(uint256), a custom
// error of the contract's ABI, or no revert data.
func failureText(ret []byte, err error, a *abi.ABI) string {
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
	if s, ok := revertReason(ret); ok {
		return s
	}
	if len(ret) == 36 && binary.BigEndian.Uint32(ret) == 0x4e487b71 {
		return fmt.Sprintf("Panic(0x%02x)", ret[35])
	}
	if a != nil && len(ret) >= 4 {
		for _, e := range a.Errors {
			if [4]byte(e.ID[:4]) == [4]byte(ret[:4]) {
				return e.Name
			}
		}
	}
	return fmt.Sprintf("revert data 0x%x", ret[:min(len(ret), 4)])
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
