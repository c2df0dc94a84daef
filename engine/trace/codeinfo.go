package trace

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/holiman/uint256"
)

// This file holds what the oracles know of a code beyond its bytes: the
// compiler generation (legacy storage arrays), the Solidity types of its
// arithmetic, what its INVALID instructions stand for, and its
// AssertionFailed events.

// SetAssertionEvent says that a log with topic (an AssertionFailed event,
// the Echidna and Medusa convention) reports a failed assertion.
func (c *Code) SetAssertionEvent(topic common.Hash) {
	c.assertTopics = append(c.assertTopics, topic)
	c.reclassify()
}

// SetLegacy marks code compiled before 0.8, whose dynamic arrays can grow
// (by length underflow) past the end of storage: storage addresses
// computed from hashes are followed to catch wrapped array indices.
func (c *Code) SetLegacy() {
	c.sources[vm.KECCAK256] |= LabelHash
	c.reclassify()
}

// SetArith says that the ADD, SUB or MUL at pc computes an expression of
// Solidity type a (SWC-101 for code compiled before 0.8).
func (c *Code) SetArith(pc uint64, a ArithType) {
	if c.arith == nil {
		c.arith = make([]ArithType, len(c.branch))
	}
	if pc < uint64(len(c.arith)) {
		c.arith[pc] = a
		c.reflagAt(int(pc))
	}
}

// SetInvalid says that the INVALID at pc implements a check of kind k
// (solc before 0.8 compiles assert and its built-in checks alike to
// INVALID). An empty k marks an INVALID that is no finding.
func (c *Code) SetInvalid(pc uint64, k finding.Kind) {
	if c.invalid == nil {
		c.invalid = make([]finding.Kind, len(c.branch))
	}
	if pc < uint64(len(c.invalid)) {
		c.invalid[pc] = k
	}
}

// invalidKind returns the kind of finding the INVALID at pc stands for.
func (c *Code) invalidKind(pc uint64) finding.Kind {
	if c.invalid == nil {
		return finding.AssertFailure
	}
	return c.invalid[pc]
}

func isPanic(ret []byte) bool {
	_, ok := finding.PanicCode(ret)
	return ok
}

// assertionLog reports a LOG whose first topic is one of c's
// AssertionFailed events.
func (t *Tracer) assertionLog(f *frame, c *Code, s []uint256.Int) {
	topic := common.Hash(s[len(s)-3].Bytes32())
	for _, a := range c.assertTopics {
		if a == topic {
			t.event(Event{Kind: EventAssertionFailed, Code: f.code, PC: f.lastUser})
			return
		}
	}
}
