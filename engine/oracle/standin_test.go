package oracle

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/deploy"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestStandinVariant checks the stand-in search's variant of a committed
// create whose struct names an attacker contract as its asset (the
// attacker answers transferFrom, so the create covers the deposit's code
// and moves nothing): the same sequence with the pulled token in the
// asset field, every other field as it was; no variant when the asset is
// the token already, when the call failed, while shrinking, or beyond
// standinTries per function.
func TestStandinVariant(t *testing.T) {
	m := testMachine(t, filepath.Join("..", "testdata", "vulns", "token_pos_stream_asset.sol"), finding.TokenTheft)
	if m.Dep.Token == ([20]byte{}) || !slices.Contains(m.Dep.TokenPulled, 0) {
		t.Fatalf("the stream vault pulls no token (token %s, pulled %v)", m.Dep.Token, m.Dep.TokenPulled)
	}
	create := -1
	for i, meth := range m.Prog.Contracts[0].Methods {
		if meth.RawName == "create" {
			create = i
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	word := func(a [20]byte) uint256.Int {
		var u uint256.Int
		u.SetBytes20(a[:])
		return u
	}
	tx := func(asset [20]byte) txseq.Tx {
		tx := txseq.Tx{Method: create, Args: calldata.GenerateArgs(r, m.Prog.Contracts[0].Methods[create].Inputs, nil)}
		tx.Args[0].Elems[3].Word = word(asset) // Params.asset
		return tx
	}
	attacker := deploy.AttackerAddress(0)
	shrinking := finding.Key{}
	for _, tt := range []struct {
		name      string
		asset     [20]byte
		failed    bool
		shrinking bool
		want      bool
	}{
		{"an attacker contract as the asset", attacker, false, false, true},
		{"the token as the asset", m.Dep.Token, false, false, false},
		{"a create that failed", attacker, true, false, false},
		{"while shrinking", attacker, false, true, false},
	} {
		o := &standin{Machine: m}
		seq := txseq.Sequence{tx(tt.asset)}
		x := &Context{Seq: seq, Hist: []TxInfo{{Contract: 0, Failed: tt.failed}}}
		if tt.shrinking {
			x.Shrinking = &shrinking
		}
		o.Check(x)
		if o.pending != tt.want {
			t.Fatalf("%s: variant %v, want %v", tt.name, o.pending, tt.want)
		}
		if !tt.want {
			continue
		}
		v := o.seq
		if got, want := v[0].Args[0].Elems[3].Word, word(m.Dep.Token); !got.Eq(&want) {
			t.Errorf("%s: variant's asset %s, want the token %s", tt.name, got.Hex(), want.Hex())
		}
		for i, e := range seq[0].Args[0].Elems {
			if i != 3 && !e.Word.Eq(&v[0].Args[0].Elems[i].Word) {
				t.Errorf("%s: field %d changed", tt.name, i)
			}
		}
		if w := word(attacker); !seq[0].Args[0].Elems[3].Word.Eq(&w) {
			t.Errorf("%s: the original sequence changed", tt.name)
		}
		ran := 0
		if !o.Step(func(txseq.Sequence) { ran++ }) || ran != 1 || o.Step(func(txseq.Sequence) { ran++ }) {
			t.Errorf("%s: Step ran the variant %d times, want once", tt.name, ran)
		}
	}
	// The bound per function.
	o := &standin{Machine: m}
	n := 0
	for range standinTries + 2 {
		o.Check(&Context{Seq: txseq.Sequence{tx(attacker)}, Hist: []TxInfo{{}}})
		if o.pending {
			n++
			o.pending = false
		}
	}
	if n != standinTries {
		t.Errorf("%d variants of one function, want %d", n, standinTries)
	}
}
