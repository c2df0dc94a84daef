package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestShrinkCoupledAndConstants shrinks values that only reproduce
// together (deposit(777777), withdraw(777777) become 1001 and 1001, and
// neither stays noted as unreducible) and a value the code compares
// against exactly, to the smaller literal that also fails (magic(HIGH)
// becomes magic(LOW)); before, both stayed as the campaign found them.
func TestShrinkCoupledAndConstants(t *testing.T) {
	prog := compile(t, filepath.Join("testdata", "shrink_coupled.sol"))
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
	call := func(name string, x uint64) txseq.Tx {
		m := &prog.Contracts[0].Methods[methods[name]]
		return txseq.Tx{Contract: 0, Method: methods[name], Args: []calldata.Value{{Type: &m.Inputs[0].Type, Word: *uint256.NewInt(x)}}}
	}
	for _, tt := range []struct {
		name string
		seq  txseq.Sequence
		want []uint64 // each call's argument after shrinking
	}{
		{"coupled", txseq.Sequence{call("deposit", 777777), call("withdraw", 777777)}, []uint64{1001, 1001}},
		{"literal", txseq.Sequence{call("magic", 987654321)}, []uint64{1234567}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			o := w.exec(tt.seq, w.fresh())
			if o.fail == nil || o.failTx != len(tt.seq)-1 {
				t.Fatalf("the sequence does not fail at its last call: %+v", o.fail)
			}
			key := o.fail.Key()
			in := w.fresh()
			in.probeTx, in.shrinking = probeAny, &key
			got, kept := w.shrink(tt.seq.Clone(), in, 2000)
			var args []uint64
			for _, tx := range got {
				args = append(args, tx.Args[0].Word.Uint64())
			}
			if len(args) != len(tt.want) {
				t.Fatalf("shrunk to %v, want %v", args, tt.want)
			}
			for i := range args {
				if args[i] != tt.want[i] {
					t.Fatalf("shrunk to %v, want %v", args, tt.want)
				}
			}
			if len(kept) != 0 {
				t.Errorf("unreduced %+v: the values did shrink", kept)
			}
		})
	}
}
