package fuzz

import (
	"path/filepath"
	"testing"
)

// maxExecAllocs bounds the allocations of one traced transaction on a warm
// worker. All of them are go-ethereum's, measured with -memprofilerate 1
// (107 in all): about 80 in StateDB.Copy when the chain resets to the
// deployed state, about 25 in the call (access list, interpreter); the
// fuzzer's own path (encoding, tracing, oracles, outcome) adds none. A
// journal-based reset would remove the first part.
const maxExecAllocs = 110

// TestExecAllocs executes one traced transaction of the maze benchmark
// contract on a warm worker, from the deployed state, as every mutant's
// last transaction runs, and bounds its allocations.
func TestExecAllocs(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
	if err := c.setup(); err != nil {
		t.Fatal(err)
	}
	w, err := newWorker(c, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	seq := Sequence{w.txFor(c.calls[0])}
	for range 10 {
		w.exec(seq, w.fresh())
	}
	n := testing.AllocsPerRun(200, func() { w.exec(seq, w.fresh()) })
	t.Logf("%.1f allocations per traced transaction", n)
	if n > maxExecAllocs {
		t.Errorf("%.1f allocations per traced transaction, want at most %d", n, maxExecAllocs)
	}
}
