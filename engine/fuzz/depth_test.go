package fuzz

import (
	"context"
	"math/big"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// TestDepthLadder needs a sequence of 14 transactions in one order
// (testdata/depth/Ladder.sol): entries whose last transaction opened new
// coverage grow at their end, one executed transaction per step, up to the
// default cap. With the old cap of 8 the bug cannot be reached at all.
func TestDepthLadder(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "depth", "Ladder.sol"))
	for _, tt := range []struct {
		maxLen int
		found  bool
	}{{0, true}, {8, false}} {
		res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: ladderExecs, MaxSeqLen: tt.maxLen}})
		if err != nil {
			t.Fatal(err)
		}
		if !tt.found {
			if len(res.Findings) != 0 {
				t.Errorf("max length %d: findings %v, want none", tt.maxLen, res.Findings)
			}
			continue
		}
		if len(res.Findings) != 1 || res.Findings[0].Kind != finding.AssertFailure {
			t.Fatalf("findings %v, want one assert-failure", res.Findings)
		}
		f := res.Findings[0]
		if len(f.Seq) != 14 {
			t.Errorf("failing sequence has %d transactions, want 14 (shrunk)", len(f.Seq))
		}
		t.Logf("found after %d executions; %d executions, %d transactions in all", f.Execs, res.Execs, res.Txs)
	}
}

// ladderExecs is TestDepthLadder's budget.
const ladderExecs = 30_000

// TestExtendRunsOneTransaction appends to a corpus entry of twelve
// transactions twice: the first extension runs the entry once (its state
// is then kept) and the appended transaction; every later one runs the
// appended transaction alone, and Txs counts only what ran.
func TestExtendRunsOneTransaction(t *testing.T) {
	w := ladderWorker(t)
	c := w.c
	seq := make(txseq.Sequence, 12)
	for i := range seq {
		seq[i] = w.txFor(c.calls[i%len(c.calls)])
	}
	e, _ := c.corpus.Add(seq, 1, 0, true, nil, nil, 0, nil)
	for i, want := range []uint64{12 + 1, 1, 1} {
		mut, m := w.appendTx(e, e.Seq.Clone())
		// The oracles' re-runs of the sequence's end (engine/oracle) are
		// counted apart, in oracleTxs.
		before := c.txs.Load() - c.oracleTxs.Load()
		if o := w.execMutant(e, mut, m, w.fresh()); o.fail != nil {
			t.Fatalf("extension %d failed: %v", i, o.fail)
		}
		w.flushTxs() // the worker counts its own and flushes once per execution
		if got := c.txs.Load() - c.oracleTxs.Load() - before; got != want {
			t.Errorf("extension %d ran %d transactions, want %d", i, got, want)
		}
	}
}

// TestDepthLadderTightCap sets the length cap to exactly the ladder's 14
// transactions: only sequences without a wasted transaction reach the
// top. A state that opened the next rung gets every function appended
// once (extend.go), so the climb wastes no transaction.
func TestDepthLadderTightCap(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "depth", "Ladder.sol"))
	res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: ladderExecs, MaxSeqLen: 14}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Kind != finding.AssertFailure {
		t.Fatalf("findings %v, want one assert-failure", res.Findings)
	}
	t.Logf("found after %d executions", res.Findings[0].Execs)
}

// TestCompactDropsInert compacts a climb of the ladder with wrong calls
// in between: the wrong calls go, their delays pass to the next rung, and
// the rungs stay in order.
func TestCompactDropsInert(t *testing.T) {
	w := ladderWorker(t)
	prog := w.c.prog
	call := func(name string, seconds uint64) txseq.Tx {
		tx := methodTx(t, prog, name)
		tx.Seconds = seconds
		return tx
	}
	seq := txseq.Sequence{call("rung0", 1), call("rung5", 2), call("top", 4), call("rung1", 8), call("rung", 16), call("rung7", 32), call("rung2", 64)}
	o := w.exec(seq, w.fresh())
	if o.fail != nil {
		t.Fatal(o.fail)
	}
	o.covered = 0 // as if nothing in it had covered new code
	short, _ := w.compact(seq, &o)
	var got []string
	var secs []uint64
	for _, tx := range short {
		got = append(got, prog.Contracts[0].Methods[tx.Method].Name)
		secs = append(secs, tx.Seconds)
	}
	if want := []string{"rung0", "rung1", "rung2"}; !slices.Equal(got, want) {
		t.Fatalf("compacted to %v, want %v", got, want)
	}
	if want := []uint64{1, 2 + 4 + 8, 16 + 32 + 64}; !slices.Equal(secs, want) {
		t.Errorf("delays %v, want %v", secs, want)
	}
	// A transaction that covered new code stays, inert or not.
	o = w.exec(seq, w.fresh())
	o.covered = 1 << 2
	short, _ = w.compact(seq, &o)
	if len(short) != 4 || short[1].Method != seq[2].Method {
		t.Errorf("compacted to %d transactions, want 4 with top() kept second", len(short))
	}
}

