package oracle

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// Receipts remembers, per contract, the first sequence that paid it
// ether, for the freezing-ether finding; the campaign's workers share it.
type Receipts struct {
	received []atomic.Bool // per contract: a transaction paid it ether
	mu       sync.Mutex
	seq      map[int]txseq.Sequence
}

// NewReceipts returns the receipts of a program of n contracts.
func NewReceipts(n int) *Receipts { return &Receipts{received: make([]atomic.Bool, n)} }

// freezing notes the first sequence that paid each contract (an AfterTx
// Oracle); Frozen judges them at the end of the campaign.
type freezing struct {
	*Machine
	rc *Receipts
}

// Check notes a committed transaction that paid its contract ether.
func (o *freezing) Check(x *Context) *finding.Finding {
	tx := x.Tx
	if x.Result.Err == nil && !tx.Value.IsZero() && !o.rc.received[tx.Contract].Load() {
		o.rc.received[tx.Contract].Store(true)
		o.rc.note(tx.Contract, x.Seq[:len(x.Hist)])
	}
	return nil
}

func (rc *Receipts) note(ci int, seq txseq.Sequence) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	if rc.seq == nil {
		rc.seq = map[int]txseq.Sequence{}
	}
	if _, ok := rc.seq[ci]; !ok {
		rc.seq[ci] = seq.Clone()
	}
}

func (rc *Receipts) has(ci int) bool {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	_, ok := rc.seq[ci]
	return ok
}

// canSendEther reports whether code has any instruction that can move
// ether out: a call, a create with value, or a self-destruct.
func canSendEther(code []byte) bool {
	return program.CodeHas(code, func(op vm.OpCode) bool {
		return op == vm.CALL || op == vm.CALLCODE || op == vm.DELEGATECALL || op == vm.SELFDESTRUCT ||
			op == vm.CREATE || op == vm.CREATE2
	})
}

// judged reports whether freezing-ether judges contract ct on its own: a
// target no other contract of the project inherits. A base that another
// contract inherits (the Safe's EtherPaymentFallback, a receive() mixin)
// is deployed as part of that contract, which is judged with the base's
// receive() and its own ways out.
func judged(ct *program.Contract) bool { return ct.Target && !ct.Inherited }

// Frozen reports freezing ether at the end of a campaign: a target that
// received ether and has no instruction that could send any out. Code that
// could send but never did in the campaign is not reported: the fuzzer may
// just not have reached the path (sFuzz's false positives).
func (rc *Receipts) Frozen(prog *program.Program, coverage [][]bool) []*finding.Finding {
	var out []*finding.Finding
	for ci, ct := range prog.Contracts {
		if !judged(ct) || !rc.has(ci) || canSendEther(ct.Artifact.Runtime.Bytes) {
			continue
		}
		covered, total := 0, 0
		for pc, user := range ct.UserPC {
			if user {
				total++
				if pc < len(coverage[ci]) && coverage[ci][pc] {
					covered++
				}
			}
		}
		f := frozen(prog, ci, rc.seq[ci])
		f.Detail += fmt.Sprintf("; %d of %d instructions covered", covered, total)
		out = append(out, f)
	}
	return out
}

// FrozenBy is the freezing-ether finding a replay gives for seq, whose
// transactions all ran: its last one committed (failed false) paying
// ether to a target that has no instruction to send any out. Nil if not.
func FrozenBy(prog *program.Program, seq txseq.Sequence, failed bool) *finding.Finding {
	if len(seq) == 0 || failed {
		return nil
	}
	tx := &seq[len(seq)-1]
	ct := prog.Contracts[tx.Contract]
	if tx.Value.IsZero() || !judged(ct) || canSendEther(ct.Artifact.Runtime.Bytes) {
		return nil
	}
	return frozen(prog, tx.Contract, seq)
}

func frozen(prog *program.Program, ci int, seq txseq.Sequence) *finding.Finding {
	f := &finding.Finding{Kind: finding.FreezingEther, Contract: ci, Seq: seq,
		Detail: "the last transaction paid it ether, and its code has no instruction that sends ether (call, create or selfdestruct)"}
	f.Location, f.Located = prog.Contracts[ci].Location()
	return f
}
