package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/chain"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
)

// quizWorker deploys testdata/predict/Quiz.sol and returns a worker on it
// and the indices of start and guess.
func quizWorker(t *testing.T) (w *worker, start, guess int) {
	t.Helper()
	p := compile(t, filepath.Join("..", "testdata", "predict", "Quiz.sol"))
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1}, Chain: chain.Config{}, Oracles: map[finding.Kind]bool{}}, prog: p, probe: probeFor(1), corpus: NewCorpus(0), keys: map[Key]bool{}}
	w = startWorker(t, c)
	for i, m := range p.Contracts[0].Methods {
		switch m.RawName {
		case "start":
			start = i
		case "guess":
			guess = i
		}
	}
	return w, start, guess
}

// entryOf runs seq and returns it as a corpus entry with its costs.
func entryOf(w *worker, seq txseq.Sequence) (*Entry, outcome) {
	o := w.exec(seq, w.fresh())
	return &Entry{Seq: seq, costs: append([]txseq.CostEntry(nil), o.costs...)}, o
}

// TestKeepBurst checks the burst after a mutant passes a guard: a mutant
// of start("secret"), guess("wrong") that guesses the answer starts one;
// its mutants all keep the answer and one of them, or the prediction
// after it, sends the 0.1 ether and takes the branch. A mutant whose
// parent already passed the guard starts none.
func TestKeepBurst(t *testing.T) {
	w, start, guess := quizWorker(t)
	str := func(s string) []calldata.Value {
		return []calldata.Value{{Type: &abi.Type{T: abi.StringTy}, Bytes: []byte(s)}}
	}
	parent := txseq.Sequence{{Method: start, Args: str("secret")}, {Method: guess, Args: str("wrong")}}
	e, _ := entryOf(w, parent)
	mut := parent.Clone()
	mut[1].Args = str("secret")
	m := txseq.Mutation{Tx: 1, Field: txseq.ShapeSplice, LastOnly: true}
	o := w.exec(mut, w.fresh())
	w.startKeep(e, mut, m, &o)
	k := &w.keep
	if k.left != keepBurst || k.args != 1 || k.value {
		t.Fatalf("burst: %d mutants, kept args %b, value kept %v; want %d, 1, false", k.left, k.args, k.value, keepBurst)
	}
	// The burst's mutants keep the answer and change the value.
	for range 50 {
		seq := k.seq.Clone()
		bm, ok := w.keepMutate(seq)
		if !ok || bm.Field != txseq.FieldValue || bm.Tx != 1 || !bm.LastOnly {
			t.Fatalf("burst mutation %+v, %v: want msg.value of the last transaction", bm, ok)
		}
		if got := string(seq[1].Args[0].Bytes); got != "secret" {
			t.Fatalf("burst mutant guesses %q, want the kept \"secret\"", got)
		}
	}
	edge, runs := k.edge, 0
	for k.left > 0 {
		pred := w.keepStep(e)
		for pred != nil {
			pred = w.runPrediction(e, pred)
		}
		runs++
	}
	if w.seen[edge] == 0 {
		t.Fatalf("the burst of %d mutants never took edge %d", runs, edge)
	}
	if runs >= keepBurst {
		t.Errorf("the burst ran all %d mutants though the edge was taken", runs)
	}
	// A parent that passed the guard evaluated the value comparison: its
	// mutants start no burst.
	e2, _ := entryOf(w, mut)
	mut2 := mut.Clone()
	mut2[1].Value.SetUint64(7)
	o2 := w.exec(mut2, w.fresh())
	w.startKeep(e2, mut2, txseq.Mutation{Tx: 1, Field: txseq.FieldValue, LastOnly: true}, &o2)
	if k.left != 0 {
		t.Errorf("a burst started from a parent that passed the guard")
	}
}
