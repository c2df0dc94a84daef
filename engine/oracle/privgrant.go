package oracle

import (
	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file tells a grant from a payment for an open role word (a
// stranger's entry in a mapping no privileged account holds a flag in):
// a module registry's entry and a token balance are both written by one
// sender for another, and both let the other call what it could not.

// An openEntry is a stranger's empty entry in a mapping of a deployed
// target where no privileged account holds a flag: member's entry, under
// root, in contract; or, past maxRoleWords, one where the privileged
// holder does.
type openEntry struct {
	contract, member, holder int
	root                     common.Hash
}

const (
	// maxOpenSlots bounds the open entries a worker knows (every target's
	// candidate roots, once per stranger); maxOpened those it watches.
	maxOpenSlots = 1 << 14
	maxOpened    = 64
)

// openedWord returns the index of a new privWord for an open entry the
// transaction just wrote and left non-zero, or -1. Looking the written
// slots up costs one map probe each; watching every candidate would
// compare each write with thousands of words.
func (o *privilege) openedWord() int {
	if len(o.openSlots) == 0 || o.opened == maxOpened || !o.Tracer.StoredAll() {
		return -1
	}
	st := o.Chain.Reader()
	for _, s := range o.Tracer.Stored() {
		slot := common.Hash(s.Key.Bytes32())
		e, ok := o.openSlots[slot]
		if !ok || st.GetState(o.Dep.Addrs[e.contract], slot) == (common.Hash{}) {
			continue
		}
		delete(o.openSlots, slot)
		o.opened++
		w := privWord{kind: roleWord, contract: e.contract, slot: slot, member: e.member, holder: e.holder, root: e.root}
		w.key.SetBytes32(slot[:])
		o.privWords = append(o.privWords, w)
		return len(o.privWords) - 1
	}
	return -1
}

// grantLike reports whether transaction c of seq, which set the open role
// word w to now, granted it rather than paid it: the transaction moved no
// ether and none of its sender's tokens, and the entry is a flag or an
// address, not an amount: now is an address (a linked list's next
// module) or 1 that stays 1 when the transaction's integer arguments
// change (a balance of one follows its amount). The chain is left in any
// state.
func (o *privilege) grantLike(seq txseq.Sequence, keep []int, c int, w *privWord, now common.Hash, hist []TxInfo) bool {
	if !seq[c].Value.IsZero() || c < len(hist) && hist[c].TokensIn {
		return false
	}
	var v uint256.Int
	v.SetBytes32(now[:])
	if v.BitLen() > 128 && v.BitLen() <= 160 {
		return true
	}
	if !v.IsUint64() || v.Uint64() != 1 || o.memberPaidIn(hist[:min(c, len(hist))], w) {
		return false
	}
	alt := seq[c]
	alt.Args = calldata.Clone(alt.Args)
	if !bumpInts(alt.Args) {
		return true
	}
	o.runBefore(seq, keep, c)
	if r := o.Rerun(&alt, 0); r.Err != nil {
		// The amount it could not take decides nothing either way.
		return false
	}
	return o.Chain.Reader().GetState(o.Dep.Addrs[w.contract], w.slot) == now
}

// memberPaidIn reports whether role word w's member paid w's contract
// ether in a committed transaction of hist: a 1 then credited to it by
// another's call (an investment of 1 wei a distribute() credits) is its
// balance, not a flag.
func (o *privilege) memberPaidIn(hist []TxInfo, w *privWord) bool {
	for j := range hist {
		if h := &hist[j]; h.Sender == w.member && h.Contract == w.contract && !h.Failed && h.paidIn() {
			return true
		}
	}
	return false
}

// bumpInts adds 1 to every integer in args, nested ones too, and reports
// whether there was one.
func bumpInts(args []calldata.Value) bool {
	any := false
	for i := range args {
		a := &args[i]
		switch {
		case a.Type != nil && (a.Type.T == abi.UintTy || a.Type.T == abi.IntTy):
			a.Word.AddUint64(&a.Word, 1)
			any = true
		case len(a.Elems) > 0:
			any = bumpInts(a.Elems) || any
		}
	}
	return any
}

// takenBefore reports whether, running the transactions keep of seq that
// come before c from the deployed state, some watched word other than wi
// (owner, proxy or flag-role word) is already taken, or an earlier one of
// them granted an open entry (grantedBefore). The chain is left in any
// state.
func (o *privilege) takenBefore(seq txseq.Sequence, keep []int, c, wi int, hist []TxInfo) bool {
	if len(keep) == 0 || keep[0] == c {
		return false
	}
	grants := o.openWrites(seq, keep, c, wi)
	st := o.Chain.Reader()
	for i := range o.privWords {
		w := &o.privWords[i]
		if i == wi || w.kind == roleWord && w.holder < 0 {
			// An open entry written is no privilege by itself (a
			// contribution is one): only a grant judged so counts.
			continue
		}
		if w.taken(st.GetState(o.Dep.Addrs[w.contract], w.slot)) {
			return true
		}
	}
	return o.grantedBefore(seq, keep, grants, hist)
}

// An openWrite is an entry of openSlots, or an opened one, that
// transaction tx of a sequence left set to now.
type openWrite struct {
	tx  int
	w   privWord
	now common.Hash
}

// openWrites runs, from the deployed state, the transactions keep of seq
// that come before c, and returns the open entries other than word wi
// they wrote and left set, whether opened (a privWord) or still a
// candidate (openSlots): a grant of the admin role of a contract that
// holds it itself, which no account holds at deployment, is one.
func (o *privilege) openWrites(seq txseq.Sequence, keep []int, c, wi int) []openWrite {
	o.Chain.Reset(o.Base)
	var out []openWrite
	for _, j := range keep {
		if j == c {
			break
		}
		o.Rerun(&seq[j], 0)
		if !o.Tracer.StoredAll() {
			continue
		}
		st := o.Chain.Reader()
		for _, s := range o.Tracer.Stored() {
			w, ok := o.openWord(s.Key, wi)
			if !ok {
				continue
			}
			if now := st.GetState(o.Dep.Addrs[w.contract], w.slot); now != (common.Hash{}) {
				out = append(out, openWrite{j, w, now})
			}
		}
	}
	return out
}

// openWord returns the open entry stored at key, other than word wi.
func (o *privilege) openWord(key uint256.Int, wi int) (privWord, bool) {
	slot := common.Hash(key.Bytes32())
	if e, ok := o.openSlots[slot]; ok {
		w := privWord{kind: roleWord, contract: e.contract, slot: slot, key: key, member: e.member, holder: e.holder, root: e.root}
		return w, true
	}
	for i := range o.privWords {
		if w := &o.privWords[i]; i != wi && w.kind == roleWord && w.holder < 0 && w.key == key {
			return *w, true
		}
	}
	return privWord{}, false
}

// grantedBefore reports whether one of the open entries written is still
// set when the last transaction runs and was granted by another's
// transaction (the rules noTakeover applies to a taken open entry: not
// the sender's own entry, a flag or address given for nothing): the
// sender then acts on a privilege an earlier stranger's missing check
// gave it, which is reported on its own. The chain is left in any state.
func (o *privilege) grantedBefore(seq txseq.Sequence, keep []int, grants []openWrite, hist []TxInfo) bool {
	st := o.Chain.Reader()
	for i := range grants {
		g := &grants[i]
		if st.GetState(o.Dep.Addrs[g.w.contract], g.w.slot) != g.now {
			continue // undone since
		}
		if g.w.holder >= 0 {
			// A role word past maxRoleWords: taken, as a watched one.
			return true
		}
		if !o.ownEntry(seq, keep, g.tx, &g.w) && o.grantLike(seq, keep, g.tx, &g.w, g.now, hist) {
			return true
		}
	}
	return false
}

// runBefore runs, from the deployed state, the transactions keep of seq
// that come before c.
func (o *privilege) runBefore(seq txseq.Sequence, keep []int, c int) {
	o.Chain.Reset(o.Base)
	for _, j := range keep {
		if j == c {
			break
		}
		o.Rerun(&seq[j], 0)
	}
}
