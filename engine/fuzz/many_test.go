package fuzz

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/internal/testbuild"
	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// BenchmarkSetupManyContracts prices a campaign's set-up on one file of n
// small contracts: making the program, preparing every contract,
// deploying them and running a budget of one execution per contract. It
// must grow linearly with n:
//
//	go test -run XXX -bench SetupManyContracts -count 6 ./engine/fuzz | benchstat -
func BenchmarkSetupManyContracts(b *testing.B) {
	for _, n := range []int{200, 1000} {
		builds := testbuild.ManyContracts(b, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				prog, err := program.New(builds)
				if err != nil {
					b.Fatal(err)
				}
				res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: uint64(n), Workers: 1}})
				if err != nil {
					b.Fatal(err)
				}
				if res.Execs == 0 {
					b.Fatal("the campaign executed nothing")
				}
			}
		})
	}
}

// TestSetupCancelsPromptly: a campaign over many contracts whose context
// ends during set-up returns the context's error before set-up works on
// another contract or worker, at every stage (planning the deployment,
// preparing each contract, the lookahead analyses, each worker's
// deployment on its own chain and its reads of the deployed storage). Set-up used to ignore its context: an editor save cancelled a
// campaign over 1,000 contracts only once set-up had finished, 58 s later.
func TestSetupCancelsPromptly(t *testing.T) {
	const n = 40
	prog, err := program.New(testbuild.ManyContracts(t, n))
	if err != nil {
		t.Fatal(err)
	}
	targets := map[int][]uint64{}
	for i := range prog.Contracts {
		targets[i] = []uint64{0}
	}
	cfg := Config{Settings: Settings{Seed: 1, Execs: 1000, Workers: 1}, Targets: targets}

	t.Run("cancelled before", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		res, err := Run(ctx, prog, cfg)
		if !errors.Is(err, context.Canceled) || res != nil {
			t.Fatalf("Run on a cancelled context: result %v, error %v; want none, context.Canceled", res != nil, err)
		}
	})
	// at: the step of its stage the context ends at, counted from the
	// set-up of worker inWorker on (0: from the start). Each worker takes
	// a "worker" step, then deploys on its own chain and reads the
	// privilege oracles' words of every contract ("owners"; issue 69: a
	// signal during a worker's reads was noticed only once it was done).
	for _, c := range []struct {
		stage                 string
		at, workers, inWorker int
	}{{"plan", n / 2, 1, 0}, {"prepare", n / 2, 1, 0}, {"lookahead", n / 2, 1, 0}, {"deploy", n / 2, 1, 0},
		{"roles", n / 2, 1, 0}, {"deployer", n / 2, 1, 0}, {"owners", n / 2, 1, 0}, {"owners", n / 2, 2, 2},
		{"deploy", n / 2, 3, 3}, {"worker", 2, 3, 0}} {
		stage, at := c.stage, c.at
		t.Run(fmt.Sprintf("%s %d in worker %d of %d", stage, at, c.inWorker, c.workers), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			cfg := cfg
			cfg.Workers = c.workers
			seen, after, worker := 0, 0, 0
			deploy.TestHookSetupStep = func(s string, _ int) {
				if s == "worker" {
					worker++
				}
				switch {
				case ctx.Err() != nil:
					after++
				case s == stage && worker >= c.inWorker:
					if seen++; seen == at {
						cancel()
					}
				}
			}
			defer func() { deploy.TestHookSetupStep = nil }()
			res, err := Run(ctx, prog, cfg)
			if !errors.Is(err, context.Canceled) || res != nil {
				t.Fatalf("result %v, error %v; want none, context.Canceled", res != nil, err)
			}
			if seen != at || after != 0 {
				t.Errorf("%d %s steps before the cancellation (want %d), %d set-up steps after it (want 0)", seen, stage, at, after)
			}
		})
	}
}

// BenchmarkExecManyContracts prices one execution of a two-transaction
// sequence on a worker whose chain holds n deployed contracts, as a
// campaign's mutants run: the reset, both transactions and the state copy
// the second one needs. The sequences call the contracts in turn (two
// different ones each), as a campaign spreads its executions over them. It
// must not grow with n:
//
//	go test -run XXX -bench ExecManyContracts -count 6 ./engine/fuzz | benchstat -
func BenchmarkExecManyContracts(b *testing.B) {
	for _, n := range []int{10, 1000} {
		w := manyWorker(b, n)
		calls := w.c.calls
		seqs := make([]txseq.Sequence, len(calls))
		for k := range seqs {
			seqs[k] = txseq.Sequence{w.txFor(calls[k]), w.txFor(calls[(k*7+3)%len(calls)])}
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				w.exec(seqs[k], w.fresh())
				k = (k + 1) % len(seqs)
			}
		})
	}
}

// manyWorker sets up a campaign over testbuild.ManyContracts(n) and
// returns its first worker, deployed.
func manyWorker(t testing.TB, n int) *worker {
	t.Helper()
	prog, err := program.New(testbuild.ManyContracts(t, n))
	if err != nil {
		t.Fatal(err)
	}
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
	return startWorker(t, c)
}

// TestPlanDeploymentLinear plans the deployment of a file of 30 and of 150
// contracts and compares the allocations per contract: the search
// snapshots the chain once per contract, and a snapshot used to copy every
// account deployed before it, so the cost per contract grew with the
// project (quadratic in all: about 9 s of set-up at 5,000 contracts).
func TestPlanDeploymentLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles 180 contracts")
	}
	perContract := func(n int) float64 {
		prog, err := program.New(testbuild.ManyContracts(t, n))
		if err != nil {
			t.Fatal(err)
		}
		allocs := testing.AllocsPerRun(1, func() {
			d, err := deploy.PlanDeployment(chain.Config{}, prog, rand.New(rand.NewPCG(1, 2)), 1000)
			if err != nil || len(d.Order) != n {
				t.Fatalf("plan: %v", err)
			}
		})
		return allocs / float64(n)
	}
	few, many := perContract(30), perContract(150)
	t.Logf("allocations per contract planned: %.0f of 30, %.0f of 150", few, many)
	if many > 1.25*few {
		t.Errorf("planning 150 contracts allocates %.0f objects per contract, 30 contracts %.0f: the work per contract grows with the project", many, few)
	}
}

// startWorker sets campaign c up (deployment plan, calls, lookahead) and
// returns its first worker, deployed.
func startWorker(t testing.TB, c *campaign) *worker {
	t.Helper()
	if err := c.setup(); err != nil {
		t.Fatal(err)
	}
	w, err := newWorker(c, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
