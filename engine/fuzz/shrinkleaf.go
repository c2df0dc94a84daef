package fuzz

import (
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// shrinkLeaf reduces the leaf at path at of transaction i of seq, which
// zero does not reproduce, in place: an integer to the smallest magnitude
// that still fails (shrinkInt), an address to an account or contract the
// campaign knows, bytes and strings to a shorter prefix and bytes to
// zeros. It reports whether the leaf stays as it was after a search that
// ran to its end: the finding needs this very value.
func (w *worker) shrinkLeaf(seq txseq.Sequence, i int, at calldata.Path, v *calldata.Value, fails func(txseq.Sequence) bool, budget *int) (unreduced bool) {
	with := func(set func(*calldata.Value)) bool {
		cand := seq.Clone()
		set(calldata.At(cand[i].Args, at))
		return fails(cand)
	}
	leaf := calldata.At(seq[i].Args, at)
	switch v.Type.T {
	case abi.IntTy, abi.UintTy:
		best, ok, done := shrinkInt(v.Word, v.Type.T == abi.IntTy, func(x uint256.Int) bool {
			return with(func(l *calldata.Value) { l.Word = x })
		}, budget)
		if ok {
			leaf.Word = best
		}
		return !ok && done
	case abi.AddressTy:
		known := w.knownAddresses(seq[i].Sender)
		if slices.Contains(known, common.Address(v.Word.Bytes20())) {
			return false // already an account the sequence shows by name
		}
		for _, a := range known {
			var x uint256.Int
			x.SetBytes20(a[:])
			if with(func(l *calldata.Value) { l.Word = x }) {
				leaf.Word = x
				return false
			}
		}
		return *budget > 0
	case abi.BytesTy, abi.StringTy:
		best, ok := shrinkBytes(v.Bytes, v.Type.T == abi.BytesTy, func(b []byte) bool {
			return with(func(l *calldata.Value) { l.Bytes = b })
		}, budget)
		if ok {
			leaf.Bytes = best
		}
		return !ok && *budget > 0
	}
	return false
}

// knownAddresses are the addresses a shrunk address is tried as, simplest
// first: the transaction's own sender, the other principals (test
// accounts, attacker contracts, the deployer) and the deployed contracts.
func (w *worker) knownAddresses(sender int) []common.Address {
	out := []common.Address{w.m.Principals[sender]}
	for _, a := range w.m.Principals {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	for _, a := range w.m.Dep.Addrs {
		if a != (common.Address{}) && !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// shrinkBytesRuns caps the re-runs spent on one bytes or string value.
const shrinkBytesRuns = 32

// shrinkBytes looks for a shorter prefix of b (empty was tried) that
// still fails, halving and then dropping one byte at a time, and for
// bytes then zeroes the rest. ok is false when nothing smaller fails.
func shrinkBytes(b []byte, zeros bool, fails func([]byte) bool, budget *int) (best []byte, ok bool) {
	best = b
	runs := 0
	try := func(c []byte) bool {
		if runs >= shrinkBytesRuns || *budget <= 0 {
			return false
		}
		runs++
		if fails(c) {
			best, ok = c, true
			return true
		}
		return false
	}
	for len(best) > 1 && try(slices.Clone(best[:len(best)/2])) {
	}
	for len(best) > 1 && try(slices.Clone(best[:len(best)-1])) {
	}
	if zeros && slices.ContainsFunc(best, func(c byte) bool { return c != 0 }) {
		try(make([]byte, len(best)))
	}
	return best, ok
}
