package fuzz

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
)

// probeFixtures are campaigns whose invariants and properties are
// probed after every transaction: a vault's invariant making eight
// static calls (held), and invariants and properties that break.
var probeFixtures = []string{"bench/VaultInvariant.sol", "oracles/invariant_pos.sol", "oracles/property_pos.sol"}

// TestProbeStepSameCampaign runs each fixture's campaign with the probes
// under the tracer's ProbeStep and, as before it, under Step (one
// worker, seed 1, an execution budget): nothing the loop reads of the
// tracer comes from a probe, so both must run the same transactions,
// report the same findings at the same execution and cover the same
// instructions. A probe's record that did steer the campaign shows here.
func TestProbeStepSameCampaign(t *testing.T) {
	for _, file := range probeFixtures {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".sol"), func(t *testing.T) {
			prog := compile(t, filepath.Join("..", "testdata", filepath.FromSlash(file)))
			run := func(traced bool) *Result {
				probesTraced = traced
				defer func() { probesTraced = false }()
				res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: 3000, Workers: 1}})
				if err != nil {
					t.Fatal(err)
				}
				return res
			}
			step, traced := run(false), run(true)
			if step.Txs != traced.Txs || step.Execs != traced.Execs || step.Corpus != traced.Corpus {
				t.Errorf("ProbeStep ran %d txs, %d execs, corpus %d; Step %d, %d, %d", step.Txs, step.Execs, step.Corpus, traced.Txs, traced.Execs, traced.Corpus)
			}
			if a, b := findingsAt(step), findingsAt(traced); a != b {
				t.Errorf("ProbeStep found %s; Step %s", a, b)
			}
			if !reflect.DeepEqual(step.Coverage, traced.Coverage) {
				t.Error("instruction coverage differs")
			}
			if strings.Contains(file, "_pos") && len(step.Findings) == 0 {
				t.Error("no finding in a fixture that has one")
			}
		})
	}
}

// findingsAt lists res's findings with the execution each was found at.
func findingsAt(res *Result) string {
	var b strings.Builder
	for _, f := range res.Findings {
		fmt.Fprintf(&b, "%v@%d ", f.Key(), f.Execs)
	}
	return b.String()
}

// BenchmarkInvariantProbe prices a campaign whose invariant is probed
// after every transaction, the probes under the tracer's ProbeStep and,
// as before it, under Step, in the same run (one worker, seed 1; with
// an execution budget both do the same work, TestProbeStepSameCampaign):
//
//	go test -run XXX -bench InvariantProbe -benchtime 20000x -count 6 ./engine/fuzz | benchstat -col /probes -
func BenchmarkInvariantProbe(b *testing.B) {
	prog := compile(b, filepath.Join("..", "testdata", "bench", "VaultInvariant.sol"))
	for _, mode := range []string{"step", "probestep"} {
		b.Run("probes="+mode, func(b *testing.B) {
			probesTraced = mode == "step"
			defer func() { probesTraced = false }()
			b.ResetTimer()
			cpu := cpuTime()
			res, err := Run(context.Background(), prog, Config{Settings: Settings{Seed: 1, Execs: uint64(b.N), Workers: 1}})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(res.Txs)/float64(res.Execs), "tx/seq")
			reportRates(b, res.Txs, cpu)
		})
	}
}

// BenchmarkTxThenInvariant prices one execution of the vault handler's
// deposit (which writes the balances the invariant reads, so the probe
// memo cannot answer) and the oracles after it, the invariant's ten
// static calls among them, with the probes under ProbeStep and, as
// before it, under Step, in the same run:
//
//	go test -run XXX -bench TxThenInvariant -count 6 ./engine/fuzz | benchstat -col /probes -
func BenchmarkTxThenInvariant(b *testing.B) {
	prog := compile(b, filepath.Join("..", "testdata", "bench", "VaultInvariant.sol"))
	for _, mode := range []string{"step", "probestep"} {
		b.Run("probes="+mode, func(b *testing.B) {
			probesTraced = mode == "step"
			defer func() { probesTraced = false }()
			c := &campaign{cfg: Config{Settings: Settings{Seed: 1, MaxSeqLen: 8}, Schedule: AFLFast{}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
			if err := c.setup(); err != nil {
				b.Fatal(err)
			}
			w, err := newWorker(c, 0, nil)
			if err != nil {
				b.Fatal(err)
			}
			var seq txseq.Sequence
			for _, t := range c.calls {
				ct := prog.Contracts[t.Contract]
				if t.Method >= 0 && ct.Name == "VaultHandler" && ct.Methods[t.Method].RawName == "deposit" {
					seq = txseq.Sequence{w.txFor(t)}
				}
			}
			if seq == nil {
				b.Fatal("no VaultHandler.deposit")
			}
			seq[0].Args[0].Word.SetUint64(1e18)
			if o := w.exec(seq, w.fresh()); o.fail != nil {
				b.Fatalf("the deposit broke the invariant: %v", o.fail)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu := cpuTime()
			for b.Loop() {
				w.exec(seq, w.fresh())
			}
			reportRates(b, uint64(b.N), cpu)
		})
	}
}
