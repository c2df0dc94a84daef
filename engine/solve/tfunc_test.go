package solve

import (
	"math/rand/v2"
	"testing"

	"github.com/foresight-sol/foresight/engine/calldata"
	"github.com/foresight-sol/foresight/engine/txseq"
	"github.com/holiman/uint256"
)

// TestLift runs bit-lifting chains against sides that are invertible
// T-functions of a uint64 input (each solved within 64 runs, whichever
// side of the comparison the input's is) and against sides that are not
// (no chain, or one that gives up at its first run).
func TestLift(t *testing.T) {
	const k, c = 0xbf157d3cd87a02e2, 0x9e3779b97f4a7c15
	for _, tt := range []struct {
		name   string
		f      func(x uint64) uint64
		target uint64
		solves bool
	}{
		{"xor then odd product (another contract's mix)", func(x uint64) uint64 { return (x ^ k) * c }, 0x3df39cbe00997dca, true},
		{"offset, xor, product, offset", func(x uint64) uint64 { return ((x+0x1234)^k)*c + 77 }, 0x0123456789abcdef, true},
		{"x + (x*x | 5), Klimov and Shamir's", func(x uint64) uint64 { return x + (x*x | 5) }, 0x5a5a5a5a5a5a5a5a, true},
		{"shift right", func(x uint64) uint64 { return x >> 3 }, 0x1234, false},
		{"even product", func(x uint64) uint64 { return x * 6 }, 0x1234, false},
	} {
		for side := range 2 {
			pr := NewPredictor(rand.New(rand.NewPCG(1, 2)), []uint8{0}, 1, 1, 0)
			entry := func(x uint64) txseq.CostEntry {
				e := eqEntry(tt.f(x), tt.target)
				if side == 1 {
					e = eqEntry(tt.target, tt.f(x))
				}
				return e
			}
			const x0, x1 = 0x10, 0x11
			seq := txseq.Sequence{{Args: []calldata.Value{{Type: u64, Word: *uint256.NewInt(x1)}}}}
			var m txseq.Mutation
			m.Field, m.Arg.Path, m.Arg.Scalar = txseq.FieldArg, calldata.Path{0}, true
			m.Arg.Old.SetUint64(x0)
			m.Arg.New.SetUint64(x1)
			parent, me := entry(x0), entry(x1)
			p := pr.liftStart(&me, &parent.Opnd, seq, m, u64, nil)
			solved := false
			for runs := 0; p != nil && runs <= 64; runs++ {
				x := p.M.Arg.New.Uint64()
				if tt.f(x) == tt.target {
					solved = true
					break
				}
				e := entry(x)
				pr.Observe(true, &e.Cost, &e.Resid, []txseq.CostEntry{e})
				p = pr.Again(p)
			}
			if solved != tt.solves {
				t.Errorf("%s (side %d): solved %v, want %v", tt.name, side, solved, tt.solves)
			}
		}
	}
}
