package fuzz

import (
	"context"
	"testing"

	"github.com/foresight-sol/foresight/engine/program"
	"github.com/foresight-sol/foresight/internal/fixtures"
	"github.com/foresight-sol/foresight/solc"
)

func compile(t testing.TB, path string) *program.Program {
	t.Helper()
	tc := solc.NewToolchain(solc.Config{NoNative: true})
	t.Cleanup(func() { tc.Close() })
	p, err := solc.LoadProject(solc.FindRoot(path))
	if err != nil {
		t.Fatal(err)
	}
	bs, err := tc.Compile(context.Background(), p, solc.Request{Files: []string{path}, Mode: solc.Full})
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range bs {
		if b.HasErrors() {
			t.Fatalf("compile %s: %+v", path, b.Diagnostics)
		}
	}
	prog, err := program.New(bs)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

func TestSmoke(t *testing.T) {
	for _, name := range []string{"TwoObjectives.sol", "SequenceFoo.sol", "PathsBaz.sol", "BonusWallet.sol", "QuizGame.sol", "LookaheadBar.sol"} {
		prog := compile(t, fixtures.Shared(t, name))
		res, err := Run(context.Background(), prog, Config{Seed: 1, Execs: 50000})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d execs, corpus %d, %d findings, %v", name, res.Execs, res.Corpus, len(res.Findings), res.Elapsed)
		for _, f := range res.Findings {
			t.Logf("  %s at %s:%d-%d (found after %d execs), seq len %d", f.Kind, f.Location.Unit, f.Location.Start, f.Location.End, f.Execs, len(f.Seq))
		}
	}
}
