package oracle

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is the privilege-takeover oracle: a stranger changes who
// controls a contract, whether or not ether or tokens move in the same
// sequence. The words that say who controls a contract are
//
//   - an owner word: one of a deployed contract's first storage slots that
//     held a privileged account's address at deployment (the deployer as
//     owner, admin, guardian; usurp.go's NoteOwners finds them), read at
//     the address's byte offset, so a flag packed beside it may change;
//   - a proxy word: an EIP-1967 implementation, admin or beacon slot, an
//     EIP-1822 PROXIABLE slot or the older ZeppelinOS ones, non-zero at
//     deployment: whoever changes it replaces the contract's code or its
//     upgrader.
//
// A committed transaction of a sequence sent by unprivileged senders only
// (no deployer, no account a constructor or the set-up named) that leaves
// such a word different from what deployment left is a takeover when the
// word decides access: for an owner word, some function of the deployment
// called with zero arguments by the account the word now names behaves
// differently with the word restored to its deployed value (it reverted
// there, and now completes or gets further before reverting), or, when
// the word now names an account with no code, the old holder's call that
// completed reverts now. A word that holds the deployer by chance (the
// last bidder, a game's leader) and that no check compares with the
// caller decides nothing and is not reported; a proxy word is its own
// evidence. So the owner's own transfers and a two-step handover the
// owner began (a privileged transaction in the sequence), an initializer
// the deployment already called (it reverts), a registration that writes
// the sender's own entry and a permissionless poke (they change no such
// word) stay silent.
//
// The finding goes to the check that is missing: the sequence is
// minimised (each transaction dropped in turn while the takeover still
// happens) and reported at the declaration of the first remaining
// transaction's function that wrote the taken word or a word now holding
// the new holder's address: the unguarded setPendingAdmin(self) of a
// pendingAdmin-then-acceptAdmin pair, not the acceptAdmin that checks its
// caller correctly.

const (
	// privProbes bounds the functions called to see whether a word decides
	// access.
	privProbes = 64
	// privMinimise bounds the length of a sequence minimised to find the
	// missing check; a longer one is reported at its last transaction.
	privMinimise = 24
	// privFree is how many candidates per word and function a worker
	// judges in full; then one in privEvery, until one is reported.
	privFree  = 4
	privEvery = 16
)

// privTry names a word taken through a function.
type privTry struct {
	word             int
	contract, method int
}

// privilege is the privilege-takeover oracle (an AfterTx Oracle).
type privilege struct {
	*Machine
	tries map[privTry]int
	// found is the key of the finding a word and function gave, once
	// confirmed: later takeovers the same way are not judged again.
	found map[privTry]finding.Key
}

// Check judges the transaction x describes.
func (o *privilege) Check(x *Context) *finding.Finding {
	n := len(x.Hist)
	if len(o.privWords) == 0 && len(o.openSlots) == 0 || x.Result.Err != nil || n == 0 || len(x.Seq) < n ||
		x.Shrinking != nil && x.Shrinking.Kind != finding.PrivilegeTakeover || !o.enabled(finding.PrivilegeTakeover) {
		return nil
	}
	for _, h := range x.Hist {
		if o.PrivilegedFor(h.Sender, -1) {
			return nil
		}
	}
	wi := o.takenWord()
	if wi < 0 {
		wi = o.openedWord()
	}
	if wi < 0 {
		return nil
	}
	// A sender privileged for another contract only (its constructor's
	// admin) is a stranger to this one's word.
	for _, h := range x.Hist {
		if o.PrivilegedFor(h.Sender, o.privWords[wi].contract) {
			return nil
		}
	}
	seq := x.Seq[:n]
	last := &seq[n-1]
	w := &o.privWords[wi]
	addr := o.Dep.Addrs[w.contract]
	now := o.Chain.Reader().GetState(addr, w.slot)
	judge, repoint := o.judgeable(w), o.repointed(w, now, seq)
	if !judge && !repoint {
		// Not a try: a word set to an address no probe can send from
		// decides nothing provable, and counting it would throttle the
		// judging of the same function's later takeovers (a pool-admin
		// setter given random addresses 31 times before a user's).
		return nil
	}
	try := privTry{wi, last.Contract, last.Method}
	if x.Shrinking == nil && !o.Replaying {
		if k, ok := o.found[try]; ok && o.known(k) {
			return nil
		}
		if o.tries == nil {
			o.tries, o.found = map[privTry]int{}, map[privTry]finding.Key{}
		}
		o.tries[try]++
		if t := o.tries[try]; t > privFree && t%privEvery != 0 {
			return nil
		}
	}
	end := o.Chain.Snapshot()
	defer o.Chain.Reset(end)
	defer o.EndRerun()
	evidence, decided := "", false
	if judge {
		evidence, decided = o.decides(w, now, end)
	}
	if !decided && !repoint {
		return nil
	}
	c, keep := o.culprit(seq, wi, now)
	if o.noTakeover(seq, keep, c, wi, now, x.Hist) {
		return nil
	}
	f := &finding.Finding{Kind: finding.PrivilegeTakeover, Contract: seq[c].Contract}
	f.Location, f.Located = o.declaration(&seq[c])
	if decided {
		f.Detail = o.takeoverDetail(w, now, evidence, n, c)
	} else {
		f.Detail = o.repointDetail(w, now, n, c)
	}
	if o.found != nil && x.Shrinking == nil && !o.Replaying {
		o.found[try] = f.Key()
	}
	return f
}

