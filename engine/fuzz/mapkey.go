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
// while another transaction (the owner's enableIrm) set the entry of
// another key of the same mapping. No comparison holds the key the guard
// wants, so neither operand substitution nor input prediction finds it;
// the keys that were set are the values worth trying. A key is an
// argument's word, or the hash of a struct argument's words (Morpho's
// market id, keccak256(abi.encode(marketParams))); the slot read may be
// a member of the entry's struct (a few slots past it).
//
// On an entry's first selection its last transaction runs once more: if
// it commits, it is remembered as a writer of each entry it set that was
// zero (its whole sequence, the owner's set-up included). If it reverts,
// its mutants run then, and again whenever the worker has seen new
// writers: the key replaced by an earlier transaction's word whose entry
// is set, or a writer's sequence run first with the key replaced by the
// writer's. Guards come one after another (REDQUEEN solves one
// comparison per round too): a mutant that passed one and read the next
// mapping gets its own round at once (mappingKeys), and an entry whose
// round found no writer waits for the first (mapkey_due.go).

const (
	// mapBases bounds the base slots tried: a mapping declared among a
	// contract's first state variables (inherited ones included).
	mapBases = 32
	// mapMembers bounds how far past its entry's slot a read may be: a
	// struct's member.
	mapMembers = 8
	// maxMapLeaves bounds the keys of a transaction hashed.
	maxMapLeaves = 16
	// maxMapWords bounds the words of a struct hashed as a key.
	maxMapWords = 8
	// maxMapMutants bounds the mutants one selection of an entry runs.
	maxMapMutants = 16
	// maxMapWriters bounds the writers remembered per mapping, the
	// newest ones.
	maxMapWriters = 16
	// maxMapDepth bounds the rounds chained past a selection's, and
	// maxMapFollow the mutants each round follows.
	maxMapDepth  = 3
	maxMapFollow = 2
)

// mapKey names a mapping: its contract and its base slot.
type mapKey struct {
	code int32
	base uint64
}

// mapWriter is a sequence whose last transaction set a mapping's entry
// of key, given by val (a word or a struct).
type mapWriter struct {
	seq  txseq.Sequence
	path calldata.Path // of val in the last transaction's arguments
	val  calldata.Value
	key  uint256.Int
}

// mapKeyState is a worker's mapping-key state: the writers it saw and
// its reused hasher.
type mapKeyState struct {
	writers map[mapKey][]mapWriter
	gen     int32 // writers recorded, so far
	// waiting holds, per mapping, the entries whose last round read an
	// entry of it as zero; due, those of them a new writer of the
	// mapping made worth another round (mapkey_due.go).
	waiting map[mapKey][]*Entry
	due     []*Entry
	pending []mapKeyWait // the current chain's entries that would wait
	// committed: a mutant of the current chain of rounds committed.
	committed bool
	hasher    crypto.KeccakState
	buf       [32 * maxMapWords]byte
}

// hash returns keccak of the first n bytes of s.buf.
func (s *mapKeyState) hash(n int) uint256.Int {
	if s.hasher == nil {
		s.hasher = crypto.NewKeccakState()
	}
	s.hasher.Reset()
	s.hasher.Write(s.buf[:n])
	var h [32]byte
	s.hasher.Read(h[:])
	var out uint256.Int
	out.SetBytes32(h[:])
	return out
}

// slotOf returns keccak(key . base), the slot of a mapping at base.
func (s *mapKeyState) slotOf(key *uint256.Int, base uint64) uint256.Int {
	key.PutUint256(s.buf[:32])
	var b uint256.Int
	b.SetUint64(base).PutUint256(s.buf[32:64])
	return s.hash(64)
}

// keyOf returns the mapping key v stands for: its word, or the hash of a
// struct's words; false for any other value.
func (s *mapKeyState) keyOf(v *calldata.Value) (uint256.Int, bool) {
	if v.Type == nil {
		return uint256.Int{}, false
	}
	switch v.Type.T {
	case abi.AddressTy, abi.UintTy, abi.IntTy, abi.FixedBytesTy:
		return v.Word, true
	case abi.TupleTy:
		if len(v.Elems) == 0 || len(v.Elems) > maxMapWords {
			return uint256.Int{}, false
		}
		for i := range v.Elems {
			e := &v.Elems[i]
			if e.Type == nil || e.Type.T == abi.TupleTy || e.Elems != nil || e.Bytes != nil || e.Type.T == abi.BytesTy || e.Type.T == abi.StringTy {
				return uint256.Int{}, false
			}
			e.Word.PutUint256(s.buf[32*i : 32*i+32])
		}
		return s.hash(32 * len(v.Elems)), true
	}
	return uint256.Int{}, false
}

