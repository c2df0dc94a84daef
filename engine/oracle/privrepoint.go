package oracle

import (
	"fmt"
	"slices"

	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/foresight-sol/foresight/solc"
)

// This file is the privilege-takeover oracle's rule for a dependency: a
// state variable the source declares with a contract type (IExecution-
// Manager public executionManager), which the deployment set to a
// contract, is a contract the code trusts: the exchange asks it which
// strategies are allowed, the pool which prices hold. A sequence of
// unprivileged senders that replaces it with an address one of them
// named in its arguments has taken over what the contract does, though
// no function's access depends on the address itself, so that decides
// (privilege.go), which asks what the new holder may now call, finds
// nothing. The declared type is the evidence an address word lacks: a
// record of the last pool used or the current leader is declared
// address, and a variable a keeper re-reads from a registry, or a round
// a call creates, holds an address no caller chose.

// contractVarAt returns the state variable of a contract type that c's
// storage layout puts alone at slot (offset 0), or nil.
func contractVarAt(c *program.Contract, slot uint64) *solc.ContractVar {
	if c.Artifact == nil {
		return nil
	}
	for i := range c.Artifact.ContractVars {
		if v := &c.Artifact.ContractVars[i]; v.Slot == slot && v.Offset == 0 {
			return v
		}
	}
	return nil
}

// repointed reports whether dependency word w, now holding now, names a
// non-zero address some transaction of seq passed as an argument: a
// sender chose the contract w's contract trusts from now on.
func (o *privilege) repointed(w *privWord, now common.Hash, seq txseq.Sequence) bool {
	a := w.address(now)
	if w.dep == nil || a == (common.Address{}) {
		return false
	}
	for i := range seq {
		if o.namesAddress(&seq[i], a) {
			return true
		}
	}
	return false
}

// repointDetail words a dependency word's takeover by transaction c of
// n.
func (o *privilege) repointDetail(w *privWord, now common.Hash, n, c int) string {
	name := o.Prog.Contracts[w.contract].Name
	was := w.address(w.held).Hex()
	if i := o.contractAt(w.address(w.held)); i >= 0 {
		was = o.Prog.Contracts[i].Name + " at " + was
	}
	return fmt.Sprintf("in a sequence of unprivileged senders, transaction %d changed %s.%s (declared %s, storage slot %s), which the deployment set to %s, to %s, an address a sender named: a stranger chose the contract %s trusts; the check is missing in transaction %d's function",
		n, name, w.dep.Label, w.dep.Contract, slotName(&w.key), was, w.address(now).Hex(), name, c+1)
}

// contractAt returns the index of the deployed contract at a, or -1.
func (o *privilege) contractAt(a common.Address) int {
	if i := slices.Index(o.Dep.Addrs, a); i >= 0 && a != (common.Address{}) && i < len(o.Prog.Contracts) {
		return i
	}
	return -1
}