// takeoverDetail words word w's takeover by transaction c of n, which
// decides access as evidence says.
func (o *privilege) takeoverDetail(w *privWord, now common.Hash, evidence string, n, c int) string {
	name := o.Prog.Contracts[w.contract].Name
	switch w.kind {
	case proxyWord:
		return fmt.Sprintf("in a sequence of unprivileged senders, transaction %d changed the %s slot of %s from %s to %s: a stranger replaced the contract's code or its upgrader; the check is missing in transaction %d's function",
			n, w.name, name, common.BytesToAddress(w.held[12:]).Hex(), common.BytesToAddress(now[12:]).Hex(), c+1)
	case ownerWord:
		return fmt.Sprintf("in a sequence of unprivileged senders, transaction %d changed storage slot %s of %s from %s (set at deployment) to %s, and that word decides access: %s; the check is missing in transaction %d's function",
			n, slotName(&w.key), name, w.address(w.held).Hex(), w.address(now).Hex(), evidence, c+1)
	}
	if w.holder < 0 {
		return fmt.Sprintf("in a sequence of unprivileged senders, transaction %d gave %s an entry in the mapping of %s (root %s), empty for every account at deployment, a grant any sender could make to any account, and that entry decides access: %s; the check is missing in transaction %d's function",
			n, o.Principals[w.member].Hex(), name, w.root.Hex(), evidence, c+1)
	}
	return fmt.Sprintf("in a sequence of unprivileged senders, transaction %d gave %s an entry in the mapping of %s (root %s) in which %s, privileged, holds one, a grant any sender could make to any account, and that entry decides access: %s; the check is missing in transaction %d's function",
		n, o.Principals[w.member].Hex(), name, w.root.Hex(), o.Principals[w.holder].Hex(), evidence, c+1)
}

// noTakeover reports whether word wi, taken by transaction c of seq (keep
// the transactions that take it), was taken by no stranger's missing
// check.
func (o *privilege) noTakeover(seq txseq.Sequence, keep []int, c, wi int, now common.Hash, hist []TxInfo) bool {
	w := &o.privWords[wi]
	switch {
	case o.factoryMade(seq[c:], 1, seq[c].Contract):
		// A function a factory of the build calls on each contract it
		// creates, in the creating transaction (an initializer): a
		// stranger calling it on one the fuzzer deployed alone is its
		// deployment, not a takeover (SWC-112's rule, vulns.go).
		return true
	case o.takenBefore(seq, keep, c, wi, hist):
		// A stranger already holding a privilege grants another (the
		// new owner whitelists itself): the first takeover is the
		// missing check, reported on its own.
		return true
	case len(w.readers) > 0 && w.address(w.held) == (common.Address{}) && o.claimsOwn(seq, keep, c, w):
		return true
	}
	return w.kind == roleWord && (o.ownEntry(seq, keep, c, w) || w.holder < 0 && !o.grantLike(seq, keep, c, w, now, hist))
}

