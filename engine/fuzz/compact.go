package fuzz

import (
	"github.com/foresight-sol/foresight/engine/oracle"
	"maps"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// This file compacts a sequence before it enters the corpus as one that
// covered new code. Sequences grow one transaction at a time (extend.go),
// and many of the transactions they pick up change nothing: a guard that
// failed, a getter. Those count against the length cap and are re-run by
// every mutant of the entry and its descendants; a maze cell 20 moves deep
// was reached by 24-transaction sequences of which a fifth were inert, and
// nothing could be appended to them. Dropping the inert transactions keeps
// the state the sequence reaches while freeing its length for moves that
// matter.
//
// A transaction is inert if it reverted, or if it wrote no storage of the
// program's contracts, called no code outside them (whose storage the
// tracer does not see), moved no ether (below), and was not sent through
// an attacker (which keeps the calldata of its previous transaction for
// re-entry, attacker.go). The shorter sequence replaces the original only
// if a re-run shows that every kept transaction takes the path it took
// before, and that storage and the ledger (balances, contracts' nonces)
// end the same. Neither re-run runs an oracle or counts coverage: they
// change nothing a later execution sees.
//
// Ether counts in the ledger only if some contract reads a balance
// (BALANCE or SELFBALANCE in its code, campaign.balanceRead) or the chain
// is a fork, whose code the scan does not see. Otherwise a call that paid
// a payable function which did nothing is inert too. The mutators attach
// small values to payable calls; in a maze such calls lengthened the first
// routes to a cell 30 moves deep to 30-37 transactions, a route could
// reach the cell at the length cap, and nothing could then be appended to
// dig there (--max-seq-len 33, one worker: 3 of 6 cells at seeds 3 and 8
// with ether counted, 6 of 6 at seeds 1-8 without). The ether a contract
// holds still matters to the payments it makes: a kept transaction whose
// payment now fails for want of it takes another path (a revert, a failed
// call's branch), which the re-run checks.

// txProfile is what a profile run records of one transaction.
type txProfile struct {
	pid   uint64 // its path
	inert bool
}

// maxCompact bounds the sequences compacted: covered and the profile are
// per transaction, and covered has 64 bits.
const maxCompact = 64

// profileTx records the transaction that just ran in a profile run and
// returns the ledger after it.
func (w *worker) profileTx(tx *txseq.Tx, r chain.Result, pid, before uint64) uint64 {
	after := w.ledger()
	_, _, attacker := deploy.SenderOf(w.m.Chain, tx.Sender)
	inert := r.Err != nil || (len(w.m.Tracer.Stored()) == 0 && !w.m.Tracer.Foreign() && !attacker && after == before)
	w.s.prof = append(w.s.prof, txProfile{pid: pid, inert: inert})
	return after
}

// ledger summarises the ether every principal and contract holds, if a
// contract reads balances, and the contracts' nonces (their creations).
// Senders' nonces are left out: a dropped transaction lowers them, and no
// contract sees them.
func (w *worker) ledger() uint64 {
	st := w.m.Chain.Reader()
	var h uint64
	mix := func(a common.Address, withNonce bool) {
		if w.c.balanceRead {
			b := st.GetBalance(a)
			h = h*0x100000001b3 ^ b[0] ^ b[1]<<1 ^ b[2]<<2 ^ b[3]<<3
		}
		if withNonce {
			h = h*0x100000001b3 ^ st.GetNonce(a)
		}
	}
	for i, a := range w.m.Principals {
		mix(a, i >= len(w.m.Chain.Senders()))
	}
	for _, a := range w.m.Dep.Addrs {
		if a != (common.Address{}) {
			mix(a, true)
		}
	}
	return h
}

// readsBalance reports whether runtime code holds an instruction that
// reads an account's ether.
func readsBalance(code []byte) bool {
	return program.CodeHas(code, func(op vm.OpCode) bool { return op == vm.BALANCE || op == vm.SELFBALANCE })
}

// compacted returns the sequence to admit for seq, which ran with outcome
// o: seq compacted if it covered new code and could be (o's sequence paths
// then describe the shorter one), else seq.
func (w *worker) compacted(seq txseq.Sequence, o *outcome) txseq.Sequence {
	if o.newCov == 0 || w.c.cfg.NoCompaction {
		return seq
	}
	short, seqPathID := w.compact(seq, o)
	if short == nil {
		return seq
	}
	o.seqPathID = seqPathID
	if w.c.cfg.NoDemandDriven {
		o.pathID = seqPathID // eager sequences: the path spans them all
	}
	return short
}

// compactScratch is what a compaction saves around its re-runs: the
// storage writes the outcome aliases, the history and the instruction
// coverage. (Profile runs capture nothing of their last transaction, so
// the outcome's other buffers stay as they were.)
type compactScratch struct {
	writes map[trace.Slot]uint16
	hist   []oracle.TxInfo
	instr  *trace.InstrSave
}

// compact returns seq without its inert transactions and the path of the
// shorter sequence's transactions together (outcome.seqPathID), if there
// are any inert ones and a re-run confirms the shorter sequence does what
// seq did; otherwise nil. o is seq's outcome: its buffers are left as they
// were. The last transaction and those that covered new code are kept; a
// dropped transaction's delay passes to the next one kept.
func (w *worker) compact(seq txseq.Sequence, o *outcome) (txseq.Sequence, uint64) {
	if len(seq) < 2 || len(seq) > maxCompact || o.fail != nil || !o.ranLast {
		return nil, 0
	}
	saved := w.saveScratch(o)
	defer w.restoreScratch(&saved)
	in := execInput{start: w.m.Base, probeTx: -1, target: -1, profile: true}
	before := w.exec(seq, in)
	if before.newCov > 0 || len(w.s.prof) != len(seq) || before.state != o.state {
		return nil, 0
	}
	ledger := w.ledger()
	pids := make([]uint64, 0, len(seq))
	out := make(txseq.Sequence, 0, len(seq))
	var blocks, seconds uint64
	last := len(seq) - 1
	for i, p := range w.s.prof {
		if p.inert && i != last && o.covered&(1<<i) == 0 {
			blocks += seq[i].Blocks
			seconds += seq[i].Seconds
			continue
		}
		tx := seq[i]
		tx.Blocks += blocks
		tx.Seconds += seconds
		blocks, seconds = 0, 0
		out = append(out, tx)
		pids = append(pids, p.pid)
	}
	if len(out) == len(seq) {
		return nil, 0
	}
	after := w.exec(out, in)
	if after.newCov > 0 || after.state != o.state || w.ledger() != ledger || len(w.s.prof) != len(out) {
		return nil, 0
	}
	for i, p := range w.s.prof {
		if p.pid != pids[i] {
			return nil, 0
		}
	}
	w.c.compacted.Add(1)
	return out.Clone(), after.seqPathID
}

// saveScratch copies what the re-runs of a compaction overwrite.
func (w *worker) saveScratch(o *outcome) compactScratch {
	return compactScratch{
		writes: maps.Clone(o.writes),
		hist:   append([]oracle.TxInfo(nil), w.s.hist...),
		instr:  w.saveInstr(),
	}
}

// saveInstr starts a save of the instruction coverage of its own.
func (w *worker) saveInstr() *trace.InstrSave {
	s := new(trace.InstrSave)
	w.m.Tracer.SaveInstr(s)
	return s
}

// restoreScratch puts back what saveScratch saved.
func (w *worker) restoreScratch(s *compactScratch) {
	w.s.hist = append(w.s.hist[:0], s.hist...)
	clear(w.s.writes)
	maps.Copy(w.s.writes, s.writes)
	w.m.Tracer.RestoreInstr(s.instr)
}
