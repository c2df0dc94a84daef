package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestShrinkToFixpoint shrinks sequences whose redundant transactions
// only become removable once a value shrank (issue 48: 14 calls where 3
// matter), and whose minimal value is an odd number a rounder one near it
// reproduces as well: twelve mints then redeem(11, 77...7e25) become one
// mint and redeem(1, 4e22).
func TestShrinkToFixpoint(t *testing.T) {
	prog := compile(t, filepath.Join("testdata", "shrink_tickets.sol"))
	for _, tt := range []struct {
		name    string
		mints   int
		id      uint64
		amount  string
		wantLen int
		wantID  uint64
		wantAmt string
	}{
		{"eleventh of twelve", 12, 11, "77777777777777777777777777", 2, 1, "40000000000000000000000"},
		// The least value that fails stays: rounding never moves a value
		// away from zero past the one found.
		{"least already", 3, 1, "39463584007913130164224", 2, 1, "39463584007913130164224"},
		// A round value still shrinks toward zero, to the roundest near
		// the least: 1e24 becomes 4e22.
		{"round", 2, 2, "1000000000000000000000000", 2, 1, "40000000000000000000000"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// The mints' mapping writes are no finding here (SWC-124 is off).
			c := &campaign{cfg: Config{Settings: Settings{Seed: 1}, Schedule: AFLFast{}, Oracles: map[finding.Kind]bool{finding.StorageWrite: false}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}}
			if err := c.setup(); err != nil {
				t.Fatal(err)
			}
			w, err := newWorker(c, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			methods := map[string]int{}
			for i, m := range prog.Contracts[0].Methods {
				methods[m.Name] = i
			}
			var seq txseq.Sequence
			for range tt.mints {
				seq = append(seq, txseq.Tx{Contract: 0, Method: methods["mint"]})
			}
			redeem := &prog.Contracts[0].Methods[methods["redeem"]]
			var amt uint256.Int
			if err := amt.SetFromDecimal(tt.amount); err != nil {
				t.Fatal(err)
			}
			seq = append(seq, txseq.Tx{Contract: 0, Method: methods["redeem"], Args: []calldata.Value{
				{Type: &redeem.Inputs[0].Type, Word: *uint256.NewInt(tt.id)},
				{Type: &redeem.Inputs[1].Type, Word: amt},
			}})
			o := w.exec(seq, w.fresh())
			if o.fail == nil || o.failTx != len(seq)-1 {
				t.Fatalf("the sequence does not fail at its last call: %+v", o.fail)
			}
			key := o.fail.Key()
			in := w.fresh()
			in.probeTx, in.shrinking = probeAny, &key
			got, _ := w.shrink(seq.Clone(), in, 2000)
			last := got[len(got)-1]
			if len(got) != tt.wantLen || last.Args[0].Word.Uint64() != tt.wantID || last.Args[1].Word.Dec() != tt.wantAmt {
				t.Errorf("shrunk to %d calls, redeem(%s, %s); want %d calls, redeem(%d, %s)",
					len(got), last.Args[0].Word.Dec(), last.Args[1].Word.Dec(), tt.wantLen, tt.wantID, tt.wantAmt)
			}
			again, _ := w.shrink(seq.Clone(), in, 2000)
			if len(again) != len(got) || again[len(again)-1].Args[1].Word != last.Args[1].Word {
				t.Errorf("shrinking again gave another sequence: not deterministic")
			}
		})
	}
}