// ladderWorker returns a worker of a campaign on the Ladder fixture, seed
// 1, set up but not run.
func ladderWorker(t *testing.T) *worker {
	t.Helper()
	prog := compile(t, filepath.Join("..", "testdata", "depth", "Ladder.sol"))
	return startWorker(t, depthCampaign(prog))
}

// TestPayLadderTightCap climbs the payable ladder with the length cap at
// the 14 transactions the bug needs. Wrong calls that paid ether are
// inert when no contract reads a balance; kept, they filled sequences that
// reached a rung at the cap, and seeds 8, 11, 12, 15 and 16 of these never
// reached the top.
func TestPayLadderTightCap(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "depth", "PayLadder.sol"))
	for seed := uint64(1); seed <= 16; seed++ {
		res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: seed, Execs: ladderExecs, MaxSeqLen: 14}})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(res.Findings, func(f *Finding) bool { return f.Kind == finding.AssertFailure }) {
			t.Errorf("seed %d: no assert-failure in %d executions", seed, res.Execs)
		}
	}
}

// TestCompactDropsPayments compacts a climb of the payable ladder with
// wrong calls in between that paid ether: they go, since no contract reads
// a balance. Where one does, the ether a contract holds is state, and
// they stay.
func TestCompactDropsPayments(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "depth", "PayLadder.sol"))
	if readsBalance(prog.Contracts[0].Artifact.Runtime.Bytes) {
		t.Fatal("PayLadder reads a balance")
	}
	reader := compile(t, filepath.Join("..", "testdata", "vulns", "swc105_pos_missing_modifier.sol"))
	if !slices.ContainsFunc(reader.Contracts, func(c *program.Contract) bool { return readsBalance(c.Artifact.Runtime.Bytes) }) {
		t.Fatal("swc105_pos_missing_modifier.sol reads no balance")
	}
	c := depthCampaign(prog)
	w := startWorker(t, c)
	if c.balanceRead {
		t.Fatal("a campaign over PayLadder alone counts ether")
	}
	// On a fork, code the scan does not see may read the ladder's ether.
	fc := depthCampaign(prog)
	fc.cfg.Chain.Fork = &chain.Fork{Reader: emptyState{}, ChainID: 1, Number: 1, Time: 1, BaseFee: big.NewInt(0), GasLimit: 30_000_000}
	if startWorker(t, fc); !fc.balanceRead {
		t.Error("a campaign on a fork leaves ether out of the ledger")
	}
	call := func(name string, wei uint64) txseq.Tx {
		tx := methodTx(t, prog, name)
		tx.Value.SetUint64(wei)
		return tx
	}
	seq := txseq.Sequence{call("rung0", 0), call("rung5", 7), call("rung1", 0), call("rung7", 9), call("rung2", 0)}
	for _, tt := range []struct {
		balanceRead bool
		want        int // transactions kept; 0: not compacted
	}{{false, 3}, {true, 0}} {
		c.balanceRead = tt.balanceRead
		o := w.exec(seq, w.fresh())
		if o.fail != nil {
			t.Fatal(o.fail)
		}
		o.covered = 0
		if short, _ := w.compact(seq, &o); len(short) != tt.want {
			t.Errorf("balance read %v: compacted to %d transactions, want %d", tt.balanceRead, len(short), tt.want)
		}
	}
}

// depthCampaign is a campaign on prog, seed 1, not set up.
func depthCampaign(prog *program.Program) *campaign {
	return &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: DefaultMaxSeqLen}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
}

// methodTx is a call of the first contract's method name.
func methodTx(t *testing.T, prog *program.Program, name string) txseq.Tx {
	t.Helper()
	for i, m := range prog.Contracts[0].Methods {
		if m.Name == name {
			return txseq.Tx{Contract: 0, Method: i}
		}
	}
	t.Fatalf("no method %s", name)
	return txseq.Tx{}
}

// emptyState is a fork with no accounts.
type emptyState struct{}

func (emptyState) Has(common.Address, common.Hash) bool                { return false }
func (emptyState) Code(common.Address, common.Hash) []byte             { return nil }
func (emptyState) CodeSize(common.Address, common.Hash) int            { return 0 }
func (emptyState) Account(common.Address) (*types.StateAccount, error) { return nil, nil }
func (emptyState) Storage(common.Address, common.Hash) (common.Hash, error) {
	return common.Hash{}, nil
}
