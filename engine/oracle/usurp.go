package oracle

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/trace"
)

// This file is SWC-105's rule for a payout to a sender that took an
// owner's place: a contract whose storage held a privileged account's
// address at deployment (the deployer as owner) holds an unprivileged
// sender's there after a sequence of unprivileged senders, and then pays
// that sender ether it never paid in (the contract's own, or other
// senders' deposits). leak.go's rule for a sender that paid in asks for
// a payout repeated without a debit, since a game's winner is paid once,
// fairly, what the players staked; that rule cannot see a stranger that
// paid a little to pass an open path to ownership (a contribution, then
// the fallback that makes any contributor the owner) and then drained the
// contract through the owner's withdrawal. A winner never stood in the
// deployer's place.

// ownerSlotsRead is how many of a contract's first storage slots are read
// for owners at deployment: plain state variables (Ownable's _owner is
// slot 0 or near it); a namespaced or proxy slot is not read.
const ownerSlotsRead = 64

// An ownerSlot is a storage word of a deployed contract that held a
// privileged principal's address, shift bytes from the word's low end.
type ownerSlot struct {
	contract int
	slot     common.Hash
	shift    int
}

// NoteOwners reads, on the deployed state (the chain's state when a
// worker starts), the storage words of the deployed contracts that hold
// a privileged principal's address, for the usurped-owner rule, and the
// words the privilege-takeover oracle watches (privilege.go).
func (m *Machine) NoteOwners() { _ = m.NoteOwnersContext(context.Background()) }

// NoteOwnersContext is NoteOwners ending early, with ctx's error, once
// ctx is done (a nil ctx never ends): its reads grow with the contracts
// and their mappings, seconds of a worker's set-up on a large project,
// which a signal or an editor's save must not wait for.
func (m *Machine) NoteOwnersContext(ctx context.Context) error {
	m.owners = m.owners[:0]
	if m.Dep == nil {
		return nil
	}
	st := m.Chain.Reader()
	for i, a := range m.Dep.Addrs {
		if err := deploy.SetupStep(ctx, "owners", i); err != nil {
			return err
		}
		if a == (common.Address{}) {
			continue
		}
		for s := range ownerSlotsRead {
			var slot common.Hash
			slot[31] = byte(s)
			v := st.GetState(a, slot)
			if v == (common.Hash{}) {
				continue
			}
			for _, shift := range addressShifts(v, m.isPrivilegedPrincipal) {
				m.owners = append(m.owners, ownerSlot{i, slot, shift})
			}
		}
	}
	return m.notePrivWords(ctx)
}

// addressShifts returns the byte offsets from the low end of word v
// (0 to 12) at which it holds an address that match accepts: an owner
// packed beside flags.
func addressShifts(v common.Hash, match func(common.Address) bool) []int {
	var out []int
	for shift := 0; shift <= 12; shift++ {
		if match(common.BytesToAddress(v[12-shift : 32-shift])) {
			out = append(out, shift)
		}
	}
	return out
}

// isPrivilegedPrincipal reports whether a is a privileged principal's
// address.
func (m *Machine) isPrivilegedPrincipal(a common.Address) bool {
	q := m.principalIndex(a)
	return q >= 0 && m.isPrivileged(q)
}

// usurped judges the payout e to principal p, the sender of the last
// transaction of hist, which paid in before and was not paid before:
// it returns the finding's detail, or "" when p holds no owner's place
// of the paying contract or the payout is its own money.
func (o *events) usurped(hist []TxInfo, p int, e *trace.Event) string {
	n := len(hist)
	if len(o.owners) == 0 || hist[n-1].Sender != p || !hist[n-1].Paid || !tookMore(hist, p, hist[n-1].Contract, nil) {
		return ""
	}
	c := int(e.Code)
	slot, ok := o.ownerPlace(c, p)
	if !ok {
		return ""
	}
	gain, taken, ok := o.gains(hist, p)
	if !ok {
		return ""
	}
	return fmt.Sprintf("%s wei went to %s in transaction %d; it holds a privileged account's place in storage slot %s of the contract (an owner's address there at deployment, its own now, set by unprivileged senders), ended the sequence %s wei up, and the sequence's senders together took %s wei more than they put in (the contract's own ether or other senders' deposits)",
		e.Value.Dec(), e.Addr.Hex(), n, slot, gain.Dec(), taken.Dec())
}

// ownerPlace returns the slot of contract c that held a privileged
// account's address at deployment and holds principal p's now.
func (o *events) ownerPlace(c, p int) (string, bool) {
	if c < 0 || c >= len(o.Dep.Addrs) {
		return "", false
	}
	st := o.Chain.Reader()
	for _, s := range o.owners {
		if s.contract != c {
			continue
		}
		v := st.GetState(o.Dep.Addrs[c], s.slot)
		if common.BytesToAddress(v[12-s.shift:32-s.shift]) == o.Principals[p] {
			return s.slot.Big().String(), true
		}
	}
	return "", false
}
