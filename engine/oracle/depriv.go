package oracle

import (
	"slices"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is a search step for least privilege. The oracles of payouts
// (SWC-105, SWC-116, SWC-120) judge ether paid to an unprivileged account:
// the deployer paid is the owner served. A sequence in which the deployer
// paid in, opened something and was paid itself (it entered a draw, the
// owner opened it, it drew) reaches the payout but proves nothing, and a
// mutation rarely moves the deployer's own transactions to one other
// sender consistently while leaving its privileged ones alone. So when a
// transaction of a privileged sender paid that sender, the sequence is run
// again with its transactions sent by an unprivileged sender: all of them,
// then all but one (the one that needs the privilege), for up to
// deprivMaxTxs transactions. The variants are ordinary executions of the
// campaign: what they find is reported, shrunk and replayed as any other.

// deprivMaxTxs bounds the privileged transactions a sequence may have to
// be varied (variants: one more than that).
const deprivMaxTxs = 6

// deprivTries bounds the sequences varied per payout site and worker.
const deprivTries = 4

// deprivState is the sequence awaiting its variants.
// depriv searches for the player's draw an owner's sequence opened: a
// sequence in which a privileged sender was paid by its own transaction
// runs again with its transactions sent by an unprivileged sender (a
// Search; events.Check notes the candidates).
type depriv struct {
	*Machine
	deprivState
}

type deprivState struct {
	seq     txseq.Sequence // the sequence up to the payout (owned)
	to      int            // the unprivileged sender that takes over
	idx     []int          // positions of the privileged sender's transactions
	next    int            // next variant: -1 moves all of idx, i keeps idx[i]
	once    bool           // the variant that moves all of idx only (noteTheft)
	pending bool
	running bool
	tried   map[callSite]int
	// theftTried counts noteTheft's sequences per function.
	theftTried map[payeeKey]int
}

// noteDepriv remembers seq[:len(hist)] when its last transaction, sent by
// a privileged principal, paid that principal (an event of evs).
func (o *depriv) noteDepriv(seq txseq.Sequence, hist []TxInfo, evs []trace.Event) {
	d := &o.deprivState
	n := len(hist)
	if d.pending || d.running || o.Replaying || n == 0 || len(seq) < n {
		return
	}
	from := hist[n-1].Sender
	if from >= len(o.Privileged) || !o.Privileged[from] {
		return
	}
	to := o.unprivileged()
	if to < 0 {
		return
	}
	for i := range evs {
		e := &evs[i]
		if e.Kind != trace.EventEtherOut || e.Value.IsZero() || o.principalIndex(e.Addr) != from {
			continue
		}
		site := callSite{int(e.Code), e.PC}
		if d.tried == nil {
			d.tried = make(map[callSite]int)
		}
		if d.tried[site] >= deprivTries {
			return
		}
		var idx []int
		for j := 0; j < n; j++ {
			if seq[j].Sender == from {
				idx = append(idx, j)
			}
		}
		if len(idx) > deprivMaxTxs {
			return
		}
		d.tried[site]++
		*d = deprivState{seq: seq[:n].Clone(), to: to, idx: idx, next: -1, pending: true, tried: d.tried, theftTried: d.theftTried}
		return
	}
}

// noteTheft remembers seq[:len(hist)] when its last transaction moved
// tokens out of principal victim's balance, and privileged senders sent
// some of its transactions, or the victim is privileged or one of the
// fuzzer's attacker contracts: the token-theft oracle judges sequences of
// unprivileged senders taking an ordinary account's tokens only. An
// owner's transactions in a sequence (its mints, a withdrawal of the
// proceeds) hide a transfer of another user's tokens after them, as an
// owner's address named as the account to take from (the one address a
// contract's storage offers) hides that any account's may be; and half
// the fuzzer's senders are attacker contracts, whose tokens taken prove
// nothing (the attacker's own), so a collection whose transferFrom lets
// anyone move anyone's token was found only where an ordinary user
// happened to be the holder. The one variant gives an ordinary user the
// privileged accounts' part: it sends their transactions, and the
// arguments that named them name it; the user is neither the victim,
// unless the victim was privileged, nor the last sender. An attacker
// contract's part, its transactions and the arguments naming it, goes to
// another ordinary user. At most deprivTries sequences per function and
// worker.
func (o *depriv) noteTheft(seq txseq.Sequence, hist []TxInfo, victim int) {
	d := &o.deprivState
	n := len(hist)
	if d.pending || d.running || o.Replaying || n == 0 || len(seq) < n || seq[n-1].Method < 0 {
		return
	}
	last := seq[n-1].Sender
	_, _, victimAttacker := deploy.SenderOf(o.Chain, victim)
	to, holder := -1, -1 // the privileged senders' user, the attacker victim's
	for i := range o.Principals {
		if _, _, attacker := deploy.SenderOf(o.Chain, i); i == victim || i == last || attacker || o.isPrivileged(i) || o.entitled(i) {
			continue
		}
		switch {
		case to < 0:
			to = i
		case holder < 0:
			holder = i
		}
	}
	if to < 0 || victimAttacker && holder < 0 {
		return
	}
	var idx []int
	var moved []int // the privileged senders, once each
	for j := 0; j < n; j++ {
		if p := seq[j].Sender; o.isPrivileged(p) {
			idx = append(idx, j)
			if !slices.Contains(moved, p) {
				moved = append(moved, p)
			}
		}
	}
	if o.isPrivileged(victim) && !slices.Contains(moved, victim) {
		// A privileged account's tokens taken by a call naming it.
		var w uint256.Int
		w.SetBytes20(o.Principals[victim][:])
		if !rename(seq[n-1].Args, &w, nil) {
			return
		}
		moved = append(moved, victim)
	}
	if len(moved) == 0 && !victimAttacker || len(idx) > deprivMaxTxs {
		return
	}
	key := payeeKey{seq[n-1].Contract, seq[n-1].Method}
	if d.theftTried[key] >= deprivTries {
		return
	}
	if d.theftTried == nil {
		d.theftTried = make(map[payeeKey]int)
	}
	d.theftTried[key]++
	// The ordinary user takes the privileged senders' part wherever the
	// arguments name them too (the owner's token transferred from it).
	v := seq[:n].Clone()
	var u, w uint256.Int
	u.SetBytes20(o.Principals[to][:])
	for _, p := range moved {
		w.SetBytes20(o.Principals[p][:])
		for j := range v {
			rename(v[j].Args, &w, &u)
		}
	}
	if victimAttacker {
		u.SetBytes20(o.Principals[holder][:])
		w.SetBytes20(o.Principals[victim][:])
		for j := range v {
			rename(v[j].Args, &w, &u)
			if v[j].Sender == victim {
				v[j].Sender = holder
			}
		}
	}
	*d = deprivState{seq: v, to: to, idx: idx, next: -1, once: true, pending: true, tried: d.tried, theftTried: d.theftTried}
}

// unprivileged returns the first principal that is neither privileged nor
// entitled, or -1.
func (m *Machine) unprivileged() int {
	for i := range m.Principals {
		if !m.Privileged[i] && !m.Entitled[i] {
			return i
		}
	}
	return -1
}

// deprivStep runs the next variant of the remembered sequence.
func (o *depriv) Step(try func(txseq.Sequence)) bool {
	d := &o.deprivState
	if !d.pending {
		return false
	}
	v := d.seq.Clone()
	for k, j := range d.idx {
		if k != d.next {
			v[j].Sender = d.to
		}
	}
	d.next++
	if d.next >= len(d.idx) || len(d.idx) == 1 || d.once {
		// One transaction: moving all of it is the only variant.
		d.pending = false
	}
	d.running = true
	try(v)
	d.running = false
	return true
}
