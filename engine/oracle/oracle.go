package oracle

import (
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// Phase is when the loop asks an oracle.
type Phase int

// Phases.
const (
	// AfterTx: after every transaction of a sequence (Context.Tx).
	AfterTx Phase = iota
	// AfterSeq: after the sequence's last transaction, all of which ran.
	AfterSeq
	// Added: a sequence joined the corpus (Context.Seq; no finding is
	// returned, the twins report through Campaign.Report).
	Added
)

// An Oracle judges one execution step. It reads the machine it was made
// with and the Context, may re-run transactions on the machine
// (Machine.Rerun, leaving the chain as it found it) and returns a finding
// or nil. What it remembers between executions is its own.
type Oracle interface {
	Check(x *Context) *finding.Finding
}

// A Search proposes a sequence for the loop to run as an ordinary
// execution, from what the oracles it shares state with noted. Step runs
// the next one with try and reports false if none is pending.
type Search interface {
	Step(try func(txseq.Sequence)) bool
}

// Context is what an oracle gets per execution step, as go-ethereum's
// ScopeContext is per call frame.
type Context struct {
	// Seq holds the sequence's transactions (those that ran first): re-runs
	// run them again.
	Seq txseq.Sequence
	// Hist describes the transactions that ran so far (Tx last).
	Hist []TxInfo
	// Tx is the transaction that just ran, with Result (AfterTx only).
	Tx     *txseq.Tx
	Result chain.Result
	// Probe lets the storage-write probe report.
	Probe bool
	// Shrinking is the key of the finding being shrunk, if any: oracles
	// prefer it to other findings, and skip their campaign memory.
	Shrinking *finding.Key
	// Also is, after AfterTx returned a built-in finding, a property or
	// invariant the same transaction broke (nil if none): a second
	// finding the campaign reports beside it.
	Also *finding.Finding
}

// TxInfo is what the oracles need to know of an earlier transaction.
type TxInfo struct {
	Sender   int
	Contract int // the contract it called (the program's index)
	Value    uint256.Int
	Paid     bool        // it paid its own sender ether (order.go); false if not run
	Got      uint256.Int // how much ether it paid its own sender (order.go)
	// Own is the ether an attacker sender paid in of its own besides
	// Value, re-entering with value (order.go); zero if not run.
	Own uint256.Int
	// Lent is what the reentrant attacker, not its sender, paid in in
	// it (re-entering another's transaction with a deposit, maybe of
	// ether that transaction paid it): in the contract under its name
	// all the same. Zero if not run.
	Lent uint256.Int
	// Made is the first word it returned or logged that is kept for
	// later calls (an id a later call passes back: engine/fuzz/earlier.go),
	// zero if none or not run; MadeKind is its calldata.RecentKind.
	Made     uint256.Int
	MadeKind uint8
	// TokensIn: its sender's own tokens moved out in it (token.go: it
	// paid tokens in); false if not run.
	TokensIn bool
	// Deposited: some of them went to a contract (not an account the
	// fuzzer controls, not burnt): a deposit, for value feedback
	// (engine/fuzz/value.go); false if not run.
	Deposited bool
	// TokensGot is what the deployment's tokens paid its sender in it
	// (token.go; an ERC-721 token counts one), for value feedback
	// (engine/fuzz/value.go); zero if not run.
	TokensGot uint256.Int
	// Moves are the token transfers in it between an account the fuzzer
	// controls and anything else (a contract, a mint, a burn): what each
	// paid in and was paid, per token (tokengain.go); nil if none or not
	// run. A fresh slice per transaction: histories copy TxInfo by value.
	Moves []TokenMove
	// Failed: it reverted (false if not run: a prefix's transactions).
	Failed bool
}

// paidIn reports whether the transaction's sender paid ether in: the
// transaction's value, or an attacker's own ether while re-entering.
func (h *TxInfo) paidIn() bool { return !h.Value.IsZero() || !h.Own.IsZero() }