// takenWord returns the index of a watched word the transaction just
// wrote and left changed from its deployed value, or -1.
func (o *privilege) takenWord() int {
	st := o.Chain.Reader()
	check := func(i int) bool {
		w := &o.privWords[i]
		return w.taken(st.GetState(o.Dep.Addrs[w.contract], w.slot))
	}
	if !o.Tracer.StoredAll() {
		for i := range o.privWords {
			if check(i) {
				return i
			}
		}
		return -1
	}
	for _, s := range o.Tracer.Stored() {
		for i := range o.privWords {
			w := &o.privWords[i]
			// By key alone: a proxy's storage is written by the code
			// it delegates to, whose index the tracer records.
			if s.Key == w.key && check(i) {
				return i
			}
		}
	}
	return -1
}

// outcome is what a probe call did: whether it completed, its revert
// data and its gas (how far it got).
type outcome struct {
	ok  bool
	ret []byte
	gas uint64
}

// decides reports whether word w, now holding now, decides access, and
// says how: a function of the deployment, called with zero arguments by
// the account the word names now, reverts with the word restored to its
// deployed value and completes, or gets further, as it is; or, when the
// word now names an account with no code, the old holder's call completes
// restored and reverts now. A proxy word decides by what it is. The
// chain is left in any state.
func (o *privilege) decides(w *privWord, now common.Hash, end chain.Snapshot) (string, bool) {
	addr := o.Dep.Addrs[w.contract]
	restored, holder, former, lost := w.held, w.member, -1, false
	switch w.kind {
	case proxyWord:
		return "", true
	case ownerWord:
		holder, former, lost = o.ownerChange(w, now)
		if holder < 0 && !lost {
			return "", false
		}
		restored = now
		copy(restored[12-w.shift:32-w.shift], w.held[12-w.shift:32-w.shift])
	}
	probes := 0
	for _, ci := range o.probeOrder(w) {
		c := o.Prog.Contracts[ci]
		for mi := range c.Methods {
			m := &c.Methods[mi]
			if m.IsConstant() {
				continue
			}
			if probes == privProbes {
				return "", false
			}
			probes++
			tx := txseq.Tx{Contract: ci, Method: mi, Args: zeroArgs(m.Inputs)}
			if holder >= 0 {
				tx.Sender = holder
				before, after := o.probe(&tx, addr, w.slot, restored, end), o.probe(&tx, addr, w.slot, now, end)
				if !before.ok && (after.ok || after.gas > before.gas) {
					how := "completes"
					if !after.ok {
						how = "gets further before reverting"
					}
					return fmt.Sprintf("%s.%s() sent by %s reverted%s with the word as deployed and %s now", c.Name, m.RawName, o.Principals[holder].Hex(), revertText(before.ret), how), true
				}
			}
			if lost {
				tx.Sender = former
				before, after := o.probe(&tx, addr, w.slot, restored, end), o.probe(&tx, addr, w.slot, now, end)
				if before.ok && !after.ok {
					return fmt.Sprintf("%s.%s() sent by the former holder %s completed with the word as deployed and reverts%s now", c.Name, m.RawName, o.Principals[former].Hex(), revertText(after.ret)), true
				}
			}
		}
	}
	return "", false
}

// ownerChange returns, for owner word w now holding now, the principal
// it names now and the one it named at deployment (-1: none), and
// whether the former holder lost it to an account with no code.
func (o *privilege) ownerChange(w *privWord, now common.Hash) (holder, former int, lost bool) {
	holder, former = o.principalIndex(w.address(now)), o.principalIndex(w.address(w.held))
	return holder, former, former >= 0 && len(o.Chain.Reader().GetCode(w.address(now))) == 0
}

// judgeable reports whether decides can find that taken word w decides
// access: an owner word must now name a principal, who probes, or have
// been lost by the one it named.
func (o *privilege) judgeable(w *privWord) bool {
	if w.kind != ownerWord {
		return true
	}
	holder, _, lost := o.ownerChange(w, o.Chain.Reader().GetState(o.Dep.Addrs[w.contract], w.slot))
	return holder >= 0 || lost
}

// probeOrder lists the contracts whose functions decides calls: the
// word's own first, then those that read it through a getter, then the
// other deployed contracts.
func (o *privilege) probeOrder(w *privWord) []int {
	out := append([]int{w.contract}, w.readers...)
	for i, a := range o.Dep.Addrs {
		if i != w.contract && !slices.Contains(w.readers, i) && a != (common.Address{}) && i < len(o.Prog.Contracts) {
			out = append(out, i)
		}
	}
	return out
}

