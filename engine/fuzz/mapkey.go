package fuzz

import (
	"slices"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is input-to-state for mapping reads (REDQUEEN's idea, §3.1,
// applied to storage): a guard such as require(isIrmEnabled[irm]) reads
// the mapping entry keccak(key . slot) of a calldata word and gets zero,
// while an earlier transaction of the sequence (the owner's enableIrm)
// set the entry of another key of the same mapping. No comparison holds
// the key the guard wants, so neither operand substitution nor input
// prediction finds it; the keys the earlier transactions wrote are the
// values worth trying. Once per corpus entry, the last transaction's
// words are hashed with each small base slot; where one names a slot the
// transaction read and found zero, each word of the earlier transactions
// whose entry under that base is not zero replaces it, in a mutant of
// the last transaction.

const (
	// mapBases bounds the base slots tried: a mapping declared among a
	// contract's first state variables (inherited ones included).
	mapBases = 32
	// maxMapLeaves bounds the words of a transaction hashed.
	maxMapLeaves = 16
	// maxMapMutants bounds the mutants one entry gets.
	maxMapMutants = 8
)

// maxMapWriters bounds the writers remembered per mapping.
const maxMapWriters = 8

// mapKey names a mapping: its contract's code and its base slot.
type mapKey struct {
	code int32
	base uint64
}

// mapWriter is a transaction that set a mapping's entry of key.
type mapWriter struct {
	tx  txseq.Tx
	key uint256.Int
}

// mapKeyState is a worker's mapping-key state: the writers it saw and
// its reused hasher.
type mapKeyState struct {
	writers map[mapKey][]mapWriter
	gen     int32 // writers recorded, so far
	hasher  crypto.KeccakState
	buf     [64]byte
}

// slotOf returns keccak(key . base), the slot of a mapping at base.
func (s *mapKeyState) slotOf(key *uint256.Int, base uint64) uint256.Int {
	if s.hasher == nil {
		s.hasher = crypto.NewKeccakState()
	}
	key.PutUint256(s.buf[:32])
	var b uint256.Int
	b.SetUint64(base).PutUint256(s.buf[32:])
	s.hasher.Reset()
	s.hasher.Write(s.buf[:])
	var h [32]byte
	s.hasher.Read(h[:])
	var out uint256.Int
	out.SetBytes32(h[:])
	return out
}

// mapKeyTarget is a word of the last transaction that keys a mapping
// entry it read: its path and the mapping's contract and base slot.
type mapKeyTarget struct {
	path calldata.Path
	code int32
	base uint64
}

// mappingKeys runs the mutants of e's last transaction whose mapping key
// is one an earlier transaction of e, or a writer the worker saw, set
// (see above). On an entry's first visit it runs the last transaction:
// one that commits is no blocked guard, and is remembered as a writer
// of each mapping entry it set; one that reverts gets the mutants then,
// and again whenever the worker has seen new writers since.
func (w *worker) mappingKeys(e *Entry) {
	gen := w.mk.gen + 1
	prev := e.mapKeyGen.Load()
	if prev < 0 || prev == gen {
		return
	}
	e.mapKeyGen.Store(gen)
	targets := w.mapKeyTargets(e)
	if len(targets) == 0 {
		e.mapKeyGen.Store(-1)
		return
	}
	start, _, _, ok := w.prefixState(e, w.fresh())
	if !ok {
		e.mapKeyGen.Store(-1)
		return
	}
	last := len(e.Seq) - 1
	w.m.Chain.Reset(start)
	st := w.m.Chain.State()
	var zero []mapKeyTarget
	for _, t := range targets {
		cur := calldata.At(e.Seq[last].Args, t.path).Word
		if sl := w.mk.slotOf(&cur, t.base); st.GetState(w.m.Dep.Addrs[t.code], common.Hash(sl.Bytes32())) == (common.Hash{}) {
			zero = append(zero, t)
		}
	}
	if len(zero) == 0 {
		e.mapKeyGen.Store(-1)
		return
	}
	var muts []txseq.Sequence
	for _, t := range zero {
		muts = w.prefixKeys(e, t, muts)
	}
	if prev == 0 && w.recordWriters(e, zero) {
		e.mapKeyGen.Store(-1)
		return
	}
	for _, t := range zero {
		muts = w.writerKeys(e, t, muts)
	}
	for _, mut := range muts {
		m := txseq.Mutation{Tx: len(mut) - 1, Field: txseq.ShapeInsert}
		if len(mut) == len(e.Seq) {
			m = txseq.Mutation{Tx: last, Field: txseq.FieldArg, LastOnly: true}
		}
		o := w.count(mut, w.execMutant(e, mut, m, w.fresh()))
		w.consider(mut, &o)
	}
}

// prefixKeys appends to muts e with target t's word replaced by each word
// of an earlier transaction to the same contract whose entry is set in
// the state before e's last transaction (the chain's).
func (w *worker) prefixKeys(e *Entry, t mapKeyTarget, muts []txseq.Sequence) []txseq.Sequence {
	last := len(e.Seq) - 1
	st := w.m.Chain.State()
	addr := w.m.Dep.Addrs[t.code]
	cur := calldata.At(e.Seq[last].Args, t.path).Word
	for j := 0; j < last && len(muts) < maxMapMutants; j++ {
		if e.Seq[j].Contract != e.Seq[last].Contract {
			continue
		}
		for _, v := range calldata.Leaves(e.Seq[j].Args) {
			if !keyWord(v) || v.Word.Eq(&cur) || len(muts) == maxMapMutants {
				continue
			}
			if sl := w.mk.slotOf(&v.Word, t.base); st.GetState(addr, common.Hash(sl.Bytes32())) == (common.Hash{}) {
				continue
			}
			mut := e.Seq.Clone()
			if calldata.SetWord(mut[last].Args, t.path, v.Word) && !calldata.At(mut[last].Args, t.path).Word.Eq(&cur) {
				muts = append(muts, mut)
			}
		}
	}
	return muts
}

// recordWriters runs e's last transaction and, if it commits, remembers
// it as a writer of each target's mapping whose entry, zero before, it
// set, and reports true.
func (w *worker) recordWriters(e *Entry, zero []mapKeyTarget) bool {
	last := len(e.Seq) - 1
	w.count(e.Seq, w.execMutant(e, e.Seq, txseq.Mutation{Tx: last, Field: txseq.FieldArg, LastOnly: true}, w.fresh()))
	if !w.lastCommitted() {
		return false
	}
	st := w.m.Chain.State()
	for _, t := range zero {
		cur := calldata.At(e.Seq[last].Args, t.path).Word
		sl := w.mk.slotOf(&cur, t.base)
		k := mapKey{t.code, t.base}
		if st.GetState(w.m.Dep.Addrs[t.code], common.Hash(sl.Bytes32())) == (common.Hash{}) || len(w.mk.writers[k]) == maxMapWriters ||
			slices.ContainsFunc(w.mk.writers[k], func(wr mapWriter) bool { return wr.key.Eq(&cur) }) {
			continue
		}
		if w.mk.writers == nil {
			w.mk.writers = map[mapKey][]mapWriter{}
		}
		tx := e.Seq[last]
		tx.Args = calldata.Clone(tx.Args)
		w.mk.writers[k] = append(w.mk.writers[k], mapWriter{tx, cur})
		w.mk.gen++
	}
	return true
}

// writerKeys appends to muts e with a writer of target t's mapping
// inserted before its last transaction, whose word is set to the
// writer's key.
func (w *worker) writerKeys(e *Entry, t mapKeyTarget, muts []txseq.Sequence) []txseq.Sequence {
	last := len(e.Seq) - 1
	if len(e.Seq) >= w.c.cfg.MaxSeqLen {
		return muts
	}
	cur := calldata.At(e.Seq[last].Args, t.path).Word
	for _, wr := range w.mk.writers[mapKey{t.code, t.base}] {
		if len(muts) == maxMapMutants || wr.key.Eq(&cur) {
			continue
		}
		tx := wr.tx
		tx.Args = calldata.Clone(tx.Args)
		mut := append(e.Seq[:last].Clone(), tx)
		mut = append(mut, e.Seq[last])
		mut[len(mut)-1].Args = calldata.Clone(e.Seq[last].Args)
		if calldata.SetWord(mut[len(mut)-1].Args, t.path, wr.key) {
			muts = append(muts, mut)
		}
	}
	return muts
}

// keyWord reports whether v is a word a mapping may be keyed by: an
// address, an integer or a fixed-size byte string.
func keyWord(v *calldata.Value) bool {
	if v.Type == nil {
		return false
	}
	switch v.Type.T {
	case abi.AddressTy, abi.UintTy, abi.IntTy, abi.FixedBytesTy:
		return true
	}
	return false
}

// mapKeyTargets returns the words of e's last transaction that key a
// mapping slot (below mapBases) the transaction read.
func (w *worker) mapKeyTargets(e *Entry) []mapKeyTarget {
	hashed := false
	for _, sl := range e.loads {
		hashed = hashed || !sl.Key.IsUint64()
	}
	if !hashed {
		return nil
	}
	tx := &e.Seq[len(e.Seq)-1]
	var out []mapKeyTarget
	n := 0
	for p, v := range calldata.Leaves(tx.Args) {
		if !keyWord(v) {
			continue
		}
		if n++; n > maxMapLeaves {
			break
		}
		for b := uint64(0); b < mapBases; b++ {
			sl := w.mk.slotOf(&v.Word, b)
			for _, ld := range e.loads {
				if ld.Key.Eq(&sl) && int(ld.Code) < len(w.m.Dep.Addrs) && ld.Code >= 0 {
					out = append(out, mapKeyTarget{path: append(calldata.Path(nil), p...), code: ld.Code, base: b})
				}
			}
		}
	}
	return out
}
