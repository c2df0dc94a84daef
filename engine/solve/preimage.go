package solve

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Known preimage. Class: the keccak of a numeric input equal to the
// keccak of a constant the source holds (keccak256(abi.encodePacked(x))
// == keccak256(hex"00000000223b9922")). The optimizer folds the
// constant's hash into the code, so the guard compares a hash with a
// hash: no transform of input-to-state (i2s.go) relates the two sides and
// no line fits a hash. But the source's string and bytes literals are
// few, so their keccaks are known (Known): when an equality the
// mutation moved has one side among them, the input is the preimage read
// as the input's type (a big-endian number, what abi.encodePacked of a
// uintN and abi.encode of a word hash). Redqueen (§III-A) replaces a
// compared operand found in the input by the other operand; here the
// operand is found through its hash.

// maxPreimageTries bounds the chains per target edge: each is a run per
// candidate, and a preimage that a guard above the hash refuses stays
// refused.
const maxPreimageTries = 8

// Preimages maps the keccak of each short byte string to the string.
type Preimages map[uint256.Int][]byte

// preimagesOf returns k's preimages (none for a nil k).
func (k *Known) preimagesOf() Preimages {
	if k == nil {
		return nil
	}
	return k.preimages
}

// NewPreimages returns the keccaks of the byte strings of at most 32
// bytes (the longer ones are no numeric input's encoding).
func NewPreimages(strs [][]byte) Preimages {
	out := Preimages{}
	for _, b := range strs {
		if len(b) == 0 || len(b) > 32 {
			continue
		}
		var h uint256.Int
		h.SetBytes32(crypto.Keccak256(b))
		out[h] = b
	}
	return out
}

// preimageCands appends to out the values of an input of type t whose
// encoding is the preimage of a side of equality e: none unless e is an
// unsatisfied equality with a side among pre.
func preimageCands(out []uint256.Int, pre Preimages, t *abi.Type, x *uint256.Int, e *txseq.CostEntry) []uint256.Int {
	if len(pre) == 0 {
		return out
	}
	var d uint256.Int
	d.Sub(&e.Opnd[0], &e.Opnd[1])
	if !d.Eq(&e.Resid) || d.IsZero() {
		return out
	}
	n := calldata.Bits(t)
	for s := range 2 {
		b, ok := pre[e.Opnd[s]]
		if !ok || n <= 0 || len(b)*8 > n && len(b) != 32 {
			// A preimage wider than the input is no encoding of it, but
			// for abi.encode's full word.
			continue
		}
		var v uint256.Int
		v.SetBytes(b)
		w := wrapTo(t, &v)
		if !w.Eq(x) && !contains(out, &w) {
			out = append(out, w)
		}
	}
	return out
}

// preimageTarget returns the index in costs of the first equality among
// the mutant's moved costs (pr.cands) that has known-preimage candidates
// and whose edge has tries left.
func (pr *Predictor) preimageTarget(costs []txseq.CostEntry, m txseq.Mutation, t *abi.Type) (int, bool) {
	if len(pr.Known.preimagesOf()) == 0 || m.Field != txseq.FieldArg {
		return 0, false
	}
	for _, k := range pr.cands {
		if pr.preimageTries[costs[k].Idx] < maxPreimageTries && len(preimageCands(nil, pr.Known.preimagesOf(), t, &m.Arg.New, &costs[k])) > 0 {
			return k, true
		}
	}
	return 0, false
}

// preimageStart returns the first run of the known-preimage candidates
// for target me, with next queued behind them; next if there is none.
func (pr *Predictor) preimageStart(me *txseq.CostEntry, mut txseq.Sequence, m txseq.Mutation, t *abi.Type, next *Prediction) *Prediction {
	if len(pr.Known.preimagesOf()) == 0 || m.Field != txseq.FieldArg || pr.preimageTries[me.Idx] >= maxPreimageTries {
		return next
	}
	cands := preimageCands(nil, pr.Known.preimagesOf(), t, &m.Arg.New, me)
	if len(cands) == 0 {
		return next
	}
	pr.preimageTries[me.Idx]++
	return i2sNext(&i2sQueue{mut: mut, m: m, t: t, cands: cands, next: next}, me.Idx)
}
