package trace

import "github.com/ethereum/go-ethereum/core/vm"

// This file lets a tracer follow a constructor: the deployment search
// (engine/fuzz/ctorsearch.go) gives it the creation codes and says which
// one the next top-level contract creation runs, so that the constructor's
// branches get costs like any other.

// TraceCreation makes top-level contract creations run as code i (a
// negative i turns it off).
func (t *Tracer) TraceCreation(i int) { t.creation = int32(i) + 1 }

// Edge returns the edge index of the JUMPI at pc of code i, taken or not,
// and false if pc is no JUMPI of that code.
func (t *Tracer) Edge(i int, pc uint64, taken bool) (int32, bool) {
	c := t.codes[i]
	if c == nil || pc >= uint64(len(c.branch)) || c.branch[pc] < 0 || c.flags[pc]&flagDest != 0 {
		return 0, false
	}
	e := int32(t.base[i]) + 2*c.branch[pc]
	if taken {
		e++
	}
	return e, true
}

// Hits returns how often the current transaction took edge e.
func (t *Tracer) Hits(e int32) uint32 { return t.counts[e] }

// creationCode returns the code a frame entered with typ at depth runs as
// when it is a traced contract creation.
func (t *Tracer) creationCode(depth int, typ byte) (int32, bool) {
	if t.creation == 0 || depth != 0 || vm.OpCode(typ) != vm.CREATE {
		return NoCode, false
	}
	return t.creation - 1, true
}
