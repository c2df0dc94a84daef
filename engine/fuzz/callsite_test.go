package fuzz

import (
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// TestExecAllocsForeign bounds the allocations of a traced transaction of
// code that calls into a dependency, where the tracer follows the
// source-level call stack on every marked JUMP (engine/trace/callsite.go):
// following it allocates nothing, so the bound is TestExecAllocs'.
func TestExecAllocsForeign(t *testing.T) {
	prog := compile(t, filepath.Join("..", "testdata", "deps", "src", "Halver.sol"))
	ct, ok := prog.Lookup("Halver")
	if !ok {
		t.Fatal("no Halver")
	}
	if _, ok := ct.Foreign(); !ok {
		t.Fatal("Halver has no foreign code: nothing is followed")
	}
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
	w := startWorker(t, c)
	var seq txseq.Sequence
	for _, ct := range c.calls {
		if prog.Contracts[ct.Contract].Methods[ct.Method].RawName == "halfPlusOne" {
			seq = txseq.Sequence{w.txFor(ct)}
		}
	}
	if seq == nil {
		t.Fatal("no call of halfPlusOne")
	}
	for range 10 {
		w.exec(seq, w.fresh())
	}
	checkExecAllocs(t, w, seq)
}

// BenchmarkCallStack measures what following the source-level call stack
// costs on the maze contract (many internal calls): traced as usual, and
// traced with every JUMP into and out of a function followed, in the same
// run:
//
//	go test -run XXX -bench CallStack -count 6 ./engine/fuzz | benchstat -col /mode -
func BenchmarkCallStack(b *testing.B) {
	prog := compile(b, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	c, ok := prog.Lookup("Maze")
	if !ok {
		b.Fatal("no Maze contract")
	}
	r := rand.New(rand.NewPCG(1, 2))
	env := &calldata.Env{Dict: calldata.NewDictionary(0)}
	env.Dict.AddBoundaries()
	var inputs [][]byte
	for i := 0; i < 256; i++ {
		m := c.Methods[r.IntN(len(c.Methods))]
		inputs = append(inputs, calldata.Encode(nil, m.Selector, calldata.GenerateArgs(r, m.Inputs, env)))
	}
	for _, mode := range []string{"plain", "callstack"} {
		b.Run("mode="+mode, func(b *testing.B) {
			codes := make([]*trace.Code, len(prog.Contracts))
			for i, ct := range prog.Contracts {
				codes[i] = trace.NewCode(ct.Artifact.Runtime.Bytes, ct.UserPC)
				if mode == "callstack" {
					fc, _ := ct.Foreign()
					codes[i].SetForeign(fc.PC, fc.In, fc.Out)
				}
			}
			ch, tr, to := deployBench(b, prog, c.Index, codes, "traced")
			base := ch.Snapshot()
			from := ch.Senders()[0]
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%8 == 0 {
					ch.Reset(base)
				}
				tr.BeginTx()
				ch.Call(chain.Tx{From: from, To: to, Input: inputs[i%len(inputs)]})
			}
		})
	}
}