// probe runs tx on the sequence's end state with the word at addr's slot
// set to v.
func (o *privilege) probe(tx *txseq.Tx, addr common.Address, slot, v common.Hash, end chain.Snapshot) outcome {
	o.Chain.Reset(end)
	o.Chain.SetStorage(addr, slot, v)
	r := o.Rerun(tx, 0)
	return outcome{r.Err == nil, bytes.Clone(r.Ret), r.GasUsed}
}

// culprit returns the index of the transaction of seq whose function
// lacks the check: seq is minimised from the deployed state, each
// transaction but the last dropped in turn while word wi is still taken,
// and the first remaining one that wrote the word, or a word that now
// holds the word's new address, is it. The chain is left in any state.
func (o *privilege) culprit(seq txseq.Sequence, wi int, now common.Hash) (int, []int) {
	n := len(seq)
	if n == 1 || n > privMinimise {
		return n - 1, []int{n - 1}
	}
	w := &o.privWords[wi]
	keep := make([]int, n)
	for i := range keep {
		keep[i] = i
	}
	for k := 0; k < len(keep)-1; {
		without := append(append([]int(nil), keep[:k]...), keep[k+1:]...)
		if o.takesWith(seq, without, w) {
			keep = without
			continue
		}
		k++
	}
	var to uint256.Int
	switch w.kind {
	case ownerWord:
		a := w.address(now)
		to.SetBytes20(a[:])
	case proxyWord:
		to.SetBytes(now[12:])
	}
	o.Chain.Reset(o.Base)
	for _, j := range keep {
		o.Rerun(&seq[j], 0)
		if o.wroteWord(w, &to) {
			return j, keep
		}
	}
	return keep[len(keep)-1], keep
}

// ownEntry reports whether transaction c of seq, which wrote role word w,
// writes only its sender's own entry: sent by another stranger from the
// same state, it leaves w's member without one. A registration open to
// all is then what it wrote, not a grant it could make to anyone. The
// chain is left in any state.
func (o *privilege) ownEntry(seq txseq.Sequence, keep []int, c int, w *privWord) bool {
	if seq[c].Sender != w.member {
		return false
	}
	other := -1
	for s := range o.Principals {
		if s != w.member && !o.isPrivileged(s) && !o.isAttacker(s) {
			other = s
			break
		}
	}
	if other < 0 {
		return true
	}
	o.runBefore(seq, keep, c)
	alt := seq[c]
	alt.Sender = other
	o.Rerun(&alt, 0)
	return o.Chain.Reader().GetState(o.Dep.Addrs[w.contract], w.slot) == (common.Hash{})
}

// takesWith reports whether the transactions idx of seq, run from the
// deployed state, leave word w taken with the last one committed.
func (o *privilege) takesWith(seq txseq.Sequence, idx []int, w *privWord) bool {
	o.Chain.Reset(o.Base)
	var r chain.Result
	for _, j := range idx {
		r = o.Rerun(&seq[j], 0)
	}
	return r.Err == nil && w.taken(o.Chain.Reader().GetState(o.Dep.Addrs[w.contract], w.slot))
}

// wroteWord reports whether the transaction just run wrote word w, or a
// word of the program whose low 20 bytes are now to (an address it
// stored for later: a pending admin). The tracer names a write by the
// code that made it, which behind a proxy is not the account written:
// the word's own account is read too.
func (o *privilege) wroteWord(w *privWord, to *uint256.Int) bool {
	st := o.Chain.Reader()
	holds := func(addr common.Address, slot common.Hash) bool {
		v := st.GetState(addr, slot)
		var a uint256.Int
		a.SetBytes(v[12:])
		return a.Eq(to)
	}
	for _, s := range o.Tracer.Stored() {
		slot := common.Hash(s.Key.Bytes32())
		if slot == w.slot {
			return true
		}
		if to.IsZero() {
			continue
		}
		if int(s.Code) < len(o.Dep.Addrs) && holds(o.Dep.Addrs[s.Code], slot) || holds(o.Dep.Addrs[w.contract], slot) {
			return true
		}
	}
	return false
}
