package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestInRangeValues checks the points proposed inside a passing
// comparison, on the side of the limit the input is on, through an offset
// between the argument and its side, in the argument's width.
func TestInRangeValues(t *testing.T) {
	for _, tt := range []struct {
		name         string
		x, side, lim uint64
		want         []uint64 // the argument's values
	}{
		{"below a balance", 3, 3, 1000, []uint64{1000, 999, 500}},
		{"offset", 3, 13, 1000, []uint64{990, 989, 490}},
		{"above a minimum", 5000, 5000, 100, []uint64{100, 101}},
		{"at the limit already", 10, 10, 20, []uint64{20, 19}}, // half is x itself
		{"wraps in 64 bits", 0, 5, 1, []uint64{1<<64 - 4, 1<<64 - 3}},
	} {
		got := inRangeValues(nil, uint256.NewInt(tt.x), u64, uint256.NewInt(tt.side), uint256.NewInt(tt.lim))
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d values %x, want %v", tt.name, len(got), got, tt.want)
			continue
		}
		for i := range got {
			if !got[i].IsUint64() || got[i].Uint64() != tt.want[i] {
				t.Errorf("%s: value %d is %x, want %d", tt.name, i, &got[i], tt.want[i])
			}
		}
	}
}

// TestInRangeCands checks which comparisons of a mutant give candidates:
// one whose side moved with the argument against a limit that stayed put,
// once per limit, and none for a limit that moved too or an edge not yet
// seen either way.
func TestInRangeCands(t *testing.T) {
	pr := NewPredictor(rand.New(rand.NewPCG(1, 2)), []uint8{1, 1, 0}, 3, 3, 0)
	entry := func(idx int32, a, b uint64) txseq.CostEntry {
		e := txseq.CostEntry{Idx: idx}
		e.Opnd[0].SetUint64(a)
		e.Opnd[1].SetUint64(b)
		e.Cost.SetUint64(1)
		return e
	}
	var m txseq.Mutation
	m.Field, m.Arg.Path = txseq.FieldArg, calldata.Path{0}
	m.Arg.Old.SetUint64(7)
	m.Arg.New.SetUint64(9)
	stamp := func(parent []txseq.CostEntry) {
		pr.stamp++
		for _, pe := range parent {
			pr.pOpnd[pe.Idx] = pe.Opnd
			pr.pStamp[pe.Idx] = pr.stamp
		}
	}
	// Edge 0: balance 100 >= x; edge 1: both sides moved; edge 2 unseen.
	parent := []txseq.CostEntry{entry(0, 100, 7), entry(1, 7, 7), entry(2, 100, 7)}
	mutant := []txseq.CostEntry{entry(0, 100, 9), entry(1, 9, 9), entry(2, 100, 9)}
	stamp(parent)
	got := pr.inRangeCands(mutant, m, u64)
	want := []uint64{100, 99, 50}
	if len(got) != len(want) {
		t.Fatalf("candidates %x, want %v", got, want)
	}
	for i := range got {
		if got[i].Uint64() != want[i] {
			t.Errorf("candidate %d is %x, want %d", i, &got[i], want[i])
		}
	}
	stamp(parent)
	if again := pr.inRangeCands(mutant, m, u64); len(again) != 0 {
		t.Errorf("the same limit again: candidates %x, want none", again)
	}
	pr.addHints(txseq.Tx{Contract: 0, Method: 2}, m.Arg.Path, got)
	taken := map[uint64]bool{}
	for range 400 {
		if h, ok := pr.Hint(&txseq.Tx{Contract: 0, Method: 2}, 0); ok {
			taken[h.Uint64()] = true
		}
		if _, ok := pr.Hint(&txseq.Tx{Contract: 0, Method: 1}, 0); ok {
			t.Fatal("a hint for an argument that has none")
		}
	}
	for _, w := range want {
		if !taken[w] {
			t.Errorf("hint %d never taken (taken: %v)", w, taken)
		}
	}
}
