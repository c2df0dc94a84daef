package fuzz

import (
	"path/filepath"
	"reflect"
	"testing"

	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// maxCallAllocs bounds go-ethereum's allocations for one traced call of
// the maze on a reset chain, measured with -memprofilerate 1 (14 in all):
// boxed journal entries for the warm sender and recipient and the slots
// read (4), the journal revert (3), the tracer's big.Int call value (2),
// and one each for the call frame, its stack, the returned data, a hash and
// the interpreter. The access list reuses the slot set a revert emptied
// (third_party/go-ethereum/FORESIGHT.md). The reset itself reverts the
// journal: it copies no state.
const maxCallAllocs = 14

// TestExecAllocs executes one traced transaction of the maze benchmark
// contract on a warm worker, from the deployed state, as every mutant's
// last transaction runs, and checks that the fuzzer's own path (reset,
// encoding, tracing, oracles, outcome) allocates nothing beyond the
// chain call itself, which stays within maxCallAllocs.
func TestExecAllocs(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
	w := startWorker(t, c)
	seq := txseq.Sequence{w.txFor(c.calls[0])}
	for range 10 {
		w.exec(seq, w.fresh())
	}
	checkExecAllocs(t, w, seq)
}

// checkExecAllocs measures the allocations of executing the one-transaction
// seq on a warm worker and of its chain call alone: the call stays within
// maxCallAllocs, and the fuzzer's own path adds nothing to it.
func checkExecAllocs(t *testing.T, w *worker, seq txseq.Sequence) {
	t.Helper()
	n := testing.AllocsPerRun(200, func() { w.exec(seq, w.fresh()) })
	var fwd []byte
	call := testing.AllocsPerRun(200, func() {
		w.m.Chain.Reset(w.m.Base)
		w.m.Tracer.BeginTx()
		w.m.Chain.Call(deploy.TxOf(w.m.Chain, seq[0].Sender, w.m.Dep.Addrs[seq[0].Contract], w.m.Encode(&seq[0]), &seq[0].Value, &fwd))
	})
	t.Logf("%.1f allocations per traced execution, %.1f in the chain call", n, call)
	if call > maxCallAllocs {
		t.Errorf("%.1f allocations per traced chain call, want at most %d", call, maxCallAllocs)
	}
	if n > call {
		t.Errorf("%.1f allocations per traced execution, %.1f more than its chain call", n, n-call)
	}
}

// maxStoredWriteAllocs bounds what writing and finalising one slot on the
// chain's stored state adds to a call (aggressive mode, demand.go): the
// journal entry of the write and the finalised slot (a run measured 21
// allocations in all). Resetting and writing the exact way, which copies
// the state, measured 114.
const maxStoredWriteAllocs = 8

// TestAggressiveAllocs runs aggressive mode's transaction on the deployed
// state with one slot overwritten, value after value as aggressive does,
// and checks that no run copies the state: each allocates no more than a
// traced chain call plus the write itself.
func TestAggressiveAllocs(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
	w := startWorker(t, c)
	tx := w.txFor(c.calls[0])
	sl := trace.Slot{Code: int32(tx.Contract)}
	var v uint256.Int
	run := func() {
		v.AddUint64(&v, 1)
		w.runOnState(w.m.Base, tx, sl, &v)
	}
	for range 10 {
		run()
	}
	n := testing.AllocsPerRun(200, run)
	t.Logf("%.1f allocations per aggressive run", n)
	if n > maxCallAllocs+maxStoredWriteAllocs {
		t.Errorf("%.1f allocations per aggressive run, want at most %d", n, maxCallAllocs+maxStoredWriteAllocs)
	}
}

// maxMutateAllocs bounds the allocations of one mutant of a sequence of
// four transactions with arguments, averaged over many mutations
// (testing.AllocsPerRun truncates the average): the mutant's transactions
// (one) and, for most mutations, the arguments of the transaction it
// changes. A deep copy of the whole sequence per mutant measured 2 on this
// test; sharing the unchanged transactions' arguments
// (txseq.Sequence.Share), 1.
const maxMutateAllocs = 1

// TestMutateAllocs mutates an entry of four transactions again and again
// and checks that the entry is left as it was (a mutant changes only
// arguments it owns) and that a mutant stays within maxMutateAllocs.
func TestMutateAllocs(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
	w := startWorker(t, c)
	var seq txseq.Sequence
	for i := range 4 {
		seq = append(seq, w.txFor(c.calls[i%len(c.calls)]))
	}
	e := &Entry{Seq: seq}
	want := seq.Clone() // Clone makes empty lists nil: compare clones
	changed := 0
	muts := make([]txseq.Sequence, 0, 2001)
	n := testing.AllocsPerRun(2000, func() {
		mut, _ := w.mutate(e)
		muts = append(muts, mut)
	})
	for _, mut := range muts {
		if !reflect.DeepEqual(mut.Clone(), want) {
			changed++
		}
	}
	t.Logf("%.2f allocations per mutant, %d of 2001 differ from the entry", n, changed)
	if !reflect.DeepEqual(e.Seq.Clone(), want) {
		t.Fatalf("mutating changed the entry: %+v, want %+v", e.Seq, want)
	}
	if changed == 0 {
		t.Fatal("no mutant differs from its entry")
	}
	if n > maxMutateAllocs {
		t.Errorf("%.2f allocations per mutant, want at most %d", n, maxMutateAllocs)
	}
}
