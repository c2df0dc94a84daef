package oracle

import "github.com/foresight-sol/foresight/engine/txseq"

// lockAnyone bounds how many unprivileged senders send P again in
// anyoneCould.
const lockAnyone = 3

// anyoneCould reports whether the privileged transaction seq[p] was
// privileged only by who sent it: sent by an unprivileged externally
// owned sender instead (same function, arguments and value), it commits,
// and the withdrawal that ends seq still pays its sender nothing. Then
// the harm is not the owner's to cause (a game's settle(pick) that any
// player may call, swc105_neg_game_winner.sol), and the owner sending
// it, as the deployer does in every campaign, is no owner-lock
// (ownerlock_neg_anyone_settles.sol). The chain is left in any state.
func (o *lock) anyoneCould(seq txseq.Sequence, p int) bool {
	n := len(seq)
	wtx := &seq[n-1]
	u := o.Principals[wtx.Sender]
	tried := 0
	for s := range o.Principals {
		if tried == lockAnyone {
			break
		}
		if s == seq[p].Sender || o.isPrivileged(s) || o.isAttacker(s) {
			continue
		}
		tried++
		o.Chain.Reset(o.Base)
		for i := 0; i < p; i++ {
			o.Rerun(&seq[i], 0)
		}
		alt := seq[p]
		alt.Sender = s
		if r := o.Rerun(&alt, 0); r.Err != nil {
			continue
		}
		for i := p + 1; i < n-1; i++ {
			o.Rerun(&seq[i], 0)
		}
		r := o.Rerun(wtx, 0)
		if paid := o.paidTo(u); r.Err != nil || paid.IsZero() {
			return true
		}
	}
	return false
}
