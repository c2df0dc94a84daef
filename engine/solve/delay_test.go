package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestDelayGuess checks that a time guard's operands give the last
// transaction the delay that puts block.timestamp on the stored time and
// one past it; that a word of no time guard (the clock not among the
// operands) and a time past maxDelay give none; and that an (edge, word)
// pair is guessed once.
func TestDelayGuess(t *testing.T) {
	const base, cliff = 1_700_000_000, 1_700_000_000 + 400*86400
	seq := txseq.Sequence{{Seconds: 12}, {Seconds: 3600}}
	now := uint64(base + 12 + 3600)
	guard := func(l, r uint64) []txseq.CostEntry {
		e := eqEntry(l, r)
		e.Cost.SetUint64(1)
		return []txseq.CostEntry{e}
	}
	for _, tt := range []struct {
		name  string
		costs []txseq.CostEntry
		want  []uint64 // the last transaction's delays, in order
	}{
		{"cliff after now", guard(cliff, now), []uint64{3600 + cliff - now, 3600 + cliff - now + 1}},
		{"clock on the left", guard(now, cliff), []uint64{3600 + cliff - now, 3600 + cliff - now + 1}},
		{"deadline passed", guard(now-600, now), []uint64{3000, 3001}},
		{"deadline before the last delay", guard(now-7200, now), nil},
		{"no clock", guard(cliff, now+1), nil},
		{"past maxDelay", guard(now+maxDelay, now), nil},
	} {
		pr := NewPredictor(rand.New(rand.NewPCG(1, 1)), make([]uint8, 1), 1, 1, 8)
		pr.BaseTime = base
		var got []uint64
		for p := pr.DelayGuess(tt.costs, seq, true); p != nil; p = i2sNext(p.i2s, p.Target) {
			if p.M.Field != txseq.FieldTime || p.M.Tx != 1 || !p.M.LastOnly {
				t.Fatalf("%s: mutation %+v, want the last transaction's time", tt.name, p.M)
			}
			got = append(got, p.Seq[1].Seconds)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: delays %v, want %v", tt.name, got, tt.want)
			continue
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: delays %v, want %v", tt.name, got, tt.want)
			}
		}
		if p := pr.DelayGuess(tt.costs, seq, true); p != nil {
			t.Errorf("%s: the same edge and word guessed twice", tt.name)
		}
	}
}

// TestDelayAim checks that a prediction on a mutated delay sets the
// transaction's seconds or blocks, and refuses a delay past maxDelay.
func TestDelayAim(t *testing.T) {
	seq := txseq.Sequence{{Seconds: 5, Blocks: 1}}
	for _, f := range []txseq.Field{txseq.FieldTime, txseq.FieldBlock} {
		m := txseq.Mutation{Tx: 0, Field: f}
		m.Arg.Scalar = true
		m.Arg.New.SetUint64(5)
		if numericLeaf(seq, m) != delayType {
			t.Fatalf("field %d: not a numeric input", f)
		}
		p := aimWord(&Prediction{}, seq, m, *uint256.NewInt(86400))
		if p == nil {
			t.Fatalf("field %d: no prediction", f)
		}
		if got := p.Seq[0].Seconds + p.Seq[0].Blocks; got != 86400+map[txseq.Field]uint64{txseq.FieldTime: 1, txseq.FieldBlock: 5}[f] {
			t.Errorf("field %d: tx %+v", f, p.Seq[0])
		}
		if seq[0].Seconds != 5 || seq[0].Blocks != 1 {
			t.Errorf("field %d: the mutant changed", f)
		}
		if aimWord(&Prediction{}, seq, m, *uint256.NewInt(maxDelay + 1)) != nil {
			t.Errorf("field %d: a delay past maxDelay", f)
		}
	}
}
