package txseq

import (
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/holiman/uint256"
)

// A Tx is one transaction of a sequence, in the program's terms.
type Tx struct {
	Contract int // index into the program's contracts
	Method   int // index into the contract's Methods; -1 sends plain ether
	Sender   int // index into the chain's senders
	Args     []calldata.Value
	Value    uint256.Int
	// Blocks and Seconds advance the block number and time before the
	// transaction runs.
	Blocks, Seconds uint64
	// Raw, when not nil, is the calldata sent instead of Method's encoded
	// Args: a recorded transaction replayed (replay.go), whose Method is
	// the one its selector names (-1: none).
	Raw []byte
}

// A Sequence is a list of transactions run from the deployed state.
type Sequence []Tx

// Clone returns a deep copy. Its arguments share one arena (two
// allocations for the whole sequence, not one per value).
func (s Sequence) Clone() Sequence {
	out := make(Sequence, len(s))
	var vals, bytes int
	for i := range s {
		calldata.Measure(s[i].Args, &vals, &bytes)
	}
	a := calldata.NewArena(vals, bytes)
	for i, tx := range s {
		out[i] = tx
		out[i].Args = a.Clone(tx.Args)
	}
	return out
}

// Share returns a copy of s's transactions that shares their arguments
// with s: one allocation, where Clone copies every argument. The copy's
// owner must give a transaction its own arguments (calldata.Clone) before
// changing them in place; everything else about a transaction is a value.
// Empty argument lists become nil, as Clone makes them.
func (s Sequence) Share() Sequence {
	out := make(Sequence, len(s))
	copy(out, s)
	for i := range out {
		if len(out[i].Args) == 0 {
			out[i].Args = nil
		}
	}
	return out
}

// Field names the part of a transaction a mutation changed.
type Field int

// Fields of a transaction, and sequence-shape changes.
const (
	FieldArg Field = iota
	FieldValue
	FieldSender
	FieldTime
	FieldBlock
	ShapeInsert
	ShapeRemove
	ShapeSplice
	ShapeReplace
	ShapeAppend // a transaction added at the end (extend.go)
)

// A Mutation records what one mutation changed, so input prediction can
// relate a change in one input to a change in cost.
type Mutation struct {
	Tx    int // index of the changed transaction
	Field Field
	Arg   calldata.Mutation // for FieldArg
	// LastOnly reports that only the last transaction changed, so the state
	// before it can be reused.
	LastOnly bool
}

// CostEntry is one metric of a cost vector: a cost index (see
// trace.Tracer.CostSites) and its value.
type CostEntry struct {
	Idx int32
	// Hashed: the comparison compared at most 16 bits of a keccak256
	// output (trace.Tracer.Hashed), which no distance leads to.
	Hashed bool
	Cost   uint256.Int
	Resid  uint256.Int    // signed residual (see trace.Tracer.Residual)
	Opnd   [2]uint256.Int // the words compared (trace.Tracer.CmpOperands)
}
