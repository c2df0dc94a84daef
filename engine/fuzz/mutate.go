package fuzz

import (
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// callTarget is one thing a transaction can do: call a method of a target
// contract, or (Method -1) send it plain ether.
type callTarget struct {
	Contract, Method int
}

// randomTx generates a transaction to a random target.
func (w *worker) randomTx() txseq.Tx {
	return w.txFor(w.pickCall(w.c.calls))
}

// crossOneIn is how rarely, in a campaign over several contracts, a
// transaction added to a sequence calls another contract than the one the
// sequence is about: state lives per contract, so mixed sequences mostly
// dilute each contract's own, while the occasional cross-contract call
// keeps interactions between contracts reachable.
const crossOneIn = 8

// txNear generates a transaction for a sequence about contract ct (its
// last transaction's; -1: any): mostly one to ct itself.
func (w *worker) txNear(ct int) txseq.Tx {
	if ct >= 0 && len(w.c.targets) > 1 && w.rng.IntN(crossOneIn) != 0 {
		return w.txFor(w.pickCall(w.c.local[ct]))
	}
	return w.randomTx()
}

// lastTx generates a transaction to end a sequence about contract ct with:
// mostly a focused function when the campaign has some.
func (w *worker) lastTx(ct int) txseq.Tx {
	if f := w.c.focus; len(f) > 0 && w.rng.IntN(4) != 0 {
		return w.txFor(f[w.rng.IntN(len(f))])
	}
	return w.txNear(ct)
}

// randomSeqLen bounds the length of a fresh random sequence: longer ones
// come from extending entries (extend.go), which costs one transaction a
// step instead of a whole random prefix.
const randomSeqLen = 8

// randomSeq generates a sequence of random length up to randomSeqLen (or
// MaxSeqLen if smaller), about one contract chosen at random when the
// campaign has several.
func (w *worker) randomSeq() txseq.Sequence {
	n := 1 + w.rng.IntN(min(w.c.cfg.MaxSeqLen, randomSeqLen))
	ct := -1
	if ts := w.c.targets; len(ts) > 1 {
		ct = ts[w.rng.IntN(len(ts))]
	}
	seq := make(txseq.Sequence, n)
	for i := range seq {
		seq[i] = w.txNear(ct)
	}
	seq[n-1] = w.lastTx(ct)
	return seq
}

// txFor generates a transaction for a given call target.
func (w *worker) txFor(t callTarget) txseq.Tx {
	tx := txseq.Tx{Contract: t.Contract, Method: t.Method, Sender: w.randomSender(t.Contract)}
	payable := true
	if t.Method >= 0 {
		m := &w.c.prog.Contracts[t.Contract].Methods[t.Method]
		payable = m.Payable
		tx.Args = make([]calldata.Value, len(m.Inputs))
		for i := range m.Inputs {
			tx.Args[i] = calldata.Generate(w.rng, &m.Inputs[i].Type, w.env)
			// An in-range value proposed for this argument (inrange.go).
			if h, ok := w.pred.Hint(&tx, i); ok {
				calldata.SetWord(tx.Args, calldata.Path{i}, h)
			}
		}
	}
	if payable {
		tx.Value = w.randomValue(t.Contract)
	}
	if w.rng.IntN(4) == 0 {
		tx.Blocks, tx.Seconds = w.randomDelay()
	}
	return tx
}

// maxValue bounds the source literals taken as ether values: what a
// sender starts with. A worker's valueCap bounds what it sends.
var maxValue = chain.InitialBalance

// valueCap is the most ether a transaction is sent: what the poorest
// sender holds once the contracts are deployed (a Foundry set-up may have
// dealt them less than a plain chain gives), so that no sender is asked
// for more than it has.
func valueCap(ch *chain.Chain) uint256.Int {
	var out uint256.Int
	for i, s := range ch.Senders() {
		b := ch.Reader().GetBalance(s)
		if i == 0 || b.Lt(&out) {
			out = *b
		}
	}
	return out
}

// randomValue picks msg.value for a transaction to contract ct: mostly
// small amounts and round ether values.
func (w *worker) randomValue(ct int) uint256.Int {
	var v uint256.Int
	switch w.rng.IntN(7) {
	case 6:
		// A literal of the source: msg.value == 100 finney.
		if vs := w.c.values[ct]; len(vs) > 0 {
			v = vs[w.rng.IntN(len(vs))]
		}
	case 0:
		// zero
	case 1:
		v.SetUint64(w.rng.Uint64N(1000))
	case 2:
		v.Mul(uint256.NewInt(w.rng.Uint64N(10)+1), uint256.NewInt(1e18))
	case 3:
		v.Mul(uint256.NewInt(w.rng.Uint64N(1000)+1), uint256.NewInt(1e15)) // finney
	default:
		v = w.env.Dict.Pick(w.rng)
		// Never more than a sender holds.
		if v.Gt(&w.valueCap) {
			if w.valueCap.IsZero() {
				v.Clear()
			} else {
				v.Mod(&v, &w.valueCap)
			}
		}
	}
	return v
}

// mutate derives a mutant of e's sequence that differs in exactly one field
// of one transaction, or in the sequence's shape. The mutant shares the
// arguments of the transactions it leaves alone with e (txseq.Share): a
// deep copy of the whole sequence per mutant was a twentieth of a
// campaign's CPU. Nothing changes a sequence's arguments in place once it
// has run (whoever does, a prediction, a burst, shrinking, clones first).
func (w *worker) mutate(e *Entry) (txseq.Sequence, txseq.Mutation) {
	mut := e.Seq.Share()
	w.wr.inserted = false // set below if a writer goes in (writers.go)
	ext := w.extends(e)
	last := len(mut) - 1
	maxLen := w.c.cfg.MaxSeqLen
	grows := w.grows(callTarget{mut[last].Contract, mut[last].Method})
	if !grows {
		maxLen = len(mut) // the last function does not need longer sequences
	}
	if w.wr.due {
		// A writer before the call aggressive mode just showed needs
		// one (writers.go).
		w.wr.due = false
		if len(mut) < maxLen && w.readWriters(e) {
			return w.insertWriter(e, mut, last, maxLen), txseq.Mutation{Tx: last, Field: txseq.ShapeInsert}
		}
	}
	// For a function that needs state, the earlier transactions are where
	// the state comes from: fuzz their arguments as often as its own.
	lastArgs := 55
	if grows && last > 0 {
		lastArgs = 35
	}
	if ext && e.valued && w.rng.IntN(repeatOneIn) == 0 {
		// The call that paid, again (repeatOneIn).
		mut = append(mut, mut[last])
		return mut, txseq.Mutation{Tx: last + 1, Field: txseq.ShapeAppend}
	}
	if ext && (w.sweeping(e) || w.rng.IntN(appendOneIn) == 0) {
		// A transaction at the end, on the state e left (extend.go).
		return w.appendTx(e, mut)
	}
	for {
		switch op := w.rng.IntN(100); {
		case op < lastArgs: // an argument of the last transaction
			if m, ok := w.mutateArg(mut, last); ok {
				return mut, m
			}
		case op < 61 && last > 0: // an argument of an earlier transaction
			i := w.rng.IntN(last)
			if m, ok := w.mutateArg(mut, i); ok {
				return mut, m
			}
		case op < 65 && last > 0: // an argument copied from another transaction
			if m, ok := w.copyArg(mut); ok {
				return mut, m
			}
		case op < 70: // msg.value
			i := w.pickTx(mut)
			if mut[i].Method < 0 || w.c.prog.Contracts[mut[i].Contract].Methods[mut[i].Method].Payable {
				m := txseq.Mutation{Tx: i, Field: txseq.FieldValue, LastOnly: i == last}
				// Old and new value, for input prediction on msg.value.
				m.Arg.Old, m.Arg.Scalar = mut[i].Value, true
				mut[i].Value = w.randomValue(mut[i].Contract)
				m.Arg.New = mut[i].Value
				return mut, m
			}
		case op < 75:
			i := w.pickTx(mut)
			if ct := mut[i].Contract; w.senders(ct) > 1 {
				if j := w.rng.IntN(len(mut)); w.rng.IntN(2) == 0 && mut[j].Sender != mut[i].Sender && w.maySend(ct, mut[j].Sender) {
					// Another transaction's sender: one account's deposit,
					// transfer and withdrawal, an attacker's set-up and
					// re-entry, are sequences of one sender.
					mut[i].Sender = mut[j].Sender
				} else {
					mut[i].Sender = w.otherSender(ct, mut[i].Sender)
				}
				return mut, txseq.Mutation{Tx: i, Field: txseq.FieldSender, LastOnly: i == last}
			}
		case op < 80:
			return w.mutateDelay(mut, w.pickTx(mut), last)
		case op < 88 && len(mut) < maxLen: // insert a transaction before one
			return w.insertTx(e, mut, maxLen)
		case op < 91 && len(mut) > 1: // remove a transaction
			i := w.rng.IntN(len(mut))
			mut = append(mut[:i], mut[i+1:]...)
			return mut, txseq.Mutation{Tx: i, Field: txseq.ShapeRemove}
		case op < 95: // replace the prefix with another entry's sequence
			other := w.corpus.PickNear(w.rng.Uint64(), mut[last].Contract)
			if other != nil && len(other.Seq)+1 <= maxLen {
				mut = append(other.Seq.Share(), mut[last])
				return mut, txseq.Mutation{Tx: len(mut) - 1, Field: txseq.ShapeSplice}
			}
		default: // replace the last transaction with a fresh one
			mut[last] = w.lastTx(mut[last].Contract)
			return mut, txseq.Mutation{Tx: last, Field: txseq.ShapeReplace, LastOnly: true}
		}
	}
}

// insertTx inserts a transaction into mut, e's sequence: half the time,
// when the last call reads what others write, such a writer right before
// it (writers.go); else a call near the last one's contract anywhere,
// sent half the time by the sender of the transaction it goes before
// (one account's set-up of its own next call; lends: not a privileged
// one's).
func (w *worker) insertTx(e *Entry, mut txseq.Sequence, maxLen int) (txseq.Sequence, txseq.Mutation) {
	last := len(mut) - 1
	if w.readWriters(e) && w.rng.IntN(2) == 0 {
		// A writer of what the last call reads, right before it
		// (writers.go).
		mut = w.insertWriter(e, mut, last, maxLen)
		return mut, txseq.Mutation{Tx: last, Field: txseq.ShapeInsert}
	}
	i := w.rng.IntN(len(mut))
	tx := w.txNear(mut[last].Contract)
	if s := mut[i].Sender; w.rng.IntN(2) == 0 && w.lends(s) && w.maySend(tx.Contract, s) {
		tx.Sender = s
	}
	mut = append(mut[:i], append(txseq.Sequence{tx}, mut[i:]...)...)
	return mut, txseq.Mutation{Tx: i, Field: txseq.ShapeInsert}
}

// repeatOneIn is how rarely a mutant of an entry that paid its sender
// more than any input before (value.go) is that entry with its last
// transaction appended again, same sender and arguments: a withdrawal, a
// claim or a redemption that forgets its debit pays twice, and a random
// append names the same function, sender and an amount the deposit
// covers about once in a few hundred (an ERC-4337 entry point's
// withdrawTo without its debit: found at 3 of 4 seeds within 200,000
// executions of that contract alone without it).
const repeatOneIn = 8

// pickTx chooses a transaction, preferring the last one.
func (w *worker) pickTx(seq txseq.Sequence) int {
	if len(seq) == 1 || w.rng.IntN(2) == 0 {
		return len(seq) - 1
	}
	return w.rng.IntN(len(seq))
}

// copyArg sets an argument of one transaction to the value of an
// argument of the same type of another: a secret set in one call and
// checked in a later one (sFuzz's QuizGame), an id created then used.
func (w *worker) copyArg(seq txseq.Sequence) (txseq.Mutation, bool) {
	dst := w.pickTx(seq)
	src := w.rng.IntN(len(seq))
	if src == dst || seq[dst].Method < 0 || seq[src].Method < 0 {
		return txseq.Mutation{}, false
	}
	dm := &w.c.prog.Contracts[seq[dst].Contract].Methods[seq[dst].Method]
	sm := &w.c.prog.Contracts[seq[src].Contract].Methods[seq[src].Method]
	if len(dm.Inputs) == 0 || len(sm.Inputs) == 0 {
		return txseq.Mutation{}, false
	}
	d, s := w.rng.IntN(len(dm.Inputs)), w.rng.IntN(len(sm.Inputs))
	if dm.Inputs[d].Type.String() != sm.Inputs[s].Type.String() {
		return txseq.Mutation{}, false
	}
	seq[dst].Args = calldata.Clone(seq[dst].Args) // its own, to change (mutate)
	seq[dst].Args[d] = calldata.Clone(seq[src].Args[s : s+1])[0]
	return txseq.Mutation{Tx: dst, Field: txseq.ShapeSplice, LastOnly: dst == len(seq)-1}, true
}

func (w *worker) mutateArg(seq txseq.Sequence, i int) (txseq.Mutation, bool) {
	var m txseq.Mutation
	seq[i].Args = calldata.Clone(seq[i].Args) // its own, to change (mutate)
	if !calldata.Mutate(w.rng, seq[i].Args, w.env, &m.Arg) {
		return txseq.Mutation{}, false
	}
	if m.Arg.Scalar && len(m.Arg.Path) == 1 {
		// An in-range value proposed for this argument (inrange.go).
		if h, ok := w.pred.Hint(&seq[i], m.Arg.Path[0]); ok && !h.Eq(&m.Arg.New) && calldata.SetWord(seq[i].Args, m.Arg.Path, h) {
			m.Arg.New = h
		}
	}
	m.Tx, m.Field, m.LastOnly = i, txseq.FieldArg, i == len(seq)-1
	return m, true
}

// callsOut reports whether runtime code holds an instruction that calls,
// pays or creates another account (CALL, CALLCODE, DELEGATECALL,
// STATICCALL, CREATE, CREATE2, SELFDESTRUCT), solc's metadata left out
// (program.CodeHas).
func callsOut(code []byte) bool {
	return program.CodeHas(code, func(op vm.OpCode) bool {
		return op == vm.CALL || op == vm.CALLCODE || op == vm.DELEGATECALL || op == vm.STATICCALL ||
			op == vm.CREATE || op == vm.CREATE2 || op == vm.SELFDESTRUCT
	})
}

// deployerShare makes one transaction in deployerShare to a contract a
// privileged one (the deployer's, or a role holder's) when the contract
// has code meant for them (deploy.Deployment.PrivNamed): often enough that the
// owner's configuration (enable a parameter, create a market, then a
// user acts on it) comes early in sequences, rarely enough that users and
// attackers send most. Otherwise the deployer still sends, one
// transaction in deployerRare: an owner the deployment does not show
// (one set by a later call) is still reached, and the users' own
// sequences keep their budget (a re-entrancy through two functions,
// swc107_pos_cross_function.sol, at 20,000 executions: found at 8 of 8
// seeds without the deployer, 4 with it at one in four, 6 at one in
// eight, 7 at one in 16, 8 at one in 32). The share is the contract's,
// not the build's: a sequence with a privileged transaction is not judged
// for payouts, so an Ownable beside a vault that names no one took one in
// four of the vault's sequences from the oracles (an ERC-4337 entry
// point's withdrawal without its debit: 29,000 of 35,000 payouts
// unjudged, the bug missed at 200,000 executions; found at 64,500 at one
// in 32).
const (
	deployerShare = 4
	deployerRare  = 32
)

// senders is how many principals may send a transaction to contract ct:
// the externally owned senders (role holders among them) and the
// deployer, and the attackers too for a contract that can call out
// (callsOut) unless a Foundry set-up named its senders.
func (w *worker) senders(ct int) int {
	if w.c.callsOut[ct] && (w.c.plan == nil || !w.c.plan.onlySenders) {
		return deploy.Principals(w.m.Chain)
	}
	return len(w.m.Chain.Senders())
}

// others is how many unprivileged principals may send to ct.
func (w *worker) others(ct int) int {
	n := w.senders(ct) - w.priv.roles
	if w.priv.deployer >= 0 {
		n--
	}
	return n
}

// ordinary is the principal index of ct's k-th unprivileged sender
// (k < others(ct)): the role holders' indices are skipped.
func (w *worker) ordinary(k int) int {
	if w.priv.roles > 0 && k >= w.priv.roleLo {
		return k + w.priv.roles
	}
	return k
}

// ordinalOf is the inverse of ordinary for an unprivileged principal s.
func (w *worker) ordinalOf(s int) int {
	if w.priv.roles > 0 && s >= w.priv.roleLo {
		return s - w.priv.roles
	}
	return s
}

// maySend reports whether principal s may send a transaction to ct.
func (w *worker) maySend(ct, s int) bool {
	return w.priv.is(s) || (s >= 0 && w.ordinalOf(s) < w.others(ct))
}

// randomPriv picks one of the privileged senders (there is one).
func (w *worker) randomPriv() int {
	if n := w.priv.count(); n > 1 {
		return w.priv.at(w.rng.IntN(n))
	}
	return w.priv.at(0)
}

// randomSender picks the sender of a new transaction to ct.
func (w *worker) randomSender(ct int) int {
	n := w.others(ct)
	if w.priv.count() > 0 && (n == 0 || w.rng.IntN(w.priv.share(ct)) == 0) {
		return w.randomPriv()
	}
	return w.ordinary(w.rng.IntN(n))
}

// otherSender picks a sender of ct other than s (s itself when none is).
func (w *worker) otherSender(ct, s int) int {
	n := w.others(ct)
	priv := w.priv.count() > 0
	if priv && !w.priv.is(s) && w.rng.IntN(w.priv.share(ct)) == 0 {
		return w.randomPriv()
	}
	if w.priv.is(s) || w.ordinalOf(s) >= n {
		if n == 0 {
			if w.priv.count() > 1 {
				return w.randomPriv()
			}
			return s
		}
		return w.ordinary(w.rng.IntN(n))
	}
	if n == 1 {
		if priv {
			return w.randomPriv()
		}
		return s
	}
	return w.ordinary((w.ordinalOf(s) + 1 + w.rng.IntN(n-1)) % n)
}
