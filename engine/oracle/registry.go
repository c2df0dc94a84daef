package oracle

import (
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// The oracle pipeline: after every transaction, of a campaign or of a
// replay, the AfterTx oracles run in the order registered below and the
// first finding ends the sequence (a campaign passes over one already
// reported of a transaction that committed, engine/fuzz/exec.go's passes,
// yet reports no sequence with a finding before its last transaction);
// after the sequence's last transaction the AfterSeq oracles do. A
// campaign and a replay run the same Set, so they cannot disagree about
// what a sequence does: a replay of a reported sequence re-runs what found
// it.
//
//  1. failures (check.go): the arbitrary storage-write probe, the
//     transaction's own failure (assert, panic codes) at its origin, a
//     failed call in a loop that reverted it (SWC-113);
//  2. credit (credit.go): notes an owner's deposit named for one account
//     and a later call naming another, for its search;
//  3. events (vulns.go): the vulnerability oracles over the tracer's
//     events, then the re-runs that confirm them: an unchecked call made
//     to fail (SWC-104, unchecked.go), a payout collected again (SWC-105,
//     recollect.go), a loop of payments with one recipient rejecting
//     ether (SWC-113, loopfail.go);
//  4. tokens (token.go): tokens moved out of another account the fuzzer
//     controls without its approval, or paid to a sender that paid
//     nothing in out of others' deposits, or more than it paid in out of
//     others' deposits (tokengain.go, which may re-run the sequence with
//     no time passing); notes a payout to a payee the transaction named
//     for its search (payee.go: sent again by a stranger naming itself);
//  5. privilege (privilege.go): a stranger changed a word that says who
//     controls a contract (an owner word, a proxy slot) and, for an owner
//     word, the word decides what its holder may call; the sequence is
//     minimised from the deployed state to report the missing check;
//  6. freezing (freezing.go): notes the first sequence that paid each
//     contract, judged at the end of the campaign (Frozen);
//  7. properties (check.go): property and invariant functions.
//
// and after the last transaction, the oracles that run the sequence's end
// again differently: its last two transactions in both orders (SWC-114,
// order.go), the one before the last repeated (SWC-128, dos.go), and
// without a privileged transaction and with the calls that could undo it
// (owner-lock, lock.go). A sequence that joins the corpus runs on the
// twins' chain (twin.go).
//
// Re-runs start from the deployed state, count as the oracles'
// transactions (Machine.Rerun), leave the chain in the state the sequence
// left, and leave no instruction coverage (Machine.EndRerun).
//
// A new oracle is a type with a Check method in a file of its own here and
// one line in New; a new search, a Step method and one line.

// Config is what the oracles take from the campaign when a worker is made.
type Config struct {
	// Checked lists the contracts with property or invariant functions,
	// ChecksOf their functions.
	Checked  []int
	ChecksOf func(ci int) []program.Method
	// Receipts is the campaign's memory of the first payments to each
	// contract (freezing.go), shared by its workers.
	Receipts *Receipts
	// Twins is the chain of twins (NewTwins), nil if none.
	Twins *Twins
	// Try runs a search's sequence as an ordinary execution.
	Try func(txseq.Sequence)
}

// A Set is a worker's oracles and searches, each with its own state.
type Set struct {
	m        *Machine
	props    Oracle // the properties and invariants (nil: none)
	afterTx  []Oracle
	afterSeq []Oracle
	added    []Oracle
	searches []Search
	try      func(txseq.Sequence)
	x        Context // Added's, reused
	flows    ledger  // the run's ether transfers (flow.go)
}

// New registers the oracles and searches for the worker running on m, in
// the order they run.
func New(m *Machine, cfg Config) *Set {
	dp := &depriv{Machine: m}
	cr := &credit{Machine: m, depriv: dp}
	wr := &worse{Machine: m}
	py := &payee{Machine: m}
	st := &standin{Machine: m}
	s := &Set{m: m, try: cfg.Try, props: newProperties(m, cfg.Checked, cfg.ChecksOf)}
	m.keyLogs = true // token.go's, and the loop's values from earlier calls
	s.afterTx = []Oracle{
		st, // never reports: first, so that every transaction reaches it
		&failures{m},
		cr,
		&events{Machine: m, depriv: dp},
		newTokens(m, py, dp),
		&privilege{Machine: m},
		&freezing{m, cfg.Receipts},
		s.props,
	}
	s.afterSeq = []Oracle{
		&order{Machine: m},
		&dos{Machine: m},
		&lock{Machine: m, worse: wr},
	}
	if cfg.Twins != nil {
		s.added = []Oracle{&twins{m, cfg.Twins}}
	}
	s.searches = []Search{dp, cr, py, st, wr}
	return s
}

// AfterTx applies the pipeline to the transaction x describes. When an
// earlier oracle fires, the properties and invariants are checked too, so
// that a harness's invariant the same transaction broke is not hidden
// behind a built-in finding (an integer wrap, say): it is x.Also, or the
// finding itself while it is the one shrunk or replayed.
func (s *Set) AfterTx(x *Context) *finding.Finding {
	x.Also = nil
	// Before the oracles: their re-runs replace the tracer's events.
	s.flows.note(len(x.Hist)-1, s.m.Tracer)
	f := s.withFlow(first(s.afterTx, x), x)
	if f == nil || f.Kind == finding.Property || f.Kind == finding.Invariant || s.props == nil {
		return f
	}
	also := s.props.Check(x)
	if also == nil {
		return f
	}
	if x.Shrinking != nil {
		if also.Key() == *x.Shrinking {
			return also
		}
		return f
	}
	x.Also = also
	return f
}

// AfterSeq applies the oracles that judge the end of x.Seq, whose
// transactions all ran.
func (s *Set) AfterSeq(x *Context) *finding.Finding {
	defer s.m.EndRerun()
	return s.withFlow(first(s.afterSeq, x), x)
}

func first(os []Oracle, x *Context) *finding.Finding {
	for _, o := range os {
		if f := o.Check(x); f != nil {
			return f
		}
	}
	return nil
}

// Added hands a sequence that joined the corpus to the oracles that judge
// new entries.
func (s *Set) Added(seq txseq.Sequence) {
	s.x = Context{Seq: seq}
	for _, o := range s.added {
		o.Check(&s.x)
	}
}

// Step runs the first pending search's next sequence with Config.Try and
// reports whether one ran.
func (s *Set) Step() bool {
	for _, sr := range s.searches {
		if sr.Step(s.try) {
			return true
		}
	}
	return false
}