// mapKeyTarget is a key of the last transaction that names a mapping
// entry it read: the value's path, the key, the mapping and the slot read.
type mapKeyTarget struct {
	path calldata.Path
	key  uint256.Int
	m    mapKey
	slot uint256.Int
}

// entry reads slot of contract code on the chain's current state.
func (w *worker) entry(code int32, slot *uint256.Int) common.Hash {
	return w.m.Chain.Reader().GetState(w.m.Dep.Addrs[code], common.Hash(slot.Bytes32()))
}

// prefixKeys appends to muts e with target t's word replaced by each word
// of an earlier transaction to the same contract whose entry is set in
// the chain's state (the one before e's last transaction).
func (w *worker) prefixKeys(e *Entry, t mapKeyTarget, muts []txseq.Sequence) []txseq.Sequence {
	last := len(e.Seq) - 1
	cur := calldata.At(e.Seq[last].Args, t.path)
	if cur.Type.T == abi.TupleTy {
		return muts
	}
	var off uint256.Int
	base := w.mk.slotOf(&t.key, t.m.base)
	off.Sub(&t.slot, &base)
	for j := 0; j < last && len(muts) < maxMapMutants; j++ {
		if e.Seq[j].Contract != e.Seq[last].Contract {
			continue
		}
		for _, v := range calldata.Leaves(e.Seq[j].Args) {
			if k, ok := w.mk.keyOf(v); !ok || k.Eq(&t.key) || len(muts) == maxMapMutants {
				continue
			}
			sl := w.mk.slotOf(&v.Word, t.m.base)
			sl.Add(&sl, &off)
			if w.entry(t.m.code, &sl) == (common.Hash{}) {
				continue
			}
			mut := e.Seq.Clone()
			if calldata.SetWord(mut[last].Args, t.path, v.Word) && !calldata.At(mut[last].Args, t.path).Word.Eq(&t.key) {
				muts = append(muts, mut)
			}
		}
	}
	return muts
}

// recordWriters runs e's last transaction and, if it commits, records
// e's writers (noteWriters) and reports true.
func (w *worker) recordWriters(e *Entry) bool {
	last := len(e.Seq) - 1
	w.count(e.Seq, w.execMutant(e, e.Seq, txseq.Mutation{Tx: last, Field: txseq.FieldArg, LastOnly: true}, w.fresh()))
	if !w.lastCommitted() {
		return false
	}
	w.noteWriters(e, w.mapKeyTargets(e))
	return true
}

// noteWriters remembers e, whose sequence just ran and committed, as a
// writer of each target's mapping whose entry the chain's state holds:
// the sequence sets it (its last transaction, or one before, as the
// owner's enableIrm before a createMarket).
func (w *worker) noteWriters(e *Entry, targets []mapKeyTarget) {
	last := len(e.Seq) - 1
	for _, t := range targets {
		ws := w.mk.writers[t.m]
		if w.entry(t.m.code, &t.slot) == (common.Hash{}) || slices.ContainsFunc(ws, func(wr mapWriter) bool { return wr.key.Eq(&t.key) }) {
			continue
		}
		if w.mk.writers == nil {
			w.mk.writers = map[mapKey][]mapWriter{}
		}
		if len(ws) == maxMapWriters {
			// The newest writers replace the oldest: the key a guard
			// wants may be set late (an owner's fifth enabled IRM).
			ws = append(ws[:0], ws[1:]...)
		}
		val := calldata.Clone([]calldata.Value{*calldata.At(e.Seq[last].Args, t.path)})[0]
		w.mk.writers[t.m] = append(ws, mapWriter{seq: e.Seq.Clone(), path: t.path, val: val, key: t.key})
		w.mk.gen++
		w.mk.release(t.m)
	}
}

