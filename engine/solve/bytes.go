package solve

import (
	"bytes"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Bytes input-to-state. Class: a bytes or string input compared with a
// constant a byte at a time (for i in 0..8: if (b[i] != k[i]) return).
// Redqueen (§III-A) finds a
// compared operand's bytes in the input and puts the other operand's in
// their place; numeric prediction (predict.go) sees no number here. A
// byte loop shows one compare, the first mismatch, so the input is
// mended one position at a time: each run's mismatch lies further in,
// and a chain follows it while it does (bytesAgain). As one compared
// byte rarely tells which constant the loop walks, the code's constants
// whose encoding agrees with the input up to the mismatch and holds the
// compared byte there (Known.words) are tried first: the whole compare
// in one run. Only the last transaction's compares are seen; an earlier
// call's bytes are solved where that call runs last.

// Limits of a bytes chain: candidates per step, and steps per chain (a
// byte at a time through a 32-byte key).
const (
	maxBytesCands = 4
	maxBytesSteps = 32
)

// bytesTarget is a bytes chain's target: no edge, as a byte loop takes
// the compared edge at every position it passes, so reaching it says
// nothing of the rest; its own key, so that its misses back off bytes
// chains alone.
const bytesTarget = -2

// bytesQueue is a bytes chain: the mutant it changes (argument at m's
// path), its candidates with the position each mends, the position the
// last run mended, and the steps made.
type bytesQueue struct {
	mut   txseq.Sequence
	m     txseq.Mutation
	cands []bytesCand
	pos   int
	steps int
}

// bytesCand is one candidate input, and the position its change starts
// at (-1: a constant that replaces the whole input, no chain after it).
type bytesCand struct {
	b   []byte
	pos int
}

// bytesLeaf returns the bytes or string argument a mutation of the last
// transaction changed, or nil.
func bytesLeaf(seq txseq.Sequence, m txseq.Mutation) *calldata.Value {
	if m.Field != txseq.FieldArg || m.Arg.Scalar || m.Tx != len(seq)-1 {
		return nil
	}
	v := calldata.At(seq[m.Tx].Args, m.Arg.Path)
	if v == nil || v.Type == nil || (v.Type.T != abi.BytesTy && v.Type.T != abi.StringTy) || len(v.Bytes) == 0 {
		return nil
	}
	return v
}

// bytesStart returns the first run of a bytes chain for a mutant whose
// last transaction's bytes argument changed (costs: its compares), or
// nil if no compare's operand is found in the input.
func (pr *Predictor) bytesStart(costs []txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation) *Prediction {
	v := bytesLeaf(mut, m)
	if v == nil {
		return nil
	}
	q := &bytesQueue{mut: mut, m: m, pos: -1}
	q.cands = pr.bytesCands(q.cands[:0], costs, v.Bytes, 0)
	return pr.bytesNext(q)
}

// bytesAgain follows a bytes chain's run that missed: a per-position
// step whose run shows a mismatch further in goes on from that run's
// input; otherwise the next candidate.
func (pr *Predictor) bytesAgain(p *Prediction) *Prediction {
	q := p.bytes
	if q.pos >= 0 && pr.lastRan && q.steps < maxBytesSteps {
		if v := bytesLeaf(p.Seq, p.M); v != nil {
			if next := pr.bytesCands(nil, pr.last, v.Bytes, q.pos+1); len(next) > 0 {
				q.mut, q.cands = p.Seq, next
			}
		}
	}
	return pr.bytesNext(q)
}

// bytesNext returns the run of q's next candidate, or nil.
func (pr *Predictor) bytesNext(q *bytesQueue) *Prediction {
	if len(q.cands) == 0 {
		return nil
	}
	c := q.cands[0]
	q.cands = q.cands[1:]
	q.pos = c.pos
	q.steps++
	seq := ownTx(q.mut, q.m.Tx)
	v := calldata.At(seq[q.m.Tx].Args, q.m.Arg.Path)
	v.Bytes = c.b
	m := q.m
	m.Arg.Path = append(calldata.Path(nil), q.m.Arg.Path...)
	return &Prediction{Seq: seq, M: m, Target: bytesTarget, bytes: q}
}

// bytesCands appends to out the inputs that put, in input b, the other
// operand of an unsatisfied equality of single bytes in costs where one
// operand's byte is found at or after position from; the code's
// constants that agree with b first.
func (pr *Predictor) bytesCands(out []bytesCand, costs []txseq.CostEntry, b []byte, from int) []bytesCand {
	for k := range costs {
		e := &costs[k]
		var d uint256.Int
		d.Sub(&e.Opnd[0], &e.Opnd[1])
		if !d.Eq(&e.Resid) || d.IsZero() {
			continue
		}
		for s := range 2 {
			pat, rep, ok := byteOperands(&e.Opnd[s], &e.Opnd[1-s])
			if !ok {
				continue
			}
			at := bytes.IndexByte(b[min(from, len(b)):], pat)
			if at < 0 {
				continue
			}
			at += min(from, len(b))
			out = pr.Known.agreeing(out, b, at, rep)
			c := append([]byte(nil), b...)
			c[at] = rep
			out = appendCand(out, bytesCand{b: c, pos: at})
			if len(out) >= maxBytesCands {
				return out[:maxBytesCands]
			}
		}
	}
	return out
}

// byteOperands returns the bytes two compared words hold when both are
// bytes1 values (b[i] and k[i]: one byte, left-aligned). Wider pieces (a
// selector, a bytes4) are the dictionary's, and small numbers (a length,
// a flag tested for zero) no byte of the input: neither is this rule's.
func byteOperands(a, b *uint256.Int) (pa, pb byte, ok bool) {
	wa, wb := a.Bytes32(), b.Bytes32()
	if zeroTail(wa[:]) < 31 || zeroTail(wb[:]) < 31 {
		return 0, 0, false
	}
	return wa[0], wb[0], true
}

// zeroTail counts the zero bytes w ends in.
func zeroTail(w []byte) int {
	n := 0
	for i := len(w) - 1; i >= 0 && w[i] == 0; i-- {
		n++
	}
	return n
}

// appendCand appends c unless out holds the same input.
func appendCand(out []bytesCand, c bytesCand) []bytesCand {
	for i := range out {
		if bytes.Equal(out[i].b, c.b) {
			return out
		}
	}
	return append(out, c)
}

// Known is what the source tells the predictor: the keccaks of its short
// literals (preimage.go) and its constants' byte encodings, by length.
type Known struct {
	preimages Preimages
	words     map[int][][]byte
}

// NewKnown indexes a build's string literals and constant words.
func NewKnown(strs [][]byte, words []uint256.Int) *Known {
	k := &Known{preimages: NewPreimages(strs), words: map[int][][]byte{}}
	seen := map[string]bool{}
	add := func(b []byte) {
		if len(b) > 1 && !seen[string(b)] {
			seen[string(b)] = true
			k.words[len(b)] = append(k.words[len(b)], b)
		}
	}
	for i := range words {
		w := words[i].Bytes32()
		add(w[32-words[i].ByteLen():]) // a number, as bytesN's right end
		if w[0] != 0 {
			add(w[:32-zeroTail(w[:])]) // a bytesN, left-aligned
		}
	}
	return k
}

// agreeing appends the constants of b's length that agree with b before
// position at and hold r there: the constant a byte loop compares with.
func (k *Known) agreeing(out []bytesCand, b []byte, at int, r byte) []bytesCand {
	if k == nil {
		return out
	}
	for _, w := range k.words[len(b)] {
		if w[at] == r && bytes.Equal(w[:at], b[:at]) {
			out = appendCand(out, bytesCand{b: append([]byte(nil), w...), pos: -1})
			if len(out) >= maxBytesCands/2 {
				return out
			}
		}
	}
	return out
}
