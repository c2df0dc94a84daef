package trace

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestInstrSaveCopiesReachedCodes: a save of the instruction coverage
// copies the flags of the codes runs enter while it is open, not of every
// code of the program. It used to copy every code's flags per save and
// per restore (a project of 5,000 contracts: megabytes per oracle re-run,
// 28 % of the CPU of a campaign).
func TestInstrSaveCopiesReachedCodes(t *testing.T) {
	const codes, size = 1000, 600
	tr := &Tracer{}
	for range codes {
		tr.Instr = append(tr.Instr, make([]bool, size))
	}
	var s InstrSave
	tr.SaveInstr(&s)
	for _, code := range []int32{7, 512, 7} {
		tr.instrFor(code)[3] = true
	}
	if len(s.flags) != 2*size {
		t.Errorf("the save copied %d flags for runs that entered 2 codes of %d flags (%d in all)", len(s.flags), size, codes*size)
	}
	tr.RestoreInstr(&s)
	if tr.Instr[7][3] || tr.Instr[512][3] {
		t.Error("the restore left the runs' coverage")
	}
}

// TestInstrSaveExact: saves opened and restored in any order, with
// coverage set in between, leave the coverage as whole copies did.
func TestInstrSaveExact(t *testing.T) {
	const codes, size = 6, 8
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		tr := &Tracer{}
		var want [][]bool // the reference: Instr, copied whole
		for range codes {
			tr.Instr = append(tr.Instr, make([]bool, size))
			want = append(want, make([]bool, size))
		}
		saves := make([]InstrSave, 3)
		copies := make([][][]bool, 3)
		open := make([]bool, 3)
		for step := range 40 {
			k := r.IntN(3)
			switch op := r.IntN(3); {
			case op == 0 && !open[k]:
				tr.SaveInstr(&saves[k])
				copies[k], open[k] = deepCopy(want), true
			case op == 1 && open[k]:
				tr.RestoreInstr(&saves[k])
				want, open[k] = deepCopy(copies[k]), false
			default:
				code, pc := int32(r.IntN(codes)), r.IntN(size)
				tr.instrFor(code)[pc] = true
				want[code][pc] = true
			}
			for c := range want {
				if !slices.Equal(tr.Instr[c], want[c]) {
					t.Fatalf("trial %d, step %d: code %d's coverage %v, want %v", trial, step, c, tr.Instr[c], want[c])
				}
			}
		}
	}
}

func deepCopy(in [][]bool) [][]bool {
	out := make([][]bool, len(in))
	for i := range in {
		out[i] = slices.Clone(in[i])
	}
	return out
}
