package fuzz

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/tracing"
	"github.com/ethereum/go-ethereum/core/vm"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/trace"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// BenchmarkMazeCalls measures transactions per second on the maze benchmark
// contract with full instrumentation and without hooks, in the same run, in
// sequences of one transaction (a mutant of an entry's last transaction,
// run on its prefix's state) and of eight, each from the deployed state.
// Three more modes price go-ethereum's interpreter loops
// (third_party/go-ethereum/FORESIGHT.md): full instrumentation through a
// tracer's OnOpcode, which runs the table loop, as before the patch
// (traced-table); an empty OnOpcode (empty-table); an empty OpHook, which
// keeps the fast loop (empty-fast):
//
//	go test -run XXX -bench MazeCalls -count 6 ./engine/fuzz | benchstat -
//
// cpu-ns/tx is the process's CPU time per transaction, which other load on
// the machine does not inflate as it does wall-clock time.
func BenchmarkMazeCalls(b *testing.B) {
	for _, file := range []string{"bench/Maze.sol", "maze/maze1.sol"} {
		benchCalls(b, file)
	}
}

// benchCalls runs BenchmarkMazeCalls on the first contract of file (under
// engine/testdata).
func benchCalls(b *testing.B, file string) {
	prog := compile(b, filepath.Join("..", "testdata", filepath.FromSlash(file)))
	c := prog.Contracts[0]
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
	name := strings.TrimSuffix(filepath.Base(file), ".sol")
	for _, mode := range []string{"traced", "untraced", "traced-table", "empty-table", "empty-fast"} {
		for _, seqLen := range []int{1, 8} {
			b.Run(fmt.Sprintf("%s/%s/seq=%d", name, mode, seqLen), func(b *testing.B) {
				codes := make([]*trace.Code, len(prog.Contracts))
				for i, ct := range prog.Contracts {
					codes[i] = trace.NewCode(ct.Artifact.Runtime.Bytes, ct.UserPC)
				}
				ch, tr, to := deployBench(b, prog, c.Index, codes, mode)
				base := ch.Snapshot()
				from := ch.Senders()[0]
				b.ReportAllocs()
				b.ResetTimer()
				cpu := cpuTime()
				for i := 0; i < b.N; i++ {
					if i%seqLen == 0 {
						ch.ResetFor(base, seqLen)
					}
					tr.BeginTx()
					ch.Call(chain.Tx{From: from, To: to, Input: inputs[i%len(inputs)]})
				}
				reportRates(b, uint64(b.N), cpu)
			})
		}
	}
}

// deployBench deploys prog on a fresh chain, hooked as BenchmarkMazeCalls's
// mode says by a tracer over codes, with contract ci bound to the tracer,
// and returns the chain, the tracer and ci's address.
func deployBench(b *testing.B, prog *program.Program, ci int, codes []*trace.Code, mode string) (*chain.Chain, *trace.Tracer, common.Address) {
	b.Helper()
	tr := trace.New(codes)
	hooks := tr.Hooks()
	var step vm.OpHook
	switch mode {
	case "traced":
		step = tr.Step
	case "untraced":
		hooks = nil
	case "traced-table":
		h := *hooks
		h.OnOpcode = func(pc uint64, op byte, _, _ uint64, scope tracing.OpContext, _ []byte, depth int, _ error) {
			tr.Step(pc, vm.OpCode(op), scope.(*vm.ScopeContext), depth)
		}
		hooks = &h
	case "empty-table":
		hooks = &tracing.Hooks{OnOpcode: func(uint64, byte, uint64, uint64, tracing.OpContext, []byte, int, error) {}}
	case "empty-fast":
		hooks, step = nil, func(uint64, vm.OpCode, *vm.ScopeContext, int) {}
	default:
		b.Fatalf("unknown mode %q", mode)
	}
	ch, err := chain.New(chain.Config{}, hooks)
	if err != nil {
		b.Fatal(err)
	}
	ch.SetOpHook(step)
	plan, err := deploy.PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(0, 0)), deploy.CtorBudget)
	if err != nil {
		b.Fatal(err)
	}
	dep, err := deploy.Deploy(ch, prog, plan)
	if err != nil || dep.Errors[ci] != nil {
		b.Fatal(err, dep.Errors)
	}
	tr.Bind(dep.Addrs[ci], ci)
	return ch, tr, dep.Addrs[ci]
}

// reportRates reports txs transactions per wall-clock second and the CPU
// time per transaction since cpu.
func reportRates(b *testing.B, txs uint64, cpu time.Duration) {
	b.ReportMetric(float64(txs)/b.Elapsed().Seconds(), "tx/s")
	if used := cpuTime() - cpu; used > 0 && txs > 0 {
		b.ReportMetric(float64(used.Nanoseconds())/float64(txs), "cpu-ns/tx")
	}
}

// BenchmarkCampaign measures whole-campaign throughput (mutation, execution,
// corpus, oracles) on the benchmark contract and on the generated mazes
// (engine/testdata/maze; maze2 to maze5 with one worker only), with one
// worker and with two: executed
// transactions per second and CPU time per transaction. With a fixed
// execution budget (-benchtime 40000x) a one-worker campaign does the same
// work in every tree, so old and new compare exactly:
//
//	go test -run XXX -bench Campaign -benchtime 40000x -count 6 ./engine/fuzz
func BenchmarkCampaign(b *testing.B) {
	for _, file := range []string{"bench/Maze.sol", "maze/maze1.sol", "maze/maze2.sol", "maze/maze3.sol", "maze/maze4.sol", "maze/maze5.sol"} {
		prog := compile(b, filepath.Join("..", "testdata", filepath.FromSlash(file)))
		name := strings.TrimSuffix(filepath.Base(file), ".sol")
		for _, workers := range []int{1, 2} {
			if workers > 1 && strings.HasPrefix(name, "maze") && name != "maze1" {
				continue // the other mazes with one worker only
			}
			b.Run(fmt.Sprintf("%s/workers=%d", name, workers), func(b *testing.B) {
				b.ResetTimer()
				cpu := cpuTime()
				res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: uint64(b.N), Workers: workers}})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(res.Execs)/b.Elapsed().Seconds(), "seq/s")
				b.ReportMetric(float64(res.Txs)/float64(res.Execs), "tx/seq")
				reportRates(b, res.Txs, cpu)
			})
		}
	}
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
	seq := txseq.Sequence{w.txFor(c.calls[0])}
	for _, s := range []struct {
		name   string
		sender int
	}{{"eoa", 0}, {"attacker", len(w.m.Chain.Senders()) + int(deploy.Reverting)}} {
		b.Run(s.name, func(b *testing.B) {
			seq[0].Sender = s.sender
			b.ReportAllocs()
			for b.Loop() {
				w.exec(seq, w.fresh())
			}
		})
	}
}
