package oracle

import (
	"bytes"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// This file is a search step for payouts to a payee the caller names: a
// transaction that committed paid a watched token out of a contract to an
// address one of its arguments named, not its sender (withdraw(id, to), a
// stream paid to its recipient, a claim for a beneficiary). Whether any
// caller may name any payee is the question a theft turns on (a withdraw
// whose check of the caller is missing), and a mutation rarely answers
// it: it must change the sender and the payee together, to an account no
// earlier transaction named, and nothing rewards either change alone. So
// the transaction runs again sent by a stranger, an unprivileged account
// that sent nothing in the sequence and that no transaction of it names,
// naming itself wherever it named the payee. The variant is an ordinary
// execution of the campaign: token.go judges it (a stranger paid out of
// other senders' deposits), and what it finds is reported, shrunk and
// replayed as any other.

// payeeTries bounds the variants per function and worker: a function that
// checks its caller reverts every one, at the cost of one execution each.
const payeeTries = 4

// payeeKey is a function of a contract.
type payeeKey struct{ contract, method int }

// payee searches for a payout any caller may direct to itself (a Search;
// tokens.Check notes the candidates).
type payee struct {
	*Machine
	seq     txseq.Sequence // the variant (owned)
	pending bool
	tried   map[payeeKey]int
}

// note remembers the variant of seq[:n] in which its last transaction,
// which committed and paid a watched token out of a contract to to (its
// sender, or an address it names), is sent by a stranger naming itself
// in to's place.
func (o *payee) note(seq txseq.Sequence, n int, to common.Address) {
	if o.pending || o.Replaying || n == 0 || len(seq) < n {
		return
	}
	last := &seq[n-1]
	if last.Method < 0 {
		return
	}
	var want uint256.Int
	want.SetBytes20(to[:])
	if to != o.Principals[last.Sender] && !rename(last.Args, &want, nil) {
		return
	}
	key := payeeKey{last.Contract, last.Method}
	if o.tried[key] >= payeeTries || o.strange(seq[:n-1], last.Sender) {
		// A stranger's own payout is judged as it is (token.go).
		return
	}
	s := o.stranger(seq[:n])
	if s < 0 {
		return
	}
	if o.tried == nil {
		o.tried = make(map[payeeKey]int)
	}
	o.tried[key]++
	var u uint256.Int
	u.SetBytes20(o.Principals[s][:])
	v := seq[:n].Clone()
	v[n-1].Sender = s
	rename(v[n-1].Args, &want, &u)
	o.seq, o.pending = v, true
}

// stranger returns an ordinary unprivileged sender, not a member a
// constructor named, that sent no transaction of seq and that none names,
// or -1.
func (o *payee) stranger(seq txseq.Sequence) int {
	for p := range o.Principals {
		if o.strange(seq, p) {
			return p
		}
	}
	return -1
}

// strange reports whether principal p is an ordinary unprivileged
// sender, not a member a constructor named, that sent no transaction of
// seq and that none names.
func (o *payee) strange(seq txseq.Sequence, p int) bool {
	if p < len(o.Privileged) && o.Privileged[p] || o.entitled(p) {
		return false
	}
	if _, _, attacker := deploy.SenderOf(o.Chain, p); attacker {
		return false
	}
	for j := range seq {
		if seq[j].Sender == p || o.namesPrincipal(&seq[j], p) {
			return false
		}
	}
	return true
}

// entitled reports whether principal p is a member a constructor named.
func (m *Machine) entitled(p int) bool {
	return p < len(m.Entitled) && m.Entitled[p]
}

// namesPrincipal reports whether tx's calldata holds principal p's
// address as an argument word.
func (m *Machine) namesPrincipal(tx *txseq.Tx, p int) bool {
	return m.namesAddress(tx, m.Principals[p])
}

// namesAddress reports whether tx's arguments hold address a as a word.
func (m *Machine) namesAddress(tx *txseq.Tx, a common.Address) bool {
	var w [32]byte
	copy(w[12:], a[:])
	cd := m.Encode(tx)
	return len(cd) > 4 && bytes.Contains(cd[4:], w[:])
}

// Step runs the remembered variant.
func (o *payee) Step(try func(txseq.Sequence)) bool {
	if !o.pending {
		return false
	}
	o.pending = false
	try(o.seq)
	return true
}

// rename sets the addresses among args, at the top level or in a struct
// or an array (a batch of operations), that are w to u (none if u is
// nil), and reports whether there was one.
func rename(args []calldata.Value, w, u *uint256.Int) bool {
	found := false
	for i := range args {
		a := &args[i]
		if a.Type == nil {
			continue
		}
		switch a.Type.T {
		case abi.AddressTy:
			if a.Word.Eq(w) {
				found = true
				if u != nil {
					a.Word = *u
				}
			}
		case abi.TupleTy, abi.SliceTy, abi.ArrayTy:
			found = rename(a.Elems, w, u) || found
		}
	}
	return found
}
