package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestForward checks the forwarded-value rule: after an insertion of
// send(v) before a call that compares what send stored (v) with C, the
// run sets v to C; a side no argument holds, a small side, a covered edge
// and a mutation of the last call itself give none.
func TestForward(t *testing.T) {
	const v, c = 0x1234567890abcdef, 0xc2b2ae3d27d4eb4f
	word := func(x uint64) calldata.Value { return calldata.Value{Type: u64, Word: *uint256.NewInt(x)} }
	seq := txseq.Sequence{{Method: 0, Args: []calldata.Value{word(7)}}, {Method: 1, Args: []calldata.Value{word(3), word(v)}}, {Method: 2}}
	for _, tt := range []struct {
		name string
		e    txseq.CostEntry
		m    txseq.Mutation
		seen uint8
		want bool
	}{
		{"inserted writer", eqEntry(v, c), txseq.Mutation{Tx: 1, Field: txseq.ShapeInsert}, 0, true},
		{"other side first", eqEntry(c, v), txseq.Mutation{Tx: 1, Field: txseq.FieldSender}, 0, true},
		{"no argument holds it", eqEntry(v+1, c), txseq.Mutation{Tx: 1, Field: txseq.ShapeInsert}, 0, false},
		{"small side", eqEntry(3, c), txseq.Mutation{Tx: 1, Field: txseq.ShapeInsert}, 0, false},
		{"edge covered", eqEntry(v, c), txseq.Mutation{Tx: 1, Field: txseq.ShapeInsert}, 1, false},
		{"last call changed", eqEntry(v, c), txseq.Mutation{Tx: 2, Field: txseq.FieldArg}, 0, false},
	} {
		pr := NewPredictor(rand.New(rand.NewPCG(1, 2)), []uint8{tt.seen}, 1, 1, 0)
		p := pr.forwardStart([]txseq.CostEntry{tt.e}, seq, tt.m)
		if (p != nil) != tt.want {
			t.Errorf("%s: prediction %v, want %v", tt.name, p != nil, tt.want)
			continue
		}
		if p == nil {
			continue
		}
		if got := p.Seq[1].Args[1].Word; p.M.Tx != 1 || !got.Eq(uint256.NewInt(c)) || !seq[1].Args[1].Word.Eq(uint256.NewInt(v)) {
			t.Errorf("%s: tx %d argument %x (the mutant's now %x), want tx 1 set to %x", tt.name, p.M.Tx, &got, &seq[1].Args[1].Word, uint64(c))
		}
	}
}
