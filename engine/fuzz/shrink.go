package fuzz

import (
	"math/big"
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// shrink minimises a failing sequence while it still produces a finding
// with the same key: first it drops transactions (reverting ones first),
// then it simplifies what remains (arguments toward zero, shorter and
// rounder, or to a literal of the source; values and delays to zero, the
// first sender; equal integers together: shrinkcouple.go), and it repeats
// both while dropping removes more: a transaction is often needed only
// for a value not yet shrunk (redeem(11) needs eleven mints, redeem(1)
// one). It spends at most limit executions and returns the smallest
// failing sequence found. in says how each candidate runs (in.shrinking
// is the finding's key). Every step is deterministic.
func (w *worker) shrink(seq txseq.Sequence, in execInput, limit int) (txseq.Sequence, []Unreduced) {
	key := *in.shrinking
	var kept []Unreduced
	budget := limit
	fails := func(s txseq.Sequence) bool {
		if budget > 0 && w.c.ctx != nil && w.c.ctx.Err() != nil {
			// Interrupted: the sequence so far still fails; a signal
			// must end the run within a second, not after the shrink.
			budget = 0
		}
		if budget <= 0 {
			return false
		}
		budget--
		w.c.shrinkExecs.Add(1)
		o := w.exec(s, in)
		return o.fail != nil && o.fail.Key() == key && o.failTx == len(s)-1
	}
	seq, _ = w.dropTxs(seq, fails)
	for budget > 0 {
		seq, kept = w.simplify(seq, fails, &budget)
		kept = withoutSites(kept, w.shrinkCoupled(seq, fails, &budget)) // shrinkcouple.go
		var dropped bool
		if seq, dropped = w.dropTxs(seq, fails); !dropped {
			break
		}
	}
	return seq, kept
}

// dropTxs removes every transaction but the last whose removal keeps the
// finding, reverting ones first, then any, last to first; it reports
// whether it removed any.
func (w *worker) dropTxs(seq txseq.Sequence, fails func(txseq.Sequence) bool) (txseq.Sequence, bool) {
	dropped := false
	for _, revertingOnly := range []bool{true, false} {
		reverting := w.reverting(seq)
		for i := len(seq) - 2; i >= 0; i-- {
			if revertingOnly && !reverting[i] {
				continue
			}
			cand := append(append(txseq.Sequence{}, seq[:i]...), seq[i+1:]...)
			// Keep the time that passed: move the delays to the next tx.
			cand[i].Blocks += seq[i].Blocks
			cand[i].Seconds += seq[i].Seconds
			if fails(cand) {
				seq, dropped = cand, true
				reverting = w.reverting(seq)
			}
		}
	}
	return seq, dropped
}

// simplify simplifies the fields of seq one at a time and returns the
// leaves (and values) the finding needs as they are.
func (w *worker) simplify(seq txseq.Sequence, fails func(txseq.Sequence) bool, budget *int) (txseq.Sequence, []Unreduced) {
	var kept []Unreduced
	for i := range seq {
		for p, v := range calldata.Leaves(seq[i].Args) {
			if leafIsZero(v) {
				continue
			}
			cand := seq.Clone()
			zeroLeaf(calldata.At(cand[i].Args, p))
			if fails(cand) {
				seq = cand
				continue
			}
			// A value the finding needs: look for a simpler one that
			// still reproduces it (shrinkLeaf, below).
			at := slices.Clone(p)
			if w.shrinkLeaf(seq, i, at, v, fails, budget) {
				kept = append(kept, Unreduced{Tx: i, Arg: at})
			}
		}
		if !seq[i].Value.IsZero() {
			cand := seq.Clone()
			cand[i].Value = uint256.Int{}
			if fails(cand) {
				seq = cand
			} else if w, ok, done := shrinkInt(seq[i].Value, false, func(x uint256.Int) bool {
				cand := seq.Clone()
				cand[i].Value = x
				return fails(cand)
			}, budget); ok {
				seq[i].Value = w
			} else if done {
				kept = append(kept, Unreduced{Tx: i})
			}
		}
		if seq[i].Blocks != 0 || seq[i].Seconds != 0 {
			cand := seq.Clone()
			cand[i].Blocks, cand[i].Seconds = 0, 0
			if fails(cand) {
				seq = cand
			}
		}
		if seq[i].Sender != 0 {
			cand := seq.Clone()
			cand[i].Sender = 0
			if fails(cand) {
				seq = cand
			}
		}
	}
	return seq, kept
}

// reverting reports which transactions of seq revert when it runs.
func (w *worker) reverting(seq txseq.Sequence) []bool {
	out := make([]bool, len(seq))
	w.m.Chain.Reset(w.m.Base)
	for i := range seq {
		out[i] = w.m.RunTx(&seq[i], 0).Err != nil
	}
	return out
}

// zeroLeaf sets a leaf to its simplest value: zero, false, the zero
// address, or empty bytes.
func zeroLeaf(v *calldata.Value) {
	v.Word.Clear()
	v.Bytes = v.Bytes[:0]
}

func leafIsZero(v *calldata.Value) bool {
	return v.Word.IsZero() && len(v.Bytes) == 0 && len(v.Elems) == 0
}

// shrinkIntRuns caps the re-runs spent on one integer.
const shrinkIntRuns = 64

// shrinkSmall are the magnitudes tried, in order, after zero.
var shrinkSmall = [...]uint64{1, 2, 10, 100}

// shrinkInt looks for a smaller magnitude than w's (zero was tried) for
// which fails holds, keeping w's sign when signed: first 1 and a few small
// values, then the smallest power of two that fails, then a binary search
// between the largest magnitude tried that does not fail and the smallest
// that does. Each candidate that fails replaces the best so far, so what it
// returns always reproduces. It spends at most shrinkIntRuns re-runs and
// stops when *budget (the shrink's remaining executions) runs out. ok is
// false when no smaller magnitude was found; done is true when the search
// ran to its end (neither cap cut it short).
func shrinkInt(w uint256.Int, signed bool, fails func(uint256.Int) bool, budget *int) (best uint256.Int, ok, done bool) {
	neg := signed && w.Sign() < 0
	var hi uint256.Int // the smallest magnitude known to fail
	if neg {
		hi.Neg(&w)
	} else {
		hi = w
	}
	orig := hi
	word := func(m *uint256.Int) uint256.Int {
		var x uint256.Int
		if neg {
			x.Neg(m)
		} else {
			x = *m
		}
		return x
	}
	runs := 0
	try := func(m *uint256.Int) bool {
		if runs >= shrinkIntRuns || *budget <= 0 {
			return false
		}
		runs++
		if fails(word(m)) {
			hi, ok = *m, true
			return true
		}
		return false
	}
	var lo uint256.Int // the largest magnitude below hi known not to fail
	for _, s := range shrinkSmall {
		m := uint256.NewInt(s)
		if !m.Lt(&hi) {
			break
		}
		if try(m) {
			break // then search between the previous one and m
		}
		lo = *m
	}
	// The smallest power of two in (lo, hi) that fails, by a binary
	// search on the exponent.
	kLo, kHi := lo.BitLen(), hi.BitLen()-1 // 2^kLo > lo, 2^kHi <= hi
	if p := new(uint256.Int).Lsh(uint256.NewInt(1), uint(kHi)); p.Eq(&hi) {
		kHi-- // hi itself is a power of two: look below it
	}
	for kLo <= kHi && runs < shrinkIntRuns && *budget > 0 {
		k := kLo + (kHi-kLo)/2
		p := new(uint256.Int).Lsh(uint256.NewInt(1), uint(k))
		if try(p) {
			kHi = k - 1
		} else {
			lo, kLo = *p, k+1
		}
	}
	// Binary search between lo (does not fail) and hi (fails).
	one := uint256.NewInt(1)
	for {
		var gap uint256.Int
		gap.Sub(&hi, &lo)
		if !gap.Gt(one) {
			done = true
			break
		}
		if runs >= shrinkIntRuns || *budget <= 0 {
			break
		}
		var mid uint256.Int
		mid.Rsh(&gap, 1)
		mid.Add(&mid, &lo)
		if !try(&mid) {
			lo = mid
		}
	}
	if ok {
		// A rounder magnitude between the least found and the original
		// reads better (4e22, not 39463584007913130164224): the first
		// of a few that still fails.
		for i, c := range roundCandidates(&hi, &orig) {
			if i == shrinkRoundRuns || *budget <= 0 {
				break
			}
			if fails(word(&c)) {
				hi = c
				break
			}
		}
	}
	return word(&hi), ok, done
}

// shrinkRoundFrom is the least magnitude shrinkInt rounds: smaller ones
// read well as they are (1001).
const shrinkRoundFrom = 1_000_000

// shrinkRoundRuns caps the rounder magnitudes tried for one integer.
const shrinkRoundRuns = 4

var (
	bigTen      = big.NewInt(10)
	weiPerEther = new(big.Int).Exp(bigTen, big.NewInt(18), nil)
)

// roundCandidates are rounder magnitudes than hi, at most limit, roundest
// first: hi rounded up to one significant digit, the power of ten above
// it, two significant digits, whole ether. None when hi is small or
// already has at most two significant digits.
func roundCandidates(hi, limit *uint256.Int) []uint256.Int {
	if hi.Lt(uint256.NewInt(shrinkRoundFrom)) {
		return nil
	}
	b := hi.ToBig()
	digits := len(b.String())
	pow := func(n int) *big.Int { return new(big.Int).Exp(bigTen, big.NewInt(int64(n)), nil) }
	ceilTo := func(unit *big.Int) *big.Int {
		q, r := new(big.Int).QuoRem(b, unit, new(big.Int))
		if r.Sign() != 0 {
			q.Add(q, big.NewInt(1))
		}
		return q.Mul(q, unit)
	}
	if new(big.Int).Rem(b, pow(digits-2)).Sign() == 0 {
		return nil // already round
	}
	var out []uint256.Int
	for _, c := range []*big.Int{ceilTo(pow(digits - 1)), pow(digits), ceilTo(pow(digits - 2)), ceilTo(weiPerEther)} {
		var u uint256.Int
		if u.SetFromBig(c) || u.Gt(limit) || u.Eq(hi) || slices.Contains(out, u) {
			continue // over 256 bits, past the original, or no rounder
		}
		out = append(out, u)
	}
	return out
}

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
		if v.Type.T == abi.UintTy {
			// A literal the code compares against exactly, below what
			// the search toward zero reached (shrinkcouple.go).
			if c, found := w.shrinkToConstant(leaf.Word, func(x uint256.Int) bool {
				return with(func(l *calldata.Value) { l.Word = x })
			}, budget); found {
				leaf.Word = c
				return false
			}
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