// writerKeys appends to muts e with a writer of target t's mapping
// inserted before its last transaction (its whole sequence if the
// length allows, else its last transaction), whose key is set to the
// writer's. For an address key whose entry is set (set), the newest
// writer is also tried with both keys set to each deployed contract: the
// key is often what the transaction then calls (an IRM, a token), and
// the writers the fuzzer kept may have enabled accounts that are none.
func (w *worker) writerKeys(e *Entry, t mapKeyTarget, muts []txseq.Sequence, set bool) []txseq.Sequence {
	last := len(e.Seq) - 1
	cur := calldata.At(e.Seq[last].Args, t.path)
	ws := w.mk.writers[t.m]
	for _, wr := range ws {
		if len(muts) == maxMapMutants || wr.key.Eq(&t.key) || wr.val.Type.String() != cur.Type.String() || sameCall(&wr.seq[len(wr.seq)-1], &e.Seq[last]) {
			continue
		}
		if mut := w.withWriter(e, t, wr, nil); mut != nil {
			muts = append(muts, mut)
		}
	}
	if !set || len(ws) == 0 || cur.Type.T != abi.AddressTy {
		return muts
	}
	wr := ws[len(ws)-1]
	for _, a := range w.m.Dep.Addrs {
		if len(muts) == maxMapMutants {
			break
		}
		if a == (common.Address{}) || w.m.Chain.CodeSize(a) == 0 || common.Address(cur.Word.Bytes20()) == a || common.Address(wr.key.Bytes20()) == a {
			continue
		}
		if mut := w.withWriter(e, t, wr, &a); mut != nil {
			muts = append(muts, mut)
		}
	}
	return muts
}

// sameCall reports whether a and b call the same function: a writer
// that does what e's last transaction does (a createMarket of the key a
// createMarket wants) only makes the key's entry taken.
func sameCall(a, b *txseq.Tx) bool {
	return a.Contract == b.Contract && a.Method == b.Method
}

// withWriter returns e with writer wr's sequence run first and t's key
// set to the writer's, or both set to a if not nil; nil if the sequence
// would be too long. The writer goes first, not before e's last
// transaction: from the deployed state it sets the entry as it did when
// recorded, while after e's prefix it may not (an owner e's prefix
// replaced).
func (w *worker) withWriter(e *Entry, t mapKeyTarget, wr mapWriter, a *common.Address) txseq.Sequence {
	ins := wr.seq
	if len(e.Seq)+len(ins) > w.c.cfg.MaxSeqLen {
		ins = ins[len(ins)-1:]
		if len(e.Seq)+1 > w.c.cfg.MaxSeqLen {
			return nil
		}
	}
	mut := append(ins[:len(ins):len(ins)], e.Seq...).Clone()
	lt := &mut[len(mut)-1]
	*calldata.At(lt.Args, t.path) = calldata.Clone([]calldata.Value{wr.val})[0]
	if a != nil {
		var k uint256.Int
		k.SetBytes20(a[:])
		calldata.SetWord(mut[len(ins)-1].Args, wr.path, k)
		calldata.SetWord(lt.Args, t.path, k)
	}
	return mut
}

// mapKeyTargets returns the keys of e's last transaction that name a
// mapping entry (at a base below mapBases, or a member of it) the
// transaction read.
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
	var walk func(vals []calldata.Value, path calldata.Path)
	walk = func(vals []calldata.Value, path calldata.Path) {
		for i := range vals {
			v := &vals[i]
			p := append(path[:len(path):len(path)], i)
			if v.Type != nil && v.Type.T == abi.TupleTy {
				walk(v.Elems, p)
			}
			k, ok := w.mk.keyOf(v)
			if !ok || n == maxMapLeaves {
				continue
			}
			n++
			out = w.keyTargets(e, p, k, out)
		}
	}
	walk(tx.Args, nil)
	return out
}

// keyTargets appends the targets key k at path names among e's loads.
func (w *worker) keyTargets(e *Entry, p calldata.Path, k uint256.Int, out []mapKeyTarget) []mapKeyTarget {
	for b := uint64(0); b < mapBases; b++ {
		sl := w.mk.slotOf(&k, b)
		for _, ld := range e.loads {
			var d uint256.Int
			d.Sub(&ld.Key, &sl)
			if d.IsUint64() && d.Uint64() < mapMembers && int(ld.Code) < len(w.m.Dep.Addrs) && ld.Code >= 0 {
				out = append(out, mapKeyTarget{path: slices.Clone(p), key: k, m: mapKey{ld.Code, b}, slot: ld.Key})
			}
		}
	}
	return out
}
