package fuzz

import (
	"path/filepath"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/finding"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestMaskedFinding: a new finding on a sequence whose earlier
// transaction found a known one (a wrap every sequence reaches) is
// reported with the sequence shrunk to one that finds it alone, and not
// at all when it needs the known one (its replay would stop there); then
// at most maskedTries shrinks per key. Before, every such finding was
// reported as the known one: nothing.
func TestMaskedFinding(t *testing.T) {
	prog := compile(t, filepath.Join("testdata", "masked.sol"))
	c := &campaign{cfg: Config{Settings: Settings{Seed: 1}, Schedule: AFLFast{}, ShrinkLimit: 2000, Oracles: map[finding.Kind]bool{finding.StorageWrite: false}}, prog: prog, corpus: NewCorpus(0), keys: map[Key]bool{}, masked: map[Key]int{}}
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
	call := func(name string) txseq.Tx {
		return txseq.Tx{Contract: 0, Method: methods[name]}
	}
	wrap := call("wrap")
	wrap.Args = []calldata.Value{{Type: &prog.Contracts[0].Methods[methods["wrap"]].Inputs[0].Type, Word: *uint256.NewInt(1)}}

	// The wrap, found and known.
	o := w.exec(txseq.Sequence{wrap}, w.fresh())
	if o.fail == nil || o.fail.Kind != finding.IntegerWrap {
		t.Fatalf("wrap(1): %+v, want SWC-101", o.fail)
	}
	w.consider(txseq.Sequence{wrap}, &o)
	if len(c.findings) != 1 {
		t.Fatalf("%d findings after the wrap, want 1", len(c.findings))
	}

	// fire's assertion behind the wrap: reported, without the wrap.
	seq := txseq.Sequence{wrap, call("arm"), call("fire")}
	o = w.exec(seq, w.fresh())
	if o.fail == nil || o.fail.Kind != finding.AssertFailure || !o.masked {
		t.Fatalf("wrap, arm, fire: %+v (masked %v), want a masked assertion", o.fail, o.masked)
	}
	w.consider(seq, &o)
	if len(c.findings) != 2 {
		t.Fatalf("%d findings, want the assertion too", len(c.findings))
	}
	if got := c.findings[1].Seq; len(got) != 2 || got[0].Method != methods["arm"] {
		t.Errorf("the assertion's sequence: %d calls, first %d; want arm, fire", len(got), got[0].Method)
	}

	// afterWrap's needs the wrap: never reported, and tried maskedTries
	// times at most.
	seq = txseq.Sequence{wrap, call("afterWrap")}
	for i := range maskedTries + 2 {
		o = w.exec(seq, w.fresh())
		if o.fail == nil || !o.masked {
			t.Fatalf("try %d: wrap, afterWrap: %+v (masked %v), want a masked assertion", i, o.fail, o.masked)
		}
		key := o.fail.Key()
		w.consider(seq, &o)
		if len(c.findings) != 2 || c.known(key) {
			t.Fatalf("try %d: afterWrap's assertion reported (%d findings)", i, len(c.findings))
		}
		if want := min(i+1, maskedTries); c.masked[key] != want {
			t.Errorf("try %d: %d shrinks, want %d", i, c.masked[key], want)
		}
	}
}
