package fuzz

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/trace"
)

// BenchmarkMazeCalls measures transactions per second on the maze benchmark
// contract with full instrumentation and without hooks, in the same run:
//
//	go test -run XXX -bench MazeCalls -count 5 ./engine/fuzz | benchstat -
func BenchmarkMazeCalls(b *testing.B) {
	prog := compile(b, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	c, ok := prog.Lookup("Maze")
	if !ok {
		b.Fatal("no Maze contract")
	}
	// 256 pre-generated calls to random methods.
	r := rand.New(rand.NewPCG(1, 2))
	env := &calldata.Env{Dict: calldata.NewDictionary(0)}
	env.Dict.AddBoundaries()
	for _, w := range calldata.PushConstants(c.Artifact.Runtime.Bytes) {
		env.Dict.Add(w)
	}
	var inputs [][]byte
	for i := 0; i < 256; i++ {
		m := c.Methods[r.IntN(len(c.Methods))]
		args := calldata.GenerateArgs(r, m.Inputs, env)
		inputs = append(inputs, calldata.Encode(nil, m.Selector, args))
	}
	for _, mode := range []string{"traced", "untraced"} {
		b.Run(mode, func(b *testing.B) {
			codes := make([]*trace.Code, len(prog.Contracts))
			for i, ct := range prog.Contracts {
				codes[i] = trace.NewCode(ct.Artifact.Runtime.Bytes, ct.UserPC)
			}
			tr := trace.New(codes)
			hooks := tr.Hooks()
			if mode == "untraced" {
				hooks = nil
			}
			ch, err := chain.New(chain.Config{}, hooks)
			if err != nil {
				b.Fatal(err)
			}
			plan, err := PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(0, 0)), ctorBudget)
			if err != nil {
				b.Fatal(err)
			}
			dep, err := Deploy(ch, prog, plan)
			if err != nil || dep.Errors[c.Index] != nil {
				b.Fatal(err, dep.Errors)
			}
			tr.Bind(dep.Addrs[c.Index], c.Index)
			base := ch.Snapshot()
			from := ch.Senders()[0]
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if i%8 == 0 {
					ch.Reset(base) // sequences of 8 transactions
				}
				tr.BeginTx()
				ch.Call(chain.Tx{From: from, To: dep.Addrs[c.Index], Input: inputs[i%len(inputs)]})
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tx/s")
		})
	}
}

// BenchmarkCampaign measures whole-campaign throughput (mutation, execution,
// corpus, oracles) on the maze contract.
func BenchmarkCampaign(b *testing.B) {
	prog := compile(b, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	b.ResetTimer()
	res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: uint64(b.N)}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Execs)/b.Elapsed().Seconds(), "seq/s")
	b.ReportMetric(float64(res.Txs)/b.Elapsed().Seconds(), "txs/s")
}

// BenchmarkSender measures one traced execution of a Maze call sent by an
// externally owned sender and the same call forwarded by an attacker: the
// cost the fuzzer saves on contracts that cannot call out (callsOut).
func BenchmarkSender(b *testing.B) {
	prog := compile(b, filepath.Join("..", "testdata", "bench", "Maze.sol"))
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
	if err := c.setup(); err != nil {
		b.Fatal(err)
	}
	w, err := newWorker(c, 0, nil)
	if err != nil {
		b.Fatal(err)
	}
	seq := Sequence{w.txFor(c.calls[0])}
	for _, s := range []struct {
		name   string
		sender int
	}{{"eoa", 0}, {"attacker", len(w.ch.Senders()) + int(Reverting)}} {
		b.Run(s.name, func(b *testing.B) {
			seq[0].Sender = s.sender
			b.ReportAllocs()
			for b.Loop() {
				w.exec(seq, w.fresh())
			}
		})
	}
}
