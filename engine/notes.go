package engine

import (
	"fmt"
	"github.com/foresight-sol/foresight/engine/report"

	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/fuzz"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// noteUnreduced adds to calls, rendered from f.Seq, a note for each value
// the shrinker could not reduce.
func noteUnreduced(p *program.Program, f *fuzz.Finding, calls []report.Call) {
	for _, u := range f.Unreduced {
		if u.Tx < len(calls) {
			calls[u.Tx].Notes = append(calls[u.Tx].Notes, unreducedNote(p, f.Seq[u.Tx], u.Arg))
		}
	}
}

// unreducedNote says that the shrinker could not reduce the argument at
// arg of tx (its ether value when arg is nil).
func unreducedNote(p *program.Program, tx txseq.Tx, arg calldata.Path) string {
	name := "value"
	if len(arg) > 0 {
		name = fmt.Sprintf("argument %d", arg[0]+1)
		if tx.Method >= 0 {
			if in := p.Contracts[tx.Contract].Methods[tx.Method].Inputs; arg[0] < len(in) && in[arg[0]].Name != "" {
				name = in[arg[0]].Name
			}
		}
		for _, i := range arg[1:] {
			name += fmt.Sprintf("[%d]", i)
		}
	}
	why := "the finding needs this value"
	if len(arg) > 0 && len(tx.Args) > 0 {
		if v := calldata.At(tx.Args, arg); v != nil && v.Type != nil {
			switch v.Type.T {
			case abi.AddressTy:
				why = "the finding needs this address (zero and every known account and contract were tried)"
			case abi.BytesTy, abi.StringTy:
				why = "the finding needs this value (empty and shorter prefixes were tried)"
			}
		}
	}
	return name + ": not reducible: " + why
}
